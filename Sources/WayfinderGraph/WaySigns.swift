/// What the signs along a way say, as OSRM reports them on route steps: the destinations
/// signposted ("A1, A2: Berlin, Hamburg"), the exit numbers ("10; 12") and how the name is
/// pronounced. Few ways carry any, so they live in a sparse section of their own instead of
/// in `WayInfo` (whose layout every file shares): one `WaySigns` per signed way, sorted by
/// way, found by binary search. A file written before the section existed has none, and
/// every way reads as unsigned.

/// The signs of one way: ids in the shared string table (`SectionKind.roadStringBytes`), 0 for
/// none. `destinations` are those of the one direction a one-way road is travelled in (OSRM
/// signs no two-way road).
public struct WaySigns: BitwiseCopyable, Equatable, Sendable {
    public var way: Int32
    public var destinations: Int32
    public var exits: Int32
    public var pronunciation: Int32

    public init(way: Int32, destinations: Int32, exits: Int32, pronunciation: Int32) {
        (self.way, self.destinations, self.exits, self.pronunciation) = (way, destinations, exits, pronunciation)
    }

    /// Whether any sign is there (an all-zero record is not worth storing).
    public var isEmpty: Bool { destinations == 0 && exits == 0 && pronunciation == 0 }
}

/// The way signs of a graph file, viewed in place; empty in a file without the section.
public struct WaySignTable: @unchecked Sendable {  // a read-only view of an immutable mapping
    public let signs: UnsafeBufferPointer<WaySigns>

    public init(file: GraphFile) {
        signs = file.section(kind: SectionKind.waySigns.rawValue, mode: 0, as: WaySigns.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The signs of `way`, nil when it has none.
    public func signs(ofWay way: Int32) -> WaySigns? {
        var low = 0, high = signs.count
        while low < high {
            let mid = (low + high) / 2
            if signs[mid].way < way { low = mid + 1 } else { high = mid }
        }
        return low < signs.count && signs[low].way == way ? signs[low] : nil
    }

    /// Adds the section, only when some way is signed; `signs` must be sorted by way.
    public static func add(_ signs: [WaySigns], to writer: inout GraphFileWriter) {
        guard !signs.isEmpty else { return }
        precondition(zip(signs, signs.dropFirst()).allSatisfy { $0.way < $1.way }, "way signs not sorted by way")
        writer.add(kind: SectionKind.waySigns.rawValue, signs)
    }
}
