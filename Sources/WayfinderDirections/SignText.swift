/// The parts of a step's signs that its instruction reads out, as osrm-text-instructions
/// picks them: of "A1, A2: Berlin, Hamburg" the first ref and the first place ("A1: Berlin"),
/// of exits "12B; 13" the first ("12B"). Found in bytes, so that the JSON writer can copy
/// them from the step's "destinations" and "exits" it has just written (escaping leaves
/// ':', ',', ';' and spaces as they are, so the same positions are found in either).
enum SignText {
    /// Where the first ref and the first place of `count` destination bytes lie (`byte(i)`
    /// reads one): the refs before the first ": ", the places after it up to any next one,
    /// each cut at its first ','. Without ": " the whole text counts as the first part.
    @inline(__always)
    static func firstDestination(count: Int, _ byte: (Int) -> UInt8) -> (ref: Range<Int>, place: Range<Int>) {
        func colon(from: Int) -> Int? {
            var i = from
            while i + 1 < count {
                if byte(i) == UInt8(ascii: ":") && byte(i + 1) == UInt8(ascii: " ") { return i }
                i += 1
            }
            return nil
        }
        func beforeComma(_ range: Range<Int>) -> Range<Int> {
            var end = range.lowerBound
            while end < range.upperBound && byte(end) != UInt8(ascii: ",") { end += 1 }
            return range.lowerBound..<end
        }
        guard let c = colon(from: 0) else { return (beforeComma(0..<count), count..<count) }
        let placesEnd = colon(from: c + 2) ?? count
        return (beforeComma(0..<c), beforeComma((c + 2)..<placesEnd))
    }

    /// The first exit number of a list: the part before the first ';'.
    @inline(__always)
    static func firstExit(count: Int, _ byte: (Int) -> UInt8) -> Range<Int> {
        var end = 0
        while end < count && byte(end) != UInt8(ascii: ";") { end += 1 }
        return 0..<end
    }
}
