/// ISO 8601 date-times as GPX writes them (`2024-05-01T10:00:00Z`, `…:00.250Z`,
/// `…:00+02:00`) turned into seconds since 1970-01-01T00:00:00Z, without Foundation: a GPX
/// file of 10⁵ points converts 10⁵ times, and Foundation's `ISO8601DateFormatter` is both
/// slow and lenient in ways that vary between platforms. Every field is range-checked
/// (month, day in that month with leap years, hour, minute, second, offset), so a malformed
/// time is an error the reader reports with its line, never a silently wrong timestamp.
enum ISOTime {
    /// Seconds since the Unix epoch of `text`, or nil when it is not an ISO 8601 date-time:
    /// `YYYY-MM-DD`, `T` (or `t`, or one space), `hh:mm:ss`, an optional fraction (`.` or `,`
    /// and 1-9 digits), then `Z`, `±hh:mm`, `±hhmm`, `±hh`, or nothing (UTC, as GPX 1.1
    /// says its times are). Surrounding whitespace is allowed (XML text often has some).
    static func epochSeconds(_ text: some StringProtocol) -> Double? {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
              let day = reader.digits(2) else { return nil }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" ") else { return nil }
        guard let hour = reader.digits(2), reader.skip(":"), let minute = reader.digits(2), reader.skip(":"),
              let second = reader.digits(2) else { return nil }
        var fraction = 0.0
        if reader.skip(".") || reader.skip(",") {
            var scale = 0.1, count = 0
            while let digit = reader.digit() {
                count += 1
                guard count <= 9 else { return nil }
                fraction += Double(digit) * scale
                scale /= 10
            }
            guard count > 0 else { return nil }
        }
        var offset = 0
        if reader.skip("Z") || reader.skip("z") {
        } else if let sign = reader.sign() {
            guard let hours = reader.digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if reader.skip(":") {
                guard let m = reader.digits(2) else { return nil }
                minutes = m
            } else if let m = reader.digits(2) {
                minutes = m
            }
            guard minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd else { return nil }
        guard (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 60 else { return nil }   // 60: a leap second
        let days = daysFromEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`), negative before it.
    static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A cursor over the text's bytes; every read is bounds-checked and fails with nil.
    private struct Reader {
        var bytes: ArraySlice<UInt8>

        var atEnd: Bool { bytes.isEmpty }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard let first = bytes.first, first == UInt8(ascii: character) else { return false }
            bytes = bytes.dropFirst()
            return true
        }

        mutating func digit() -> Int? {
            guard let first = bytes.first, (0x30...0x39).contains(first) else { return nil }
            bytes = bytes.dropFirst()
            return Int(first - 0x30)
        }

        /// Exactly `count` digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        /// +1 or -1 for a leading `+` or `-` (ASCII only, as GPX writers use; not U+2212).
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
