import Foundation

/// The one reading of `access`-like tags, for every travel mode and every user: the profiles'
/// routing decisions, ferries, the `restricted` class (`WayClasses+CarProfile.swift`), node
/// barriers and the collector's test of which nodes to look at. After OSRM's profiles:
/// car.lua's and foot.lua's `access_tags_hierarchy` and value lists, lib/access.lua and the
/// `WayHandlers.access` step of lib/way_handlers.lua. The most specific key of a hierarchy
/// wins, `key:forward` / `key:backward` before `key` itself, and a `;` list stands for its
/// most permissive part.
struct AccessRules: Sendable {
    /// Keys, most specific first (`access_tags_hierarchy`).
    var keys: [String] { hierarchy.plain }
    /// The same, with their `:forward` and `:backward` forms.
    let hierarchy: DirectionalKeys
    /// Values that open the way (`access_tag_whitelist`).
    let allowed: Set<String>
    /// Values that close it (`access_tag_blacklist`), unless the value is also restricted and
    /// the road type may be restricted.
    let denied: Set<String>
    /// Values that leave the way open to those with business there (`private`, `destination`,
    /// …: `restricted_access_tag_list`): a route may start or end on it but not pass through.
    let restricted: Set<String>
    /// Road types on which a restricted value restricts rather than closes
    /// (`restricted_highway_whitelist`); elsewhere (tracks, footways) the blacklist closes.
    let restrictableHighways: Set<String>
    /// Whether a key with an empty value (`access=`) is present. For cars it is, as in OSRM
    /// (the empty value then wins the hierarchy and is in no list). Walkers read it as absent,
    /// as OSRM's foot scenarios do (their tables write an absent tag as an empty cell): an
    /// empty `foot=` does not open a motorway to walkers.
    let emptyValueCounts: Bool
    /// Whether a node's `;` list is resolved like a way's (car.lua's `process_node` does;
    /// foot.lua's takes the value as it stands).
    let resolvesNodeLists: Bool

    /// car.lua.
    static let car = AccessRules(
        hierarchy: ["motorcar", "motor_vehicle", "vehicle", "access"],
        allowed: ["yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "hov"],
        denied: [
            "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot",
            "emergency_vehicle", "restricted", "military", "official", "customers", "private", "delivery",
            "destination", "permit", "residents",
        ],
        restricted: ["private", "delivery", "destination", "customers", "permit", "residents", "unknown"],
        restrictableHighways: [
            "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link",
            "tertiary", "tertiary_link", "residential", "living_street", "unclassified", "service", "winter_road", "ice_road",
        ],
        emptyValueCounts: true, resolvesNodeLists: true)

    /// foot.lua: nothing is restricted on foot. `foot=use_sidepath` says a compulsory parallel
    /// footway is mapped, which walkers must take; unlike car.lua, `emergency` or
    /// `destination` do not close a way to walkers.
    static let foot = AccessRules(
        hierarchy: ["foot", "access"],
        allowed: ["yes", "foot", "permissive", "designated"],
        denied: ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"],
        restricted: [], restrictableHighways: [],
        emptyValueCounts: false, resolvesNodeLists: false)

    /// bicycle.lua: nothing is restricted on a bicycle either (`access=destination` is just
    /// an unlisted value, which neither opens nor closes). `bicycle=use_sidepath` says a
    /// compulsory parallel cycleway is mapped, which cyclists must take. An empty value counts,
    /// as in Lua (`bicycle=` then wins the hierarchy and is in no list). Nodes are read as they
    /// stand (`CyclingProfile.blocks(node:)`: bicycle.lua's `process_node` does not resolve `;`).
    static let bicycle = AccessRules(
        hierarchy: ["bicycle", "vehicle", "access"],
        allowed: ["yes", "permissive", "designated"],
        denied: ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"],
        restricted: [], restrictableHighways: [],
        emptyValueCounts: true, resolvesNodeLists: false)

    /// Every access key of every mode: a node with none of them (and no barrier) stops no one.
    static let anyModeKeys: [String] = {
        var seen = Set<String>()
        return (car.keys + foot.keys + bicycle.keys).filter { seen.insert($0).inserted }
    }()

    func isDenied(_ value: String?) -> Bool { value.map(denied.contains) ?? false }
    func isRestricted(_ value: String?) -> Bool { value.map(restricted.contains) ?? false }

    /// lib/access.lua `classify_access`: how permissive one value is.
    func rank(_ value: String) -> AccessRank {
        allowed.contains(value) ? .allowed : restricted.contains(value) ? .restricted : denied.contains(value) ? .denied : .unlisted
    }

    /// lib/access.lua `resolve_access`: a `;` list (`destination;agricultural`) stands for its
    /// most permissive part (allowed, then restricted, then denied, then anything else); the
    /// first of equals wins. A single value is returned as is.
    func resolve(_ value: String?) -> String? {
        guard let value, value.utf8.contains(UInt8(ascii: ";")) else { return value }
        var best: String?, bestRank: AccessRank?
        for part in value.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let kind = rank(trimmed)
            if bestRank.map({ kind > $0 }) ?? true { (best, bestRank) = (trimmed, kind) }
        }
        return best ?? value
    }

