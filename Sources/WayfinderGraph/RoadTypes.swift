/// Road data shared by the importer (writer) and the query core (reader).

/// A way of travelling; each has its own routing graph in the graph file.
public enum TravelMode: UInt32, CaseIterable, Sendable, CustomStringConvertible {
    case driving = 1
    case walking = 2
    case cycling = 3

    /// The names a request may give (OSRM's and Mapbox's profiles, Valhalla's costings map
    /// to them elsewhere).
    public init?(name: String) {
        switch name.lowercased() {
        case "driving", "car": self = .driving
        case "walking", "foot": self = .walking
        case "cycling", "bike", "bicycle": self = .cycling
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .driving: return "driving"
        case .walking: return "walking"
        case .cycling: return "cycling"
        }
    }

    /// Driving and cycling are searched on the turn-expanded graph (restrictions, U-turn
    /// rules, turn costs); walking on the plain intersection graph.
    public var isTurnExpanded: Bool { self != .walking }
}

/// OSM `highway` classes the profiles know, in decreasing importance.
public enum RoadClass: UInt8, Sendable {
    case motorway, trunk, primary, secondary, tertiary, unclassified, residential
    case livingStreet, service, track, path, footway, cycleway, pedestrian, steps, other
}

/// One OSM way (or the part of it with known node locations): attributes shared by
/// every segment cut from it, in both modes.
public struct WayInfo: Sendable, BitwiseCopyable {
    public var osmId: Int64
    /// String table ids; 0 is the empty string.
    public var name: Int32
    public var ref: Int32
    public var roadClass: UInt8
    public var flags: UInt8
    /// `Transport` raw value: on the road, or on board a ferry or a shuttle train.
    public var transport: UInt8 = 0
    /// The way's lanes (`lanes`, else `lanes:forward` plus `lanes:backward`; at most 255),
    /// 0 where untagged. The guidance reads how wide an intersection is from it, as OSRM
    /// does; files written before it existed read 0.
    public var lanes: UInt8 = 0
    /// `WayClasses` raw values in the way's direction and against it (`toll:forward`, …).
    public var forwardClasses: UInt8 = 0
    public var backwardClasses: UInt8 = 0
    /// Spelled out so that the bytes a 24-byte stride would leave as padding are written
    /// as zeros: undefined padding made two builds of one extract differ.
    private var padding: UInt16 = 0

    public static let isLink: UInt8 = 1
    public static let isRoundabout: UInt8 = 2
    /// Below the surface or indoors (`tunnel`, negative `layer`, `indoor`, corridors): a
    /// coordinate, which has no height, is taken to mean the surface when a surface road is
    /// near (see `Snapper`).
    public static let isUnderground: UInt8 = 4
    /// Car: no route starts or ends on this way (OSRM's `is_startpoint` false: a private
    /// service road). It stays in the snapping index (the map lists it); `Snapper` passes it over.
    public static let carNoStart: UInt8 = 8

    /// `junction=circular`: a ring that is always announced as a rotary (with `isRoundabout`).
    public static let isCircular: UInt8 = 64

    @inlinable public var isCarStartpoint: Bool { flags & Self.carNoStart == 0 }

    public init(osmId: Int64, name: Int32, ref: Int32, roadClass: RoadClass, flags: UInt8) {
        self.osmId = osmId
        self.name = name
        self.ref = ref
        self.roadClass = roadClass.rawValue
        self.flags = flags
    }

    /// How the way is travelled (files written before it existed read `.road`).
    @inlinable public var wayTransport: Transport { Transport(rawValue: transport) ?? .road }

    /// The way's classes when travelled forward (in its direction) or backward.
    @inlinable public func classes(forward: Bool) -> WayClasses {
        WayClasses(rawValue: forward ? forwardClasses : backwardClasses)
    }
}

/// A piece of one way between two intersections (or way ends, or barriers) of one mode's
/// graph. Its geometry is `points[firstPoint...lastPoint]` of the shared point array,
/// always in the way's direction ("forward").
public struct RoadSegment: Sendable, BitwiseCopyable {
    public var firstPoint: Int32
    public var lastPoint: Int32
    /// Intersection ids in this mode's graph.
    public var fromNode: Int32
    public var toNode: Int32
    /// Travel time in milliseconds; `-1` where the mode may not travel that way.
    public var forwardWeight: Int32
    public var backwardWeight: Int32
    /// Metres along the geometry.
    public var length: Float32
    /// Index into the way table.
    public var way: Int32

    public init(firstPoint: Int32, lastPoint: Int32, fromNode: Int32, toNode: Int32,
                forwardWeight: Int32, backwardWeight: Int32, length: Float32, way: Int32) {
        self.firstPoint = firstPoint
        self.lastPoint = lastPoint
        self.fromNode = fromNode
        self.toNode = toNode
        self.forwardWeight = forwardWeight
        self.backwardWeight = backwardWeight
        self.length = length
        self.way = way
    }

    @inlinable public func weight(forward: Bool) -> Int32 { forward ? forwardWeight : backwardWeight }
    @inlinable public func allows(forward: Bool) -> Bool { weight(forward: forward) >= 0 }
}
