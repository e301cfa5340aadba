import WayfinderGraph

/// Writes JSON text through a local pointer and count (kept in registers), into room
/// reserved by `JSONBuffer.rawValue`. The writer of the value supplies keys, commas and
/// brackets; the room it reserves is a bound computed from its parts, so that one
/// comparison per part (`room`) is all the checking a write costs. A part that would not
/// fit, a bound that came out short, grows the buffer instead (the bytes written so far
/// move with it), in every build configuration: the check is no `precondition`, which
/// `-Ounchecked` would remove. A writer over fixed memory (`init(at:capacity:)`) stops the
/// program rather than write past it.
///
/// `@inlinable` throughout: the step writer of a route lives in another module and must
/// keep the pointer and count in registers, as it did when they shared a module.
public struct RawWriter {
    /// Where the value starts: moves when the buffer grows.
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    /// Where the value starts in the buffer.
    public let offset: Int
    /// The room from `start` (`capacity`): reserved up front, more once the buffer has grown.
    @usableFromInline var limit: Int
    /// Bytes written (`count`); stored apart so that inlined writers can advance it.
    @usableFromInline var written = 0
    /// The buffer whose end this value is written at, which grows when a part would not
    /// fit; nil over fixed memory. Unowned: the buffer outlives the writer (`commit`).
    @usableFromInline unowned(unsafe) let buffer: JSONBuffer?

    @inlinable init(_ start: UnsafeMutablePointer<UInt8>, offset: Int, capacity: Int, buffer: JSONBuffer?) {
        self.start = start
        self.offset = offset
        limit = capacity
        self.buffer = buffer
    }

    /// A writer of bytes at `start`, which has room for `capacity` (for other text than JSON:
    /// `wayfinder table`'s CSV writes its numbers with these, as /table writes them). A write
    /// past `capacity` stops the program.
    @inlinable public init(at start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.init(start, offset: 0, capacity: capacity, buffer: nil)
    }

    /// Makes sure `n` more bytes fit: the one check before each part is written.
    @inlinable @inline(__always) mutating func room(_ n: Int) {
        if _slowPath(n > limit &- written) { makeRoom(n) }
    }

    /// The slow path of `room`, out of line: the buffer grows, or over fixed memory the
    /// program stops.
    @inline(never) @usableFromInline mutating func makeRoom(_ n: Int) {
        guard let buffer else { fatalError("RawWriter: \(n) more bytes do not fit in the \(limit) bytes given") }
        buffer.grow(&self, toFit: n)
    }

    /// Bytes written so far.
    @inlinable public var count: Int { written }
    /// The room from the value's start.
    @inlinable public var capacity: Int { limit }

    /// Most bytes `string` writes for `text`: quotes and a six-byte escape per byte.
    @inlinable public static func maxQuotedCount(_ text: String) -> Int { 6 * text.utf8.count + 2 }
    /// Most bytes of a number from `integer` or `fixed`, and of one `coordinate` pair
    /// (computed, so that other modules see constants).
    @inlinable public static var maxNumberCount: Int { 24 }
    @inlinable public static var maxCoordinateCount: Int { 30 }

    /// Text written verbatim: keys, punctuation.
    @inlinable @inline(__always) public mutating func literal(_ text: StaticString) {
        room(text.utf8CodeUnitCount)
        copy(text)
    }

    /// A fixed string with nothing to escape, quoted.
    @inlinable @inline(__always) public mutating func quoted(_ text: StaticString) {
        room(text.utf8CodeUnitCount + 2)
        put(UInt8(ascii: "\""))
        copy(text)
        put(UInt8(ascii: "\""))
    }