    /// The resolved access value of each direction of a way (`get_forward_backward_by_set`
    /// over the hierarchy, then `resolve_access`).
    func values(way tags: OSMTags) -> DirectionalValues {
        let found = directionalValues(tags, hierarchy, emptyValueCounts: emptyValueCounts)
        return DirectionalValues(forward: resolve(found.forward), backward: resolve(found.backward))
    }

    /// What the access tags decide for a way of road type `highway` (nil: none, as on most
    /// ferries), per direction: OSRM `WayHandlers.access`.
    func decide(way tags: OSMTags, highway: String?) -> AccessDecision {
        let values = values(way: tags)
        let restrictable = highway.map(restrictableHighways.contains) ?? false
        let forwardRestricted = restrictable && isRestricted(values.forward)
        let backwardRestricted = restrictable && isRestricted(values.backward)
        return AccessDecision(values: values, forwardRestricted: forwardRestricted, backwardRestricted: backwardRestricted,
                              forwardClosed: isDenied(values.forward) && !forwardRestricted,
                              backwardClosed: isDenied(values.backward) && !backwardRestricted)
    }

    /// Whether a node's access tags stop this mode passing it; nil when the node has none
    /// (then its barrier decides). OSRM `find_access_tag`: the first key of the hierarchy
    /// present, no directions; a restricted value lets the traveller through (to reach a
    /// destination behind it).
    func blocks(node tags: OSMTags) -> Bool? {
        guard var value = plainValue(tags) else { return nil }
        if resolvesNodeLists { value = resolve(value) ?? value }
        return isDenied(value) && !isRestricted(value)
    }

    /// lib/access.lua `find_access_tag`: the value of the first key of the hierarchy present,
    /// as it stands (no directions, no `;` resolution); nil when none is.
    func plainValue(_ tags: OSMTags) -> String? {
        keys.lazy.compactMap { self.value(tags, $0) }.first
    }

    /// The value of `key`, nil when absent (or empty, when empty values do not count).
    func value(_ tags: OSMTags, _ key: String) -> String? {
        emptyValueCounts ? tags[key] : tags.nonEmptyValue(key)
    }
}

