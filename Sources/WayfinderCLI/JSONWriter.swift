import Foundation

/// Appends JSON text to a buffer: fast, no intermediate objects, keys in the order written.
public struct JSONWriter {
    public private(set) var text = ""
    private var needsComma = [false]

    public init() {}

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    public mutating func key(_ k: String) {
        separate()
        string(k, separated: false)
        text += ":"
        needsComma[needsComma.count - 1] = false
    }

    public mutating func beginObject() { separate(); text += "{"; needsComma.append(false) }
    public mutating func endObject() { text += "}"; needsComma.removeLast(); needsComma[needsComma.count - 1] = true }
    public mutating func beginArray() { separate(); text += "["; needsComma.append(false) }
    public mutating func endArray() { text += "]"; needsComma.removeLast(); needsComma[needsComma.count - 1] = true }

    /// Numbers with at most `decimals` places, trailing zeros trimmed; non-finite as null.
    public mutating func number(_ value: Double, decimals: Int = 1) {
        separate()
        guard value.isFinite else { text += "null"; return }
        var s = String(format: "%.\(decimals)f", value)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        if s == "-0" { s = "0" }
        text += s
    }

    public mutating func integer(_ value: Int) { separate(); text += String(value) }
    public mutating func bool(_ value: Bool) { separate(); text += value ? "true" : "false" }
    public mutating func null() { separate(); text += "null" }
    public mutating func string(_ value: String) { string(value, separated: true) }

    private mutating func string(_ value: String, separated: Bool) {
        if separated { separate() }
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
