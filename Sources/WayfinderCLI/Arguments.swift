/// A command line split into `--option value` pairs, flags and positional words.
/// Small on purpose: the commands here need nothing more.
public struct Arguments {
    public private(set) var options: [String: String] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positional: [String] = []
    /// Every value of each valued option, in order (`options` keeps the last): for
    /// repeatable options such as `route --via`.
    public private(set) var repeated: [String: [String]] = [:]

    /// `valued` names the options that take a value; every other `--name` is a flag.
    public init(_ words: [String], valued: Set<String>) throws(CommandError) {
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                // "-x" is a mistyped option, not a value: a negative number ("-8.6,41.1") is one.
                if word.hasPrefix("-"), let second = word.dropFirst().first, second.isLetter {
                    throw .usage("unknown option \(word) (options are --name; -h is the only short one)")
                }
                positional.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if valued.contains(name) {
                if value == nil {
                    guard i < words.count else { throw .usage("option --\(name) needs a value") }
                    value = words[i]
                    i += 1
                }
                options[name] = value
                repeated[name, default: []].append(value!)
            } else {
                guard value == nil else { throw .usage("option --\(name) takes no value") }
                flags.insert(name)
            }
        }
    }

    public subscript(option: String) -> String? { options[option] }
    /// Every value given to a repeatable option, in order.
    public func values(_ option: String) -> [String] { repeated[option] ?? [] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Rejects flags the command does not know, so a typo is not silently ignored.
    public func allowOnly(flags known: Set<String>) throws(CommandError) {
        if let unknown = flags.subtracting(known).sorted().first {
            throw .usage("unknown option --\(unknown)")
        }
    }
}
