import WayfinderGraph
import WayfinderRouting

/// Writes JSON as UTF-8 into one growing buffer, fast: no intermediate objects, no
/// `String(format:)`, no per-byte bookkeeping; keys in the order written. Numbers are
/// printed from integers (fixed decimals, trailing zeros trimmed).
public final class JSONBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0
    /// Bit `depth` set: the current container already holds a value (the next needs a comma).
    private var filled: UInt64 = 0
    private var depth = 0

    public init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, without copying; valid only during `body` (and until the next write).
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Empties the buffer and keeps its memory, so that one buffer per thread serves
    /// response after response.
    public func reset() {
        count = 0
        filled = 0
        depth = 0
    }
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `n` more bytes.
    @inline(__always) private func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) private func put(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    @inline(__always) private func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    @inline(__always) private func separate() {
        if filled & (1 << depth) != 0 { put(UInt8(ascii: ",")) }
        filled |= 1 << depth
    }

    @inline(__always)
    private func open(_ bracket: UInt8) {
        separate()
        put(bracket)
        depth += 1
        precondition(depth < 64, "JSON nested too deeply")
        filled &= ~(1 << depth)
    }

    @inline(__always)
    public func beginObject() { open(UInt8(ascii: "{")) }
    @inline(__always)
    public func beginArray() { open(UInt8(ascii: "[")) }
    @inline(__always)
    public func endObject() { put(UInt8(ascii: "}")); depth -= 1 }
    @inline(__always)
    public func endArray() { put(UInt8(ascii: "]")); depth -= 1 }

    /// An object key; keys are plain ASCII written by the program, so nothing is escaped.
    @inline(__always)
    public func key(_ k: StaticString) {
        separate()
        reserve(k.utf8CodeUnitCount + 3)
        base[count] = UInt8(ascii: "\"")
        (base + count + 1).update(from: k.utf8Start, count: k.utf8CodeUnitCount)
        count += k.utf8CodeUnitCount + 1
        base[count] = UInt8(ascii: "\"")
        base[count + 1] = UInt8(ascii: ":")
        count += 2
        filled &= ~(1 << depth)
    }

    @inline(__always)
    public func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { appendQuoted($0) }
    }

    /// A quoted string, escaped so that the output stays ASCII: control characters, quote
    /// and backslash as JSON requires, and every non-ASCII character as `\uXXXX` (a
    /// surrogate pair beyond the BMP), as Python's `json.dumps` does by default. All-ASCII
    /// output makes the final `String` cheap (no UTF-8 validation beyond an ASCII check).
    private func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(6 * utf8.count + 2)
        count += Self.quote(utf8, to: base + count)
    }

    /// Writes `utf8` quoted and escaped at `out` (room: 6 bytes per byte, plus 2); returns
    /// the number of bytes written.
    static func quote(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        let o = 1 + escape(utf8, to: out + 1)
        out[o] = UInt8(ascii: "\"")
        return o + 1
    }

    /// Writes `utf8` escaped, without quotes, at `out` (room: 6 bytes per byte); returns the
    /// number of bytes written.
    static func escape(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        @inline(__always) func put(_ b: UInt8) {
            out[o] = b
            o += 1
        }
        @inline(__always) func unicodeEscape(_ code: UInt32) {
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "u"))
            for k in 0..<4 {
                let digit = UInt8((code >> (12 - 4 * k)) & 15)
                put(digit < 10 ? 48 + digit : 87 + digit)
            }
        }
        guard let start = utf8.baseAddress else { return 0 }
        let n = utf8.count
        var i = 0
        while i < n {
            // Eight bytes at a time while none needs escaping; the test may flag a clean
            // byte (then it is looked at alone), never miss one that is not.
            if i + 8 <= n {
                let w = UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
                let control = (w &- 0x20 &* ones) & ~w & highs
                if control | hasZeroByte(w ^ (0x22 &* ones)) | hasZeroByte(w ^ (0x5C &* ones)) | (w & highs) == 0 {
                    UnsafeMutableRawPointer(out + o).storeBytes(of: w, as: UInt64.self)
                    o += 8
                    i += 8
                    continue
                }
            }
            let c = start[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(c)
            case 0x0A: put(UInt8(ascii: "\\")); put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "\\")); put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "\\")); put(UInt8(ascii: "t"))
            case 0..<0x20: unicodeEscape(UInt32(c))
            case 0x80...:
                // A scalar of 2 to 4 bytes (the input is valid UTF-8: it comes from a String).
                let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
                var scalar = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for _ in 1..<length where i < n {
                    scalar = scalar << 6 | UInt32(start[i] & 0x3F)
                    i += 1
                }
                if scalar > 0xFFFF {
                    unicodeEscape(0xD800 + ((scalar - 0x10000) >> 10))
                    unicodeEscape(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                } else {
                    unicodeEscape(scalar)
                }
            default:
                put(c)
            }
        }
        return o
    }

    @inline(__always)
    public func bool(_ value: Bool) {
        separate()
        put(value ? "true" : "false")
    }

    public func null() {
        separate()
        put("null")
    }

    @inline(__always)
    public func integer(_ value: Int) {
        separate()
        raw(RawWriter.maxNumberCount) { $0.integer(value) }
    }

    /// A number with at most `decimals` places (0...9), trailing zeros trimmed; null when not finite.
    public func number(_ value: Double, decimals: Int = 1) {
        separate()
        let scaled = (value * Double(RawWriter.powersOfTen[decimals])).rounded()
        guard scaled.isFinite, abs(scaled) < 9e18 else { put("null"); return }
        raw(RawWriter.maxNumberCount) { $0.fixed(Int64(scaled), decimals: decimals) }
    }

    /// The number `scaled / 10^decimals`, exactly (trailing zeros trimmed).
    @inline(__always)
    public func number(scaled: Int64, decimals: Int) {
        separate()
        raw(RawWriter.maxNumberCount) { $0.fixed(scaled, decimals: decimals) }
    }

    /// A line as a quoted encoded polyline, encoded straight into the buffer (its one
    /// character that JSON escapes, the backslash, escaped by the encoder). Returns where
    /// the encoding lies in the buffer, for `joinedPolylines`.
    @discardableResult
    public func polyline(_ points: ArraySlice<FixedCoordinate>, precision: Int) -> Range<Int> {
        separate()
        reserve(2 * Polyline.maxEncodedCount(points.count, precision: precision) + 2)
        base[count] = UInt8(ascii: "\"")
        count += 1
        let start = count
        count += Polyline.encode(points, precision: precision, jsonEscaped: true, to: base + count)
        base[count] = UInt8(ascii: "\"")
        count += 1
        return start..<(count - 1)
    }

    /// One quoted polyline joining polylines already written (`ranges`, as returned by
    /// `polyline`) of lines that each start where the previous one ended: the first whole,
    /// the others without their first point. The same as encoding the joined line again,
    /// for the price of a copy.
    public func joinedPolylines(_ ranges: [Range<Int>]) {
        separate()
        var total = 2
        for range in ranges { total += range.count }
        reserve(total)
        put(UInt8(ascii: "\""))
        for (i, range) in ranges.enumerated() {
            let skip = i == 0 ? 0 : firstPointLength(range)
            (base + count).update(from: base + range.lowerBound + skip, count: range.count - skip)
            count += range.count - skip
        }
        put(UInt8(ascii: "\""))
    }

    /// Bytes taken in the buffer by the first point (two values) of the escaped polyline at `range`.
    private func firstPointLength(_ range: Range<Int>) -> Int {
        var i = range.lowerBound, values = 0
        while i < range.upperBound && values < 2 {
            if base[i] == UInt8(ascii: "\\") { i += 1 }   // the escape before a backslash
            if Int(base[i]) - 63 < 0x20 { values += 1 }
            i += 1
        }
        return i - range.lowerBound
    }

    /// `[lon, lat]` with 6 decimals, from the fixed-point coordinate without floating point.
    @inline(__always)
    public func coordinate(_ p: FixedCoordinate) {
        separate()
        raw(RawWriter.maxCoordinateCount) { $0.coordinate(p) }
    }

    /// A part of a value written by a `RawWriter` within `capacity` bytes (no separator).
    @inline(__always) private func raw(_ capacity: Int, _ body: (inout RawWriter) -> Void) {
        reserve(capacity)
        var writer = RawWriter(base + count, offset: count, capacity: capacity)
        body(&writer)
        count += writer.count
    }

    /// Appends raw JSON text (a value produced elsewhere), as one value.
    public func raw(_ json: String) {
        separate()
        var json = json
        json.withUTF8 { put($0) }
    }

    /// Starts one value written through a `RawWriter` into `capacity` bytes reserved up
    /// front: the caller writes valid JSON (keys, commas and all), stays within the bound,
    /// calls nothing else on the buffer meanwhile, and ends with `commit`. Much faster than
    /// the structured calls for a value of many small parts.
    public func rawValue(capacity: Int) -> RawWriter {
        separate()
        reserve(capacity)
        return RawWriter(base + count, offset: count, capacity: capacity)
    }

    public func commit(_ writer: RawWriter) {
        precondition(writer.start == base + count && writer.count <= writer.capacity, "RawWriter misused")
        count += writer.count
    }

    /// Microdegrees, rounded half away from zero from the 1e-7 grid (the 6 decimals written).
    @inline(__always) public static func roundedToMicrodegrees(_ v: Int32) -> Int64 {
        let v = Int64(v)
        return v >= 0 ? (v + 5) / 10 : -((-v + 5) / 10)
    }
}

