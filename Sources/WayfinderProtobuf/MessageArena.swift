import WayfinderGraph

/// The memory behind one protobuf-c message tree: typed arrays and C strings that live
/// until the message is packed, then are freed together when the arena goes.
///
/// protobuf-c messages are C structs linked by raw pointers (a repeated message field is an
/// array of pointers), so building one from Swift means owning memory by hand. Each kind of
/// struct is allocated in one block sized up front (`slab`), strings go into large byte
/// chunks that never move, and nothing is freed one by one.
final class MessageArena {
    private var blocks: [UnsafeMutableRawPointer] = []
    private var chunk: UnsafeMutablePointer<UInt8>?
    private var chunkFree = 0

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// Uninitialised room for `count` values (protobuf-c's `init` functions write every
    /// field of a message struct, so none is read before it is set).
    func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, count))
        blocks.append(UnsafeMutableRawPointer(p))
        return p
    }

    func slab<T>(_ type: T.Type, count: Int) -> Slab<T> {
        Slab(base: allocate(type, count: count), capacity: count)
    }

    /// `count` bytes that stay put until the arena is freed.
    private func bytes(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if count > chunkFree {
            let size = max(count, 16_384)
            chunk = allocate(UInt8.self, count: size)
            chunkFree = size
        }
        let p = chunk!
        chunk = p + count
        chunkFree -= count
        return p
    }

    /// A NUL-terminated copy of `text` (which has no NUL of its own: OSM names and our
    /// texts never do; one would cut the string short).
    func string(_ text: String) -> UnsafeMutablePointer<CChar> {
        var text = text
        return text.withUTF8 { utf8 in
            let p = bytes(utf8.count + 1)
            if let base = utf8.baseAddress { p.update(from: base, count: utf8.count) }
            p[utf8.count] = 0
            return UnsafeMutableRawPointer(p).assumingMemoryBound(to: CChar.self)
        }
    }

    /// The encoded polyline of `points`, NUL-terminated, encoded in place.
    func polyline(_ points: ArraySlice<FixedCoordinate>, precision: Int) -> UnsafeMutablePointer<CChar> {
        let p = bytes(Polyline.maxEncodedCount(points.count, precision: precision) + 1)
        let count = Polyline.encode(points, precision: precision, to: p)
        p[count] = 0
        return UnsafeMutableRawPointer(p).assumingMemoryBound(to: CChar.self)
    }
}

/// A block of `capacity` values handed out in order, e.g. all the steps of all legs.
struct Slab<T> {
    let base: UnsafeMutablePointer<T>
    let capacity: Int
    private(set) var used = 0

    init(base: UnsafeMutablePointer<T>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    mutating func take(_ count: Int) -> UnsafeMutablePointer<T> {
        precondition(used + count <= capacity, "Slab sized too small")
        defer { used += count }
        return base + used
    }

    mutating func next() -> UnsafeMutablePointer<T> { take(1) }
}