    @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
        room(1)
        put(b)
    }

    /// `literal` and `byte` once `room` has been made.
    @inlinable @inline(__always) mutating func copy(_ text: StaticString) {
        (start + written).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        written += text.utf8CodeUnitCount
    }

    @inlinable @inline(__always) mutating func put(_ b: UInt8) {
        start[written] = b
        written += 1
    }

    /// Always inlined: bearings, counts and indices are written through it at every listed
    /// intersection, and a call per number cost the step writer a tenth more instructions.
    @inlinable @inline(__always) public mutating func integer(_ value: Int) {
        room(Self.maxNumberCount)
        if value >= 0 && value < 10 { return put(48 + UInt8(value)) }
        if value < 0 { put(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude), width: Self.width(UInt64(value.magnitude)))
    }

    @usableFromInline static let powersOfTen: [Int64] = (0...18).map { (0..<$0).reduce(Int64(1)) { r, _ in r * 10 } }

    /// `scaled / 10^decimals` (decimals 0...9), trailing zeros trimmed; 1, 3 and 6 get
    /// constant divisors (multiplications, not divisions).
    @inlinable @inline(__always) public mutating func fixed(_ scaled: Int64, decimals: Int) {
        room(Self.maxNumberCount)
        switch decimals {
        case 1: fixed(scaled, scale: 10, decimals: 1)
        case 3: fixed(scaled, scale: 1000, decimals: 3)
        case 6: fixed(scaled, scale: 1_000_000, decimals: 6)
        default: fixed(scaled, scale: UInt64(Self.powersOfTen[decimals]), decimals: decimals)
        }
    }

    /// `fixed` once `room` has been made.
    @inlinable @inline(__always) mutating func fixed(_ scaled: Int64, scale: UInt64, decimals: Int) {
        if scaled < 0 { put(UInt8(ascii: "-")) }
        let v = scaled.magnitude, whole = v / scale, fraction = v - whole * scale
        digits(whole, width: Self.width(whole))
        if fraction != 0 { decimalPart(fraction, places: decimals) }
    }

    /// "." and a non-zero `fraction` of `places` digits, its trailing zeros dropped: all the
    /// digits are written, then the zeros taken back (byte tests instead of divisions).
    @inlinable @inline(__always) mutating func decimalPart(_ fraction: UInt64, places: Int) {
        put(UInt8(ascii: "."))
        digits(fraction, width: places)
        while start[written - 1] == UInt8(ascii: "0") { written -= 1 }
    }

    /// `[lon,lat]` with 6 decimals.
    @inlinable public mutating func coordinate(_ p: FixedCoordinate) {
        room(Self.maxCoordinateCount)
        put(UInt8(ascii: "["))
        fixed(JSONBuffer.roundedToMicrodegrees(p.lon), scale: 1_000_000, decimals: 6)
        put(UInt8(ascii: ","))
        fixed(JSONBuffer.roundedToMicrodegrees(p.lat), scale: 1_000_000, decimals: 6)
        put(UInt8(ascii: "]"))
    }

    @inlinable public mutating func bool(_ value: Bool) { value ? literal("true") : literal("false") }

    /// A quoted string, escaped as `JSONBuffer.string` does (ASCII output).
    @inlinable public mutating func string(_ text: borrowing String) {
        room(6 * text.utf8.count + 2)
        let out = start + written
        if let quoted = text.utf8.withContiguousStorageIfAvailable({ JSONBuffer.quote($0, to: out) }) {
            written += quoted
        } else {
            var copy = copy text
            written += copy.withUTF8 { JSONBuffer.quote($0, to: out) }
        }
    }

    /// `text` escaped as `string` does, without quotes (room: 6 bytes per byte): a part of a
    /// string value whose quotes the caller writes.
    @inlinable public mutating func escaped(_ text: borrowing String) {
        room(6 * text.utf8.count)
        let out = start + written
        if let n = text.utf8.withContiguousStorageIfAvailable({ JSONBuffer.escape($0, to: out) }) {
            written += n
        } else {
            var copy = copy text
            written += copy.withUTF8 { JSONBuffer.escape($0, to: out) }
        }
    }

    /// UTF-8 bytes escaped as `string` does, without quotes.
    @inlinable public mutating func escaped(bytes: UnsafeBufferPointer<UInt8>) {
        room(6 * bytes.count)
        written += JSONBuffer.escape(bytes, to: start + written)
    }

    /// Replaces byte `i` written so far (counted as `count` is).
    @inlinable public mutating func replace(written i: Int, with b: UInt8) { start[i] = b }

    /// Bytes already written by this writer, again (e.g. a coordinate written twice).
    @inlinable public mutating func repeatBytes(_ range: Range<Int>) {
        room(range.count)
        (start + written).update(from: start + range.lowerBound, count: range.count)
        written += range.count
    }

    /// Byte `i` written so far (counted as `count` is), for finding parts of a value written
    /// earlier in the same object.
    @inlinable public subscript(written i: Int) -> UInt8 { start[i] }

    /// The part of `range` (bytes written before, counted as `count` is) before its first
    /// `byte`, or all of it: e.g. the first of a list of refs "A 1;E 5" written as one string.
    @inlinable public func prefix(of range: Range<Int>, before byte: UInt8) -> Range<Int> {
        var end = range.lowerBound
        while end < range.upperBound && start[end] != byte { end += 1 }
        return range.lowerBound..<end
    }

    /// A quoted, JSON-escaped encoded polyline; room: `2 * Polyline.maxEncodedCount + 2`.
    /// Returns where the encoding lies, counted from the value's start.
    @inlinable public mutating func polyline(_ points: ArraySlice<FixedCoordinate>, precision: Int) -> Range<Int> {
        room(2 * Polyline.maxEncodedCount(points.count, precision: precision) + 2)
        put(UInt8(ascii: "\""))
        let from = written
        written += Polyline.encode(points, precision: precision, jsonEscaped: true, to: start + written)
        let range = from..<written
        put(UInt8(ascii: "\""))
        return range
    }

    @inlinable @inline(__always) static func width(_ v: UInt64) -> Int {
        var width = 1, limit: UInt64 = 10
        while width < 19 && v >= limit {
            width += 1
            limit &*= 10
        }
        return width == 19 && v >= 10_000_000_000_000_000_000 ? 20 : width
    }

    /// "00" "01" … "99": two digits a division, written from the right.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// `value` in exactly `width` digits (leading zeros where it has fewer).
    @inlinable @inline(__always) mutating func digits(_ value: UInt64, width: Int) {
        let pairs = Self.digitPairs.utf8Start
        var v = value, i = written + width
        while i - written >= 2 {
            let r = Int(v % 100)
            v /= 100
            i -= 2
            start[i] = pairs[2 * r]
            start[i + 1] = pairs[2 * r + 1]
        }
        if i > written { start[written] = 48 + UInt8(truncatingIfNeeded: v % 10) }
        written += width
    }
}
