import WayfinderGraph

/// Writes JSON as UTF-8 into one growing buffer, fast: no intermediate objects, no
/// `String(format:)`, no per-byte bookkeeping; keys in the order written. Numbers are
/// printed from integers (fixed decimals, trailing zeros trimmed).
///
/// The writing methods are `@inlinable` (and their state `@usableFromInline`): the route,
/// table and geocoder writers live in other modules and must inline them as they did when
/// they shared a module; only growing the buffer and escaping non-trivial text are calls.
public final class JSONBuffer {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes written (`count`); stored apart so that inlined writers can advance it.
    @usableFromInline var written = 0
    /// Bit `depth` set: the current container already holds a value (the next needs a comma).
    @usableFromInline var filled: UInt64 = 0
    @usableFromInline var depth = 0

    public init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Bytes written so far.
    @inlinable public var count: Int { written }

    /// A copy of the bytes written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, without copying; valid only during `body` (and until the next write).
    @inlinable
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Empties the buffer and keeps its memory, so that one buffer per thread serves
    /// response after response.
    @inlinable public func reset() {
        written = 0
        filled = 0
        depth = 0
    }
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `n` more bytes.
    @inlinable @inline(__always) func reserve(_ n: Int) {
        if written + n > capacity { grow(written + n) }
    }

    /// The slow path of `reserve`, kept out of line.
    @usableFromInline func grow(_ needed: Int) { grow(needed, keeping: written) }

    /// Room for `needed` bytes in all, the first `kept` of them copied over.
    func grow(_ needed: Int, keeping kept: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: kept)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inlinable @inline(__always) func put(_ byte: UInt8) {
        reserve(1)
        base[written] = byte
        written += 1
    }

