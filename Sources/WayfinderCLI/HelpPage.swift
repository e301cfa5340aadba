import WayfinderGraph

/// One command's help: what `-h`/`--help` prints. Each command keeps its page beside its
/// code, with only its own options and only the exit codes it can return, and examples that
/// run as written from the repository's root (a test runs every one of them).
public struct HelpPage: Sendable {
    /// The forms of the command line, one a line, without "usage: ".
    public var usage: [String]
    /// What the command does, in a few lines.
    public var summary: String
    /// The options block, one `  --name VALUE   text` a line (continuations indented).
    public var options: String
    /// Text after the options (output fields, notes); empty for none.
    public var notes: String = ""
    /// The codes this command can return and what each means for it.
    public var exitCodes: [(code: ExitCode, meaning: String)]
    /// Command lines as a user types them in the repository's root, after the graph files
    /// of `wayfinder build --help`'s examples are built (monaco.wfg, helsinki.wfg).
    public var examples: [String]

    public init(usage: [String], summary: String, options: String, notes: String = "",
                exitCodes: [(code: ExitCode, meaning: String)], examples: [String]) {
        self.usage = usage
        self.summary = summary
        self.options = options
        self.notes = notes
        self.exitCodes = exitCodes
        self.examples = examples
    }

    /// The page as printed.
    public var text: String {
        var out = "usage: " + usage.joined(separator: "\n       ") + "\n\n"
        out += summary.trimmingTrailingNewlines() + "\n\n"
        if !options.isEmpty { out += "options:\n" + options.trimmingTrailingNewlines() + "\n\n" }
        if !notes.isEmpty { out += notes.trimmingTrailingNewlines() + "\n\n" }
        out += "exit codes:\n"
        for (code, meaning) in exitCodes {
            out += "  \(code.rawValue)  " + meaning.replacingOccurrences(of: "\n", with: "\n     ") + "\n"
        }
        out += "\nexamples (from the repository's root):\n"
        for example in examples { out += "  " + example + "\n" }
        return out + "\n"
    }

    /// "wayfinder 0.1.0 (graph format 12)": `--version` of every command.
    public static var version: String { "wayfinder \(wayfinderVersion) (graph format \(GraphFile.formatVersion))\n" }

    /// The internal-error line every page ends its codes with.
    static let internalError: (code: ExitCode, meaning: String) = (.internalError, "internal error")

    /// `-h`, `--help` or `--version` anywhere among `words`: the page or the version is
    /// written and the command's exit code returned, before any other check (so no graph is
    /// opened or built, and no other argument can make it fail). Nil: run the command.
    public func answer(_ words: [String], console: Console) -> Int32? {
        if words.contains(where: { $0 == "-h" || $0 == "--help" }) {
            console.write(text)
            return ExitCode.ok.rawValue
        }
        if words.contains("--version") {
            console.write(Self.version)
            return ExitCode.ok.rawValue
        }
        return nil
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