/// Writes JSON text through a local pointer and count (kept in registers), into room
/// reserved by `JSONBuffer.rawValue`. Nothing is checked: the writer of the value
/// supplies keys, commas and brackets, and bounds its size.
public struct RawWriter {
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    /// Where the value starts in the buffer, and the room reserved for it.
    public let offset: Int, capacity: Int
    public private(set) var count = 0

    @usableFromInline init(_ start: UnsafeMutablePointer<UInt8>, offset: Int, capacity: Int) {
        self.start = start
        self.offset = offset
        self.capacity = capacity
    }

    /// Most bytes `string` writes for `text`: quotes and a six-byte escape per byte.
    public static func maxQuotedCount(_ text: String) -> Int { 6 * text.utf8.count + 2 }
    /// Most bytes of a number from `integer` or `fixed`, and of one `coordinate` pair.
    public static let maxNumberCount = 24, maxCoordinateCount = 30

    /// Text written verbatim: keys, punctuation.
    @inline(__always) public mutating func literal(_ text: StaticString) {
        (start + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    /// A fixed string with nothing to escape, quoted.
    @inline(__always) public mutating func quoted(_ text: StaticString) {
        byte(UInt8(ascii: "\""))
        literal(text)
        byte(UInt8(ascii: "\""))
    }

    @inline(__always) public mutating func byte(_ b: UInt8) {
        start[count] = b
        count += 1
    }

    public mutating func integer(_ value: Int) {
        if value >= 0 && value < 10 { return byte(48 + UInt8(value)) }
        if value < 0 { byte(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude), width: Self.width(UInt64(value.magnitude)))
    }

    static let powersOfTen: [Int64] = (0...18).map { (0..<$0).reduce(Int64(1)) { r, _ in r * 10 } }

    /// `scaled / 10^decimals` (decimals 0...9), trailing zeros trimmed; 1, 3 and 6 get
    /// constant divisors (multiplications, not divisions).
    @inline(__always) public mutating func fixed(_ scaled: Int64, decimals: Int) {
        switch decimals {
        case 1: fixed(scaled, scale: 10, decimals: 1)
        case 3: fixed(scaled, scale: 1000, decimals: 3)
        case 6: fixed(scaled, scale: 1_000_000, decimals: 6)
        default: fixed(scaled, scale: UInt64(Self.powersOfTen[decimals]), decimals: decimals)
        }
    }

    @inline(__always) private mutating func fixed(_ scaled: Int64, scale: UInt64, decimals: Int) {
        if scaled < 0 { byte(UInt8(ascii: "-")) }
        let v = scaled.magnitude, whole = v / scale
        var fraction = v % scale, places = decimals
        digits(whole, width: Self.width(whole))
        if fraction == 0 { return }
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        byte(UInt8(ascii: "."))
        digits(fraction, width: places)
    }

    /// `[lon,lat]` with 6 decimals.
    public mutating func coordinate(_ p: FixedCoordinate) {
        byte(UInt8(ascii: "["))
        fixed(JSONBuffer.roundedToMicrodegrees(p.lon), decimals: 6)
        byte(UInt8(ascii: ","))
        fixed(JSONBuffer.roundedToMicrodegrees(p.lat), decimals: 6)
        byte(UInt8(ascii: "]"))
    }

    public mutating func bool(_ value: Bool) { value ? literal("true") : literal("false") }

    /// A quoted string, escaped as `JSONBuffer.string` does (ASCII output).
    public mutating func string(_ text: borrowing String) {
        let out = start + count
        if let written = text.utf8.withContiguousStorageIfAvailable({ JSONBuffer.quote($0, to: out) }) {
            count += written
        } else {
            var copy = copy text
            count += copy.withUTF8 { JSONBuffer.quote($0, to: out) }
        }
    }

    /// Bytes already written by this writer, again (e.g. a coordinate written twice).
    public mutating func repeatBytes(_ range: Range<Int>) {
        (start + count).update(from: start + range.lowerBound, count: range.count)
        count += range.count
    }

    /// A quoted, JSON-escaped encoded polyline; room: `2 * Polyline.maxEncodedCount + 2`.
    /// Returns where the encoding lies, counted from the value's start.
    public mutating func polyline(_ points: ArraySlice<FixedCoordinate>, precision: Int) -> Range<Int> {
        byte(UInt8(ascii: "\""))
        let from = count
        count += Polyline.encode(points, precision: precision, jsonEscaped: true, to: start + count)
        let range = from..<count
        byte(UInt8(ascii: "\""))
        return range
    }

    @inline(__always) static func width(_ v: UInt64) -> Int {
        var width = 1, limit: UInt64 = 10
        while width < 19 && v >= limit {
            width += 1
            limit &*= 10
        }
        return width == 19 && v >= 10_000_000_000_000_000_000 ? 20 : width
    }

    @inline(__always) private mutating func digits(_ value: UInt64, width: Int) {
        var v = value, i = count + width - 1
        while i >= count {
            start[i] = 48 + UInt8(v % 10)
            v /= 10
            i -= 1
        }
        count += width
    }
}