    @inlinable func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + written).update(from: source, count: bytes.count) }
        written += bytes.count
    }

    @inlinable @inline(__always) func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    @inlinable @inline(__always) func separate() {
        if filled & (1 << depth) != 0 { put(UInt8(ascii: ",")) }
        filled |= 1 << depth
    }

    @inlinable @inline(__always)
    func open(_ bracket: UInt8) {
        separate()
        put(bracket)
        depth += 1
        precondition(depth < 64, "JSON nested too deeply")
        filled &= ~(1 << depth)
    }

    @inlinable @inline(__always)
    public func beginObject() { open(UInt8(ascii: "{")) }
    @inlinable @inline(__always)
    public func beginArray() { open(UInt8(ascii: "[")) }
    @inlinable @inline(__always)
    public func endObject() { put(UInt8(ascii: "}")); depth -= 1 }
    @inlinable @inline(__always)
    public func endArray() { put(UInt8(ascii: "]")); depth -= 1 }

    /// An object key; keys are plain ASCII written by the program, so nothing is escaped.
    @inlinable @inline(__always)
    public func key(_ k: StaticString) {
        separate()
        reserve(k.utf8CodeUnitCount + 3)
        base[written] = UInt8(ascii: "\"")
        (base + written + 1).update(from: k.utf8Start, count: k.utf8CodeUnitCount)
        written += k.utf8CodeUnitCount + 1
        base[written] = UInt8(ascii: "\"")
        base[written + 1] = UInt8(ascii: ":")
        written += 2
        filled &= ~(1 << depth)
    }

    /// An object key known only at run time (an OSM tag key), escaped like a string.
    public func key(text k: String) {
        string(k)
        put(UInt8(ascii: ":"))
        filled &= ~(1 << depth)
    }

    @inlinable @inline(__always)
    public func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { appendQuoted($0) }
    }

    /// A quoted string, escaped so that the output stays ASCII: control characters, quote
    /// and backslash as JSON requires, and every non-ASCII character as `\uXXXX` (a
    /// surrogate pair beyond the BMP), as Python's `json.dumps` does by default. All-ASCII
    /// output makes the final `String` cheap (no UTF-8 validation beyond an ASCII check).
    @inlinable func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(6 * utf8.count + 2)
        written += Self.quote(utf8, to: base + written)
    }

    @inlinable @inline(__always)
    public func bool(_ value: Bool) {
        separate()
        put(value ? "true" : "false")
    }

    @inlinable public func null() {
        separate()
        put("null")
    }

    @inlinable @inline(__always)
    public func integer(_ value: Int) {
        separate()
        raw(RawWriter.maxNumberCount) { $0.integer(value) }
    }

    /// A number with at most `decimals` places (0...9), trailing zeros trimmed; null when not finite.
    @inlinable public func number(_ value: Double, decimals: Int = 1) {
        separate()
        let scaled = roundedHalfAway(value * Double(RawWriter.powersOfTen[decimals]))
        guard scaled.isFinite, abs(scaled) < 9e18 else { put("null"); return }
        raw(RawWriter.maxNumberCount) { $0.fixed(Int64(scaled), decimals: decimals) }
    }

    /// The number `scaled / 10^decimals`, exactly (trailing zeros trimmed).
    @inlinable @inline(__always)
    public func number(scaled: Int64, decimals: Int) {
        separate()
        raw(RawWriter.maxNumberCount) { $0.fixed(scaled, decimals: decimals) }
    }

    /// A line as a quoted encoded polyline, encoded straight into the buffer (its one
    /// character that JSON escapes, the backslash, escaped by the encoder). Returns where
    /// the encoding lies in the buffer, for `joinedPolylines`.
    @inlinable @discardableResult
    public func polyline(_ points: ArraySlice<FixedCoordinate>, precision: Int) -> Range<Int> {
        separate()
        reserve(2 * Polyline.maxEncodedCount(points.count, precision: precision) + 2)
        base[written] = UInt8(ascii: "\"")
        written += 1
        let start = written
        written += Polyline.encode(points, precision: precision, jsonEscaped: true, to: base + written)
        base[written] = UInt8(ascii: "\"")
        written += 1
        return start..<(written - 1)
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
            (base + written).update(from: base + range.lowerBound + skip, count: range.count - skip)
            written += range.count - skip
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
    @inlinable @inline(__always)
    public func coordinate(_ p: FixedCoordinate) {
        separate()
        raw(RawWriter.maxCoordinateCount) { $0.coordinate(p) }
    }

    /// A part of a value written by a `RawWriter` within `capacity` bytes (no separator).
    @inlinable @inline(__always) func raw(_ capacity: Int, _ body: (inout RawWriter) -> Void) {
        reserve(capacity)
        var writer = RawWriter(base + written, offset: written, capacity: capacity, buffer: self)
        body(&writer)
        written += writer.count
    }

    /// Appends raw JSON text (a value produced elsewhere), as one value.
    @inlinable public func raw(_ json: String) {
        separate()
        var json = json
        json.withUTF8 { put($0) }
    }

    /// Starts one value written through a `RawWriter` into `capacity` bytes reserved up
    /// front: the caller writes valid JSON (keys, commas and all), calls nothing else on the
    /// buffer meanwhile, and ends with `commit`. Much faster than the structured calls for a
    /// value of many small parts. `capacity` is the value's bound: more is made when a
    /// part would not fit, at the price of a copy.
    @inlinable public func rawValue(capacity: Int) -> RawWriter {
        separate()
        reserve(capacity)
        return RawWriter(base + written, offset: written, capacity: capacity, buffer: self)
    }

    /// Ends the value `writer` wrote. Checked in every build configuration (not a
    /// `precondition`, which `-Ounchecked` removes): a writer of another place would add
    /// bytes that were never written here.
    @inlinable public func commit(_ writer: RawWriter) {
        if _slowPath(writer.start != base + written || writer.count > writer.capacity) { misused() }
        written += writer.count
    }

    /// Grows the buffer under `writer`, the value being written at its end, so that `n`
    /// more bytes fit; the bytes it wrote so far move with it.
    func grow(_ writer: inout RawWriter, toFit n: Int) {
        if writer.start != base + written { misused() }
        grow(written + writer.count + n, keeping: written + writer.count)
        writer.start = base + written
        writer.limit = capacity - written
    }

    @inline(never) @usableFromInline func misused() -> Never {
        fatalError("RawWriter misused: written elsewhere than at the end of its buffer, or another write came between rawValue and commit")
    }

    /// Microdegrees, rounded half away from zero from the 1e-7 grid (the 6 decimals written).
    @inlinable @inline(__always) public static func roundedToMicrodegrees(_ v: Int32) -> Int64 {
        let v = Int64(v)
        return v >= 0 ? (v + 5) / 10 : -((-v + 5) / 10)
    }
}
