import Foundation

/// How OSRM's profiles read `access`-like tags: the most specific key of a hierarchy wins,
/// `key:forward` / `key:backward` before `key` itself, and a `;` list is resolved to its
/// most permissive part.

/// Tag values seen from one direction of a way: `forward` along its nodes, `backward` against.
struct DirectionalValues {
    var forward: String?
    var backward: String?
}

/// OSRM `Tags.get_forward_backward_by_set`: for each key in order (most specific first), the
/// direction's own `key:forward` / `key:backward`, then the plain `key`; the first found wins.
func directionalValues(_ tags: OSMTags, _ keys: [String]) -> DirectionalValues {
    var forward: String?, backward: String?
    for key in keys {
        if forward == nil { forward = tags[key + ":forward"] }
        if backward == nil { backward = tags[key + ":backward"] }
        if forward == nil || backward == nil {
            let common = tags[key]
            forward = forward ?? common
            backward = backward ?? common
        }
        if forward != nil && backward != nil { break }
    }
    return DirectionalValues(forward: forward, backward: backward)
}

/// OSRM `Tags.get_forward_backward_by_key`: `key:forward` / `key:backward`, then `key` for the
/// directions a one-way allows (a one-way's plain tag describes its only direction).
func directionalValues(_ tags: OSMTags, key: String, forwardOneway: Bool, reverseOneway: Bool) -> DirectionalValues {
    var forward = tags[key + ":forward"], backward = tags[key + ":backward"]
    if forward == nil || backward == nil, let common = tags[key] {
        if forward == nil && !reverseOneway { forward = common }
        if backward == nil && !forwardOneway { backward = common }
    }
    return DirectionalValues(forward: forward, backward: backward)
}

/// The car's reading of one access value (OSRM car.lua's lists).
enum CarAccessClass: Int, Comparable {
    /// In no list (`some_tag`): closes nothing, and opens a road type cars have no speed for.
    case unlisted = 0
    /// Closed to cars: `no`, `agricultural`, `psv`, …
    case denied = 1
    /// Open to those with business there (`private`, `destination`, `delivery`, …): OSRM lets
    /// a route start or end on such a road but not pass through it (`RestrictedAccess`).
    case restricted = 2
    /// Explicitly open: `yes`, `designated`, `permissive`, …
    case allowed = 3

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    static let allowedValues: Set<String> = ["yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "hov"]
    static let restrictedValues: Set<String> = ["private", "delivery", "destination", "customers", "permit", "residents", "unknown"]
    /// OSRM's blacklist; its restricted members count as restricted where the road type allows it.
    static let deniedValues: Set<String> = [
        "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot",
        "emergency_vehicle", "restricted", "military", "official", "customers", "private", "delivery",
        "destination", "permit", "residents",
    ]

    init(_ value: String) {
        if Self.allowedValues.contains(value) { self = .allowed }
        else if Self.restrictedValues.contains(value) { self = .restricted }
        else if Self.deniedValues.contains(value) { self = .denied }
        else { self = .unlisted }
    }

    /// In OSRM's blacklist (restricted values included).
    static func isDenied(_ value: String?) -> Bool { value.map { deniedValues.contains($0) } ?? false }
    static func isRestricted(_ value: String?) -> Bool { value.map { restrictedValues.contains($0) } ?? false }
    static func isAllowed(_ value: String?) -> Bool { value.map { allowedValues.contains($0) } ?? false }
}

/// OSRM `resolve_access`: a `;` list (`destination;agricultural`) stands for its most
/// permissive part (allowed, then restricted, then denied, then anything else); the first
/// of equals wins. A single value is returned as is.
func resolveCarAccessList(_ value: String?) -> String? {
    guard let value, value.contains(";") else { return value }
    var best: String?
    var bestClass: CarAccessClass?
    for part in value.split(separator: ";") {
        let trimmed = part.trimmingCharacters(in: .whitespaces)
        let kind = CarAccessClass(trimmed)
        if bestClass.map({ kind > $0 }) ?? true {
            best = trimmed
            bestClass = kind
        }
    }
    return best ?? value
}

/// OSRM `find_access_tag` for nodes: the first key of the hierarchy present (no directions).
func firstValue(_ tags: OSMTags, _ keys: [String]) -> String? {
    for key in keys {
        if let value = tags[key] { return value }
    }
    return nil
}
