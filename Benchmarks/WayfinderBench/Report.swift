// One output for every subcommand: a readable table by default, one JSON object with --json.
import Foundation

/// A benchmark's results in order, each under a JSON key that names its unit
/// (`search_unpack_us`, `file_mib`, `qps`) and a label for the table.
final class Report {
    enum Value {
        case text(String)
        case integer(Int)
        case number(Double, unit: String, decimals: Int)
        case latency(Latency, unit: String)
        case group(Report)
        case rows([Report])
        case lines([String])
    }

    struct Entry {
        let key: String
        let label: String
        let value: Value
    }

    private(set) var entries: [Entry] = []

    func text(_ key: String, _ label: String, _ value: String) { entries.append(Entry(key: key, label: label, value: .text(value))) }
    func integer(_ key: String, _ label: String, _ value: Int) { entries.append(Entry(key: key, label: label, value: .integer(value))) }

    func number(_ key: String, _ label: String, _ value: Double, unit: String, decimals: Int = 1) {
        entries.append(Entry(key: key, label: label, value: .number(value, unit: unit, decimals: decimals)))
    }

    func latency(_ key: String, _ label: String, _ latency: Latency, unit: String) {
        entries.append(Entry(key: key, label: label, value: .latency(latency, unit: unit)))
    }

    /// A nested object, filled by `fill`.
    func group(_ key: String, _ label: String, _ fill: (Report) -> Void) {
        let group = Report()
        fill(group)
        entries.append(Entry(key: key, label: label, value: .group(group)))
    }

    /// A list of like objects (a JSON array), one table line each.
    func rows(_ key: String, _ label: String, _ rows: [Report]) { entries.append(Entry(key: key, label: label, value: .rows(rows))) }

    /// Lines printed as they are in the table (no label), a JSON array of strings.
    func lines(_ key: String, _ lines: [String]) { entries.append(Entry(key: key, label: "", value: .lines(lines))) }

    /// `--json` or the table, on standard output.
    func print(json: Bool) { Swift.print(json ? self.json() : table(), terminator: "") }

    // MARK: Table

    func table(indent: String = "") -> String {
        var out = ""
        for entry in entries {
            switch entry.value {
            case .group(let group):
                out += indent + entry.label + ":\n" + group.table(indent: indent + "  ")
            case .rows(let rows):
                out += indent + entry.label + ":\n"
                for row in rows { out += indent + "  " + row.entries.map { "\($0.label) \(Self.cell($0.value))" }.joined(separator: ",  ") + "\n" }
            case .lines(let lines):
                for line in lines { out += indent + line + "\n" }
            case .latency:
                out += indent + entry.label.padding(toLength: max(entry.label.count, 34 - indent.count), withPad: " ", startingAt: 0)
                    + " " + Self.cell(entry.value) + "\n"
            default:
                out += indent + entry.label + ": " + Self.cell(entry.value) + "\n"
            }
        }
        return out
    }

    private static func cell(_ value: Value) -> String {
        switch value {
        case .text(let text): return text
        case .integer(let n): return "\(n)"
        case .number(let x, let unit, let decimals): return String(format: "%.\(decimals)f", x) + (unit.isEmpty ? "" : " " + unit)
        case .latency(let l, let unit):
            return String(format: "p50 %8.1f %@   p95 %8.1f %@   p99 %8.1f %@   mean %8.1f %@",
                          l.p50, unit, l.p95, unit, l.p99, unit, l.mean, unit)
        case .group, .rows, .lines: return ""
        }
    }

    // MARK: JSON

    func json() -> String { object() + "\n" }

    private func object() -> String {
        "{" + entries.map { Self.quoted($0.key) + ":" + Self.json($0.value) }.joined(separator: ",") + "}"
    }

    private static func json(_ value: Value) -> String {
        switch value {
        case .text(let text): return quoted(text)
        case .integer(let n): return "\(n)"
        case .number(let x, _, _): return number(x)
        case .latency(let l, _):
            return "{\"p50\":\(number(l.p50)),\"p95\":\(number(l.p95)),\"p99\":\(number(l.p99)),\"mean\":\(number(l.mean)),\"count\":\(l.count)}"
        case .group(let group): return group.object()
        case .rows(let rows): return "[" + rows.map { $0.object() }.joined(separator: ",") + "]"
        case .lines(let lines): return "[" + lines.map(quoted).joined(separator: ",") + "]"
        }
    }

    /// Up to 3 decimals, trailing zeros dropped; null when not finite (no samples).
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        var text = String(format: "%.3f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
