import Foundation

/// Parses `maxspeed` values: "50", "50 km/h", "30 mph", "walk", and a few "XX:zone" codes.
/// Returns km/h, or nil for values that say nothing usable ("signals", "none", …).
func parseMaxspeed(_ raw: String) -> Double? {
    let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
    if value == "walk" { return 7 }
    if let colon = value.firstIndex(of: ":") {
        switch value[value.index(after: colon)...] {
        case "urban": return 50
        case "rural": return 90
        case "motorway": return 120
        case "trunk": return 100
        case "living_street": return 20
        default: return nil
        }
    }
    var digits = Substring(value)
    var factor = 1.0
    if value.hasSuffix("mph") {
        digits = value.dropLast(3)
        factor = 1.609344
    } else if value.hasSuffix("km/h") {
        digits = value.dropLast(4)
    } else if value.hasSuffix("kmh") {
        digits = value.dropLast(3)
    }
    guard let number = Double(digits.trimmingCharacters(in: .whitespaces)), number > 0, number < 400 else { return nil }
    return number * factor
}
