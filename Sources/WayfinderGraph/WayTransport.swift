/// How a way is travelled and the classes OSRM's car profile gives it: what the route
/// response says of each step (`mode`) and of each intersection (`classes`).

/// How a way is travelled: on the road in the graph's own mode, or on board something else.
/// OSRM reports the latter as the step's `mode` ("ferry", "train").
public enum Transport: UInt8, Sendable, CaseIterable {
    /// On foot or at the wheel: the mode of the graph the way is in.
    case road = 0
    /// `route=ferry`.
    case ferry = 1
    /// `route=shuttle_train`: a train that carries cars (Channel Tunnel, Alpine tunnels); for
    /// cycling, a `railway=*` way that takes bicycles aboard.
    case train = 2
    /// Cycling: off the saddle, the bike pushed at walking pace (against a one-way street, on
    /// a footway, on steps), as OSRM's bicycle profile's `pushing bike` mode.
    case pushing = 3

    /// OSRM's travel mode name for a step on such a way in a graph of `mode`.
    public func name(in mode: TravelMode) -> String {
        switch self {
        case .road: return mode.description
        case .ferry: return "ferry"
        case .train: return "train"
        case .pushing: return "pushing bike"
        }
    }
}

/// OSRM car.lua's way classes (`classes`), as bits; a set of them is written as their names
/// in this order (the order of the profile's list, which OSRM keeps in its output).
public struct WayClasses: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let toll = WayClasses(rawValue: 1)
    public static let motorway = WayClasses(rawValue: 2)
    public static let ferry = WayClasses(rawValue: 4)
    public static let restricted = WayClasses(rawValue: 8)
    public static let tunnel = WayClasses(rawValue: 16)

    /// Every class with its name, in output order.
    public static let named: [(WayClasses, String)] = [
        (.toll, "toll"), (.motorway, "motorway"), (.ferry, "ferry"), (.restricted, "restricted"), (.tunnel, "tunnel"),
    ]

    /// Names of the classes in this set, in output order.
    public var names: [String] { Self.named.compactMap { contains($0.0) ? $0.1 : nil } }

    /// The classes one may exclude from a route, as OSRM car.lua's `excludable`.
    public static let excludable: WayClasses = [.toll, .motorway, .ferry]

    /// Parses one class name; nil when it is not a class.
    public init?(name: String) {
        guard let found = Self.named.first(where: { $0.1 == name }) else { return nil }
        self = found.0
    }
}

extension TravelMode {
    /// The part of a way's classes this mode's profile reports (OSRM's car.lua all of them,
    /// bicycle.lua only `ferry` and `tunnel`, foot.lua none).
    public func classes(_ classes: WayClasses) -> WayClasses {
        switch self {
        case .driving: return classes
        case .cycling: return classes.intersection([.ferry, .tunnel])
        case .walking: return []
        }
    }
}