/// lib/access.lua's priorities of one value, least permissive first.
enum AccessRank: Int, Comparable {
    /// In no list (`some_tag`): closes nothing, and opens a road type cars have no speed for.
    case unlisted = 0
    /// Closed: `no`, `agricultural`, `psv`, …
    case denied = 1
    /// Open to those with business there (`private`, `destination`, `delivery`, …).
    case restricted = 2
    /// Explicitly open: `yes`, `designated`, `permissive`, …
    case allowed = 3

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A mode's access tags read for one way: the resolved values and what they decide per
/// direction. `restricted` here is the routing decision itself: the car's search charges
/// entering such a direction (`RestrictedAccess`) and its `restricted` class says so.
struct AccessDecision {
    var values: DirectionalValues
    var forwardRestricted: Bool
    var backwardRestricted: Bool
    /// Closed by the access tags alone (other rules, one-way or road type, may close more).
    var forwardClosed: Bool
    var backwardClosed: Bool
    var isClosed: Bool { forwardClosed && backwardClosed }
}

/// Tag values seen from one direction of a way: `forward` along its nodes, `backward` against.
struct DirectionalValues {
    var forward: String?
    var backward: String?
}

/// OSRM `Tags.get_forward_backward_by_set`: for each key in order (most specific first), the
/// direction's own `key:forward` / `key:backward`, then the plain `key`; the first found wins.
/// `emptyValueCounts: false` reads an empty value as absent.
func directionalValues(_ tags: OSMTags, _ keys: DirectionalKeys, emptyValueCounts: Bool = true) -> DirectionalValues {
    // Most ways have none of the keys: one pass over their tags then saves up to three
    // lookups (three more passes) a key. Every directional form begins with its plain key.
    guard tags.hasKey(startingWithAnyOf: keys.stems) else { return DirectionalValues(forward: nil, backward: nil) }
    func value(_ key: String) -> String? { emptyValueCounts ? tags[key] : tags.nonEmptyValue(key) }
    var forward: String?, backward: String?
    for i in keys.plain.indices {
        if forward == nil { forward = value(keys.forward[i]) }
        if backward == nil { backward = value(keys.backward[i]) }
        if forward == nil || backward == nil {
            let common = value(keys.plain[i])
            forward = forward ?? common
            backward = backward ?? common
        }
        if forward != nil && backward != nil { break }
    }
    return DirectionalValues(forward: forward, backward: backward)
}

/// Keys of a directional lookup (`directionalValues`), most specific first, with their
/// `:forward` and `:backward` forms made once: made per way, the suffixed keys cost the
/// reader more than the lookups themselves. Declare them as `static let`s.
struct DirectionalKeys: Sendable, ExpressibleByArrayLiteral {
    let plain: [String], forward: [String], backward: [String]
    /// The plain keys' bytes without their terminating NUL (`OSMTags.hasKey(startingWithAnyOf:)`).
    let stems: [[CChar]]

    init(_ keys: [String]) {
        precondition(!keys.contains(where: \.isEmpty), "DirectionalKeys: an empty key")
        plain = keys
        stems = keys.map { Array($0.utf8CString.dropLast()) }
        forward = keys.map { $0 + ":forward" }
        backward = keys.map { $0 + ":backward" }
    }

    init(arrayLiteral keys: String...) { self.init(keys) }
}

/// OSRM `Tags.get_forward_backward_by_key` for the first of `keys`: `key:forward` /
/// `key:backward`, then `key` for the directions a one-way allows (a one-way's plain tag
/// describes its only direction).
func directionalValues(_ tags: OSMTags, key keys: DirectionalKeys, forwardOneway: Bool, reverseOneway: Bool) -> DirectionalValues {
    guard tags.hasKey(startingWithAnyOf: keys.stems) else { return DirectionalValues(forward: nil, backward: nil) }
    var forward = tags[keys.forward[0]], backward = tags[keys.backward[0]]
    if forward == nil || backward == nil, let common = tags[keys.plain[0]] {
        if forward == nil && !reverseOneway { forward = common }
        if backward == nil && !forwardOneway { backward = common }
    }
    return DirectionalValues(forward: forward, backward: backward)
}

extension OSMTags {
    /// Whether some key begins with one of `stems` (non-empty, without a NUL), in one pass.
    func hasKey(startingWithAnyOf stems: [[CChar]]) -> Bool {
        guard let base, stems.contains(where: { mayHaveKey(startingWith: $0[0]) }) else { return false }
        for i in 0..<count {
            let key = base[i].key!
            for stem in stems where key[0] == stem[0] && strncmp(key, stem, stem.count) == 0 { return true }
        }
        return false
    }

    /// A tag's value, nil when absent or empty.
    func nonEmptyValue(_ key: String) -> String? {
        guard let raw = rawValue(key), raw.pointee != 0 else { return nil }
        return String(cString: raw)
    }
}
