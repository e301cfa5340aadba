import WayfinderGraph
import WayfinderJSON

/// Writes a step's instruction into a raw JSON writer, inside quotes the caller writes, from
/// the step's own strings (escaped here). The one writer of every English text of the
/// navigation output: `maneuver.instruction` (which the step's `instruction` then repeats),
/// the banners' text and the voice announcements, plain or as SSML.
///
/// In SSML the text is XML inside JSON: names are XML-escaped first, and a road whose sign
/// gives its pronunciation (`name:pronunciation`) is said through a `phoneme`.
struct InstructionWriter: InstructionSink {
    var writer: RawWriter
    /// The step whose names are written: read in place (the steps outlive the writer), so
    /// that making a writer per text retains nothing.
    let step: UnsafePointer<RouteStep>
    /// Writing SSML (XML-escaped text, phonemes).
    var ssml = false
    /// The next phrase starts lower case: the instruction follows "In 500 feet, " or ", then ".
    var lowercaseNext = false

    init(writer: RawWriter, step: UnsafePointer<RouteStep>, ssml: Bool = false) {
        self.writer = writer
        self.step = step
        self.ssml = ssml
    }

    /// Most bytes one instruction of `step` takes, in JSON or SSML in JSON (a byte escapes
    /// to at most 6; the phrases around the names are short).
    @inline(__always) static func bound(_ step: RouteStep) -> Int {
        256 + 6 * (step.name.utf8.count + step.ref.utf8.count + (step.rotaryName?.utf8.count ?? 0)
                   + (step.destinations?.utf8.count ?? 0) + (step.exits?.utf8.count ?? 0))
            + 6 * (step.pronunciation?.utf8.count ?? 0) + 6 * step.name.utf8.count
    }

    /// Writes the instruction of the step (as `Instructions.english` words it).
    mutating func instruction(mode: TravelMode) {
        let step = step
        Instructions.write(step.pointee.maneuver, name: step.pointee.name, ref: step.pointee.ref,
                           rotaryNamed: !(step.pointee.rotaryName ?? "").isEmpty,
                           roadClass: step.pointee.roadClass, classes: step.pointee.classes, transport: step.pointee.transport,
                           drivingSide: step.pointee.drivingSide, mode: mode, waypoint: step.pointee.arrivalWaypoint,
                           signed: Instructions.Signed(destinations: !(step.pointee.destinations ?? "").isEmpty,
                                                       exits: !(step.pointee.exits ?? "").isEmpty),
                           into: &self)
    }

    @inline(__always) mutating func phrase(_ text: StaticString) {
        guard lowercaseNext, text.utf8CodeUnitCount > 0 else { return writer.literal(text) }
        lowercaseNext = false
        let at = writer.count
        writer.literal(text)
        let first = writer[written: at]
        if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { writer.replace(written: at, with: first + 32) }
    }

    @inline(__always) mutating func name() {
        lowercaseNext = false
        guard ssml else { return writer.escaped(step.pointee.name) }
        if let pronunciation = step.pointee.pronunciation, !pronunciation.isEmpty {
            writer.literal("<phoneme alphabet=\\\"ipa\\\" ph=\\\"")
            xml(pronunciation)
            writer.literal("\\\">")
            xml(step.pointee.name)
            writer.literal("</phoneme>")
        } else {
            xml(step.pointee.name)
        }
    }

    mutating func ref() {
        lowercaseNext = false
        var ref = step.pointee.ref
        ref.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            text(UnsafeBufferPointer(rebasing: bytes[..<end]))
        }
    }

    mutating func rotaryName() {
        lowercaseNext = false
        let ringName = step.pointee.rotaryName ?? ""
        ssml ? xml(ringName) : writer.escaped(ringName)
    }

    mutating func destination() {
        lowercaseNext = false
        var destinations = step.pointee.destinations ?? ""
        destinations.withUTF8 { bytes in
            let (ref, place) = SignText.firstDestination(count: bytes.count) { bytes[$0] }
            if !ref.isEmpty && !place.isEmpty {
                text(UnsafeBufferPointer(rebasing: bytes[ref]))
                writer.literal(": ")
                text(UnsafeBufferPointer(rebasing: bytes[place]))
            } else {
                text(UnsafeBufferPointer(rebasing: bytes[ref.isEmpty ? place : ref]))
            }
        }
    }

    mutating func exit() {
        lowercaseNext = false
        var exits = step.pointee.exits ?? ""
        exits.withUTF8 { bytes in
            text(UnsafeBufferPointer(rebasing: bytes[SignText.firstExit(count: bytes.count) { bytes[$0] }]))
        }
    }

    @inline(__always) mutating func number(_ n: Int) {
        lowercaseNext = false
        writer.integer(n)
    }

    /// A part of a name: JSON-escaped, and XML-escaped first in SSML.
    private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if ssml { return xml(String(decoding: bytes, as: UTF8.self)) }
        writer.escaped(bytes: bytes)
    }

    /// `text` XML-escaped, then JSON-escaped.
    private mutating func xml(_ text: String) {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                                        || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else {
            return writer.escaped(text)
        }
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(c)
            }
        }
        writer.escaped(out)
    }
}
