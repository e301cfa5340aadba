/// Mappers' corrections of the instruction at an intersection: `type=maneuver` relations
/// (OSRM's maneuver overrides) name a from-way, optional via-ways, a to-way and the via node
/// where the instruction is given, with the maneuver to say there (`maneuver=turn|fork|…`,
/// `suppress` for none) and its `direction`. Few exist, so they live in a sparse section of
/// their own, sorted by the via node's location and found by binary search. A file written
/// before the section existed has none.

/// One override: the OSM ways the route must follow (from, then up to `viaWayCount` via-ways,
/// then to) and what to say where it passes `via`.
public struct ManeuverOverride: BitwiseCopyable, Equatable, Sendable {
    public static let maxViaWays = 4

    public var via: FixedCoordinate
    public var fromWay: Int64
    public var toWay: Int64
    /// The via-ways in order; only the first `viaWayCount` count.
    public var viaWays: (Int64, Int64, Int64, Int64)
    public var viaWayCount: UInt8
    /// What to say (`Kind`'s raw value) and the direction (`direction - 1` is the raw value of
    /// the directions module's modifier, uturn first; 0: keep the computed one).
    public var kind: UInt8
    public var direction: UInt8
    private var padding: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)

    /// The maneuvers a relation may ask for (OSRM's `maneuver` values).
    public enum Kind: UInt8, Sendable, CaseIterable {
        case turn, newName, `continue`, endOfRoad, fork, merge, onRamp, offRamp, notification, uturn, suppress

        /// The `maneuver` tag value.
        public var tag: String {
            switch self {
            case .turn: return "turn"
            case .newName: return "new name"
            case .continue: return "continue"
            case .endOfRoad: return "end of road"
            case .fork: return "fork"
            case .merge: return "merge"
            case .onRamp: return "on ramp"
            case .offRamp: return "off ramp"
            case .notification: return "notification"
            case .uturn: return "uturn"
            case .suppress: return "suppress"
            }
        }

        /// The kind a tag value names (underscores read as spaces: `end_of_road`).
        public init?(tag: String) {
            let value = tag.replacingOccurrences(of: "_", with: " ")
            guard let kind = Kind.allCases.first(where: { $0.tag == value }) else { return nil }
            self = kind
        }
    }

    /// The `direction` tag values, in the order of the directions module's modifiers.
    public static let directions = ["uturn", "sharp_right", "right", "slight_right", "straight",
                                    "slight_left", "left", "sharp_left"]

    public init(via: FixedCoordinate, fromWay: Int64, viaWays: [Int64], toWay: Int64, kind: Kind, direction: UInt8) {
        precondition(viaWays.count <= Self.maxViaWays)
        let v = viaWays + [Int64](repeating: 0, count: Self.maxViaWays - viaWays.count)
        self.via = via
        self.fromWay = fromWay
        self.toWay = toWay
        self.viaWays = (v[0], v[1], v[2], v[3])
        self.viaWayCount = UInt8(viaWays.count)
        self.kind = kind.rawValue
        self.direction = direction
    }

    /// The ways from the from-way to the to-way, in order.
    public var wayChain: [Int64] {
        [fromWay] + [viaWays.0, viaWays.1, viaWays.2, viaWays.3].prefix(Int(viaWayCount)) + [toWay]
    }

    public static func == (x: ManeuverOverride, y: ManeuverOverride) -> Bool {
        x.via == y.via && x.wayChain == y.wayChain && x.kind == y.kind && x.direction == y.direction
    }

    /// Ordering of the section: by location.
    public static func precedes(_ x: FixedCoordinate, _ y: FixedCoordinate) -> Bool {
        x.lat != y.lat ? x.lat < y.lat : x.lon < y.lon
    }
}

/// The maneuver overrides of a graph file, viewed in place; empty in a file without them.
public struct ManeuverOverrideTable: @unchecked Sendable {  // a read-only view of an immutable mapping
    public let overrides: UnsafeBufferPointer<ManeuverOverride>

    public init(file: GraphFile) {
        overrides = file.section(kind: SectionKind.maneuverOverrides.rawValue, mode: 0, as: ManeuverOverride.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    public var isEmpty: Bool { overrides.isEmpty }

    /// The overrides whose via node lies at `location`.
    public func at(_ location: FixedCoordinate) -> Slice<UnsafeBufferPointer<ManeuverOverride>> {
        var low = 0, high = overrides.count
        while low < high {
            let mid = (low + high) / 2
            if ManeuverOverride.precedes(overrides[mid].via, location) { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < overrides.count && overrides[end].via == location { end += 1 }
        return overrides[low..<end]
    }

    /// Adds the section, only when there is any override; sorts them by location.
    public static func add(_ overrides: [ManeuverOverride], to writer: inout GraphFileWriter) {
        guard !overrides.isEmpty else { return }
        let sorted = overrides.sorted { ManeuverOverride.precedes($0.via, $1.via) }
        writer.add(kind: SectionKind.maneuverOverrides.rawValue, sorted)
    }
}
