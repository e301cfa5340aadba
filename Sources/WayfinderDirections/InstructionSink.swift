/// Where an instruction is written, piece by piece: fixed English phrases (ASCII, nothing
/// to escape), the name and ref of the step's road (which the sink holds), and numbers.
protocol InstructionSink {
    mutating func phrase(_ text: StaticString)
    mutating func name()
    /// The road's ref as signed: the first of a list ("A 1;E 5" says "A 1").
    mutating func ref()
    /// The name of the rotary a step enters.
    mutating func rotaryName()
    /// The first of the signed destinations ("A1: Berlin" of "A1, A2: Berlin, Hamburg").
    mutating func destination()
    /// The first of the exit numbers ("12B" of "12B; 13").
    mutating func exit()
    mutating func number(_ n: Int)
}

/// Composes an instruction as UTF-8 bytes, for a `String`.
struct InstructionBytes: InstructionSink {
    let roadName: String, roadRef: String, ringName: String
    var destinations = "", exits = ""
    var bytes: [UInt8] = []
    mutating func phrase(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }
    mutating func name() { bytes.append(contentsOf: roadName.utf8) }
    mutating func ref() { bytes.append(contentsOf: roadRef.utf8.prefix { $0 != UInt8(ascii: ";") }) }
    mutating func rotaryName() { bytes.append(contentsOf: ringName.utf8) }
    mutating func number(_ n: Int) { bytes.append(contentsOf: String(n).utf8) }
    mutating func destination() {
        let text = Array(destinations.utf8)
        let (ref, place) = SignText.firstDestination(count: text.count) { text[$0] }
        if !ref.isEmpty && !place.isEmpty {
            bytes += text[ref] + Array(": ".utf8) + text[place]
        } else {
            bytes += text[ref.isEmpty ? place : ref]
        }
    }
    mutating func exit() {
        let text = Array(exits.utf8)
        bytes += text[SignText.firstExit(count: text.count) { text[$0] }]
    }
}
