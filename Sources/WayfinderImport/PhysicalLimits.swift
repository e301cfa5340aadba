import Foundation

/// Height, width, length and weight limits of a way against the size of an ordinary car, as
/// OSRM car.lua's `handle_height` / `handle_width` / `handle_length` / `handle_weight` with
/// the parsing of its `lib/measure.lua`.
enum PhysicalLimits {
    /// OSRM car.lua's vehicle: slightly above the biggest SUVs, a large family car.
    static let vehicleHeight = 2.0
    static let vehicleWidth = 1.9
    static let vehicleLength = 4.8
    static let vehicleKilograms = 2000.0

    /// `maxheight` words that mean "the usual clearance" (OSM wiki: 4.5 m where unspecified).
    static let defaultHeightWords: Set<String> = ["default", "none", "no-sign", "unsigned"]
    static let defaultHeight = 4.5

    /// The tags of each limit, most specific first.
    static let heightKeys: DirectionalKeys = ["maxheight:physical", "maxheight"]
    static let widthKeys: DirectionalKeys = ["maxwidth:physical", "maxwidth", "width", "est_width"]
    static let lengthKeys: DirectionalKeys = ["maxlength"]
    static let weightKeys: DirectionalKeys = ["maxweightrating", "maxweight"]

    /// Whether the car fits each direction of a way with `tags`: (forward, backward).
    static func carFits(_ tags: OSMTags) -> (forward: Bool, backward: Bool) {
        var forward = true, backward = true
        func apply(_ values: DirectionalValues, _ fits: (String) -> Bool) {
            if let f = values.forward, !fits(f) { forward = false }
            if let b = values.backward, !fits(b) { backward = false }
        }
        apply(directionalValues(tags, heightKeys)) { raw in
            guard let height = Self.height(raw) else { return true }
            return height >= vehicleHeight
        }
        // `narrow` (and `narrow=yes`) means under 2.2 m: no obstacle for a 1.9 m car.
        apply(directionalValues(tags, widthKeys)) { raw in
            guard let width = metres(raw) else { return true }
            return width > vehicleWidth
        }
        apply(directionalValues(tags, lengthKeys)) { raw in
            guard let length = metres(raw) else { return true }
            return length >= vehicleLength
        }
        apply(directionalValues(tags, weightKeys)) { raw in
            guard let weight = kilograms(raw) else { return true }
            return weight >= vehicleKilograms
        }
        return (forward, backward)
    }

    /// A height in metres; the words for "no particular limit" are the default clearance.
    static func height(_ raw: String) -> Double? {
        defaultHeightWords.contains(raw) ? defaultHeight : metres(raw)
    }

    /// `measure.lua` `parse_value_meters`: the first number ("2.5 m", "2,5"); with a `'` it
    /// is feet, and the first number after the `'` adds inches (`6'2"`).
    static func metres(_ raw: String) -> Double? {
        let value = raw.replacingOccurrences(of: ",", with: ".")
        guard let number = firstNumber(value[...]) else { return nil }
        guard let quote = value.firstIndex(of: "'") else { return number }
        var inches = number * 12
        if let extra = firstInteger(value[quote...]) { inches += extra }
        return inches * 0.0254
    }

    /// `parse_value_kilograms`: metric tons unless it says `kg` or `lbs`.
    static func kilograms(_ raw: String) -> Double? {
        let value = raw.replacingOccurrences(of: ",", with: ".")
        guard let number = firstNumber(value[...]) else { return nil }
        if value.containsBytes("lbs") { return number * 0.45359237 }
        if value.containsBytes("kg") { return number }
        return number * 1000
    }

    /// Lua's `%d+%.?%d*`: the first run of digits, with a decimal part if one follows.
    static func firstNumber(_ text: Substring) -> Double? {
        guard let start = text.firstIndex(where: \.isASCIIDigit) else { return nil }
        var end = text[start...].firstIndex { !$0.isASCIIDigit } ?? text.endIndex
        if end < text.endIndex && text[end] == "." {
            let afterDot = text.index(after: end)
            end = text[afterDot...].firstIndex { !$0.isASCIIDigit } ?? text.endIndex
        }
        var number = text[start..<end]
        if number.last == "." { number = number.dropLast() }
        return Double(number)
    }

    /// Lua's `%d+`: the first run of digits.
    static func firstInteger(_ text: Substring) -> Double? {
        guard let start = text.firstIndex(where: \.isASCIIDigit) else { return nil }
        let end = text[start...].firstIndex { !$0.isASCIIDigit } ?? text.endIndex
        return Double(text[start..<end])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
