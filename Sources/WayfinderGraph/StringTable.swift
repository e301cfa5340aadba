/// A string pool stored as two sections: `offsets` ([UInt32], count + 1 entries, the
/// first 0) and `bytes` (the UTF-8 of all strings back to back). String `id` is
/// `bytes[offsets[id] ..< offsets[id + 1]]`; id 0 is always "".
///
/// Interns strings: equal strings (Swift `==`, i.e. Unicode canonical equivalence) get
/// the same id, and the first spelling is stored.
public struct StringTableBuilder {
    private var ids: [String: Int32] = ["": 0]
    private var offsets: [UInt32] = [0, 0]
    private var bytes: [UInt8] = []

    public init() {}

    /// Number of distinct strings, "" included.
    public var count: Int { offsets.count - 1 }

    public mutating func intern(_ s: String) -> Int32 {
        if let id = ids[s] { return id }
        precondition(count < Int(Int32.max), "string table holds too many strings")
        let id = Int32(count)
        bytes.append(contentsOf: s.utf8)
        precondition(bytes.count <= Int(UInt32.max), "string table exceeds 4 GiB of UTF-8")
        offsets.append(UInt32(bytes.count))
        ids[s] = id
        return id
    }

    public func add(to writer: inout GraphFileWriter, offsetsKind: UInt32, bytesKind: UInt32) {
        writer.add(kind: offsetsKind, offsets)
        writer.add(kind: bytesKind, bytes)
    }
}

/// A read-only view of a string table in a graph file; keeps the file mapped.
public struct StringTable: @unchecked Sendable {  // read-only views of an immutable mapping
    private let file: GraphFile
    private let offsets: UnsafeBufferPointer<UInt32>
    private let bytes: UnsafeBufferPointer<UInt8>

    /// Also checks that the offsets start at 0, never decrease and end at the byte count,
    /// so the subscript cannot read outside the section even of an unverified file.
    public init(file: GraphFile, offsetsKind: UInt32, bytesKind: UInt32) throws(GraphFileError) {
        self.file = file
        offsets = try file.require(kind: offsetsKind, as: UInt32.self, name: "string offsets")
        bytes = try file.require(kind: bytesKind, as: UInt8.self, name: "string bytes")
        guard offsets.first == 0, offsets.last.map({ Int($0) == bytes.count }) == true,
              zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw .unreadable(path: file.path, reason: "malformed string table")
        }
    }

    public var count: Int { offsets.count - 1 }

    /// The UTF-8 bytes of string `id`, without copying them (valid while the file is open).
    public func bytes(_ id: Int32) -> UnsafeBufferPointer<UInt8> {
        precondition(id >= 0 && Int(id) < count, "string id \(id) out of range 0..<\(count)")
        let i = Int(id)
        return UnsafeBufferPointer(rebasing: bytes[Int(offsets[i])..<Int(offsets[i + 1])])
    }

    /// The string `id`; `id` must be in `0..<count` (a programming error otherwise).
    public subscript(id: Int32) -> String {
        precondition(id >= 0 && Int(id) < count, "string id \(id) out of range 0..<\(count)")
        let i = Int(id)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(offsets[i])..<Int(offsets[i + 1])]),
                      as: UTF8.self)
    }
}
