/// The `duration` tag of ferries and movable bridges: how long the crossing takes, whatever
/// its length. Parsed with the grammar OSRM's extractor uses (`durationIsValid` and
/// `parseDuration`), so that the same tags give the same times:
///
/// - `H:M:S`, `H:M` (hours and minutes) or a bare `M` (minutes), each 1 or 2 digits:
///   `00:01:00`, `1:30`, `0:10`, `45`;
/// - ISO 8601 periods: `P2W`, `PT1H30M`, `P1DT2H`, `PT013000` (`Thhmmss`), `PT01:30:00`.
///
/// Returns whole seconds, or nil when the value is not a duration (then the way's speed
/// decides, as in OSRM). Like OSRM's parser it does not backtrack into a branch that matched:
/// `PT0130005` is not a duration.
func parseWayDuration(_ text: String) -> Int? {
    let b = Array(text.utf8)
    guard !b.isEmpty else { return nil }
    if let seconds = DurationGrammar.osmTime(b) { return seconds }
    guard b[0] == UInt8(ascii: "P") else { return nil }
    if let (weeks, end) = DurationGrammar.number(b, 1, maxDigits: .max), end + 1 == b.count,
       b[end] == UInt8(ascii: "W") || b[end] == UInt8(ascii: "w") {
        return weeks * 604_800
    }
    // OSRM's `time_or_datetime`: the first alternative that matches is kept.
    let match = DurationGrammar.compactTime(b, 1) ?? DurationGrammar.extendedTime(b, 1) ?? DurationGrammar.dateTime(b, 1)
    return match.end == b.count ? match.seconds : nil
}

/// The pieces of OSRM's duration grammar (boost::spirit rules of `extraction_helper_functions.hpp`).
private enum DurationGrammar {
    /// Decimal digits at `i`: at least one, at most `maxDigits`; the value and where it ends.
    static func number(_ b: [UInt8], _ i: Int, minDigits: Int = 1, maxDigits: Int) -> (Int, Int)? {
        var j = i, value = 0
        while j < b.count, j - i < maxDigits, b[j] >= 48, b[j] <= 57 {
            value = value &* 10 &+ Int(b[j] - 48)
            j += 1
        }
        return j - i >= minDigits ? (value, j) : nil
    }

    /// `H:M:S`, `H:M` or `M`, each part 1 or 2 digits, and nothing after.
    static func osmTime(_ b: [UInt8]) -> Int? {
        guard let (first, i) = number(b, 0, maxDigits: 2) else { return nil }
        if i == b.count { return first * 60 }
        guard b[i] == UInt8(ascii: ":"), let (second, j) = number(b, i + 1, maxDigits: 2) else { return nil }
        if j == b.count { return first * 3600 + second * 60 }
        guard b[j] == UInt8(ascii: ":"), let (third, k) = number(b, j + 1, maxDigits: 2), k == b.count else { return nil }
        return first * 3600 + second * 60 + third
    }

    /// Exactly two digits below `limit` (hours below 24, minutes and seconds below 60).
    static func twoDigits(_ b: [UInt8], _ i: Int, below limit: Int) -> (Int, Int)? {
        guard let (value, end) = number(b, i, minDigits: 2, maxDigits: 2), value < limit else { return nil }
        return (value, end)
    }

    /// `Thhmmss`.
    static func compactTime(_ b: [UInt8], _ i: Int) -> (seconds: Int, end: Int)? {
        guard i < b.count, b[i] == UInt8(ascii: "T"), let (h, j) = twoDigits(b, i + 1, below: 24),
              let (m, k) = twoDigits(b, j, below: 60), let (s, end) = twoDigits(b, k, below: 60) else { return nil }
        return (h * 3600 + m * 60 + s, end)
    }

    /// `Thh:mm:ss`.
    static func extendedTime(_ b: [UInt8], _ i: Int) -> (seconds: Int, end: Int)? {
        guard i < b.count, b[i] == UInt8(ascii: "T"), let (h, j) = twoDigits(b, i + 1, below: 24),
              j < b.count, b[j] == UInt8(ascii: ":"), let (m, k) = twoDigits(b, j + 1, below: 60),
              k < b.count, b[k] == UInt8(ascii: ":"), let (s, end) = twoDigits(b, k + 1, below: 60) else { return nil }
        return (h * 3600 + m * 60 + s, end)
    }

    /// `[nD][T[nH][nM][nS]]`: every part optional, so it always matches (perhaps nothing).
    static func dateTime(_ b: [UInt8], _ start: Int) -> (seconds: Int, end: Int) {
        var i = start, total = 0
        /// A number followed by one of `units` (either case), or nil leaving `i` alone.
        func part(_ unit: UInt8) -> Int? {
            guard let (value, end) = number(b, i, maxDigits: .max), end < b.count,
                  b[end] == unit || b[end] == unit + 32 else { return nil }
            i = end + 1
            return value
        }
        if let days = part(UInt8(ascii: "D")) { total += days * 86_400 }
        if i < b.count, b[i] == UInt8(ascii: "T") {
            i += 1
            if let hours = part(UInt8(ascii: "H")) { total += hours * 3600 }
            if let minutes = part(UInt8(ascii: "M")) { total += minutes * 60 }
            if let seconds = part(UInt8(ascii: "S")) { total += seconds }
        }
        return (total, i)
    }
}
