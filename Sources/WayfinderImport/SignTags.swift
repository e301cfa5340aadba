import Foundation
import WayfinderGraph

/// The signs of a way as OSRM's car profile reads them from its tags (`destination`,
/// `destination:ref`, `destination:street` and their `:forward` / `:backward` forms,
/// `junction:ref`, `name:pronunciation`), in the spelling OSRM reports on route steps. A tag
/// with an empty value counts as absent (it would otherwise hide the general tag behind a
/// directional one).
enum SignTags {
    /// The way's signs as strings ("" for none): destinations only on a one-way road, read
    /// for the direction it is driven in (a two-way road's signs are taken as mis-tagged).
    static func read(_ tags: OSMTags) -> (destinations: String, exits: String, pronunciation: String) {
        let (forward, reverse) = DrivingProfile.onewayDirection(tags, highway: tags["highway"] ?? "")
        let destinations = forward || reverse ? destinations(tags, forward: forward) : ""
        return (destinations, tags.nonEmptyValue("junction:ref").map { canonicalList($0, separator: ";") } ?? "",
                tags.nonEmptyValue("name:pronunciation") ?? "")
    }

    /// "A1, A2: Berlin, Hamburg": the refs signed, a colon, the places signed; either alone
    /// when the other is missing, and the street signed only when neither is there.
    static func destinations(_ tags: OSMTags, forward: Bool) -> String {
        func directional(_ key: String) -> String? {
            (tags.nonEmptyValue(key + (forward ? ":forward" : ":backward")) ?? tags.nonEmptyValue(key))
                .map { $0.replacingOccurrences(of: ";", with: ", ") }
        }
        let ref = directional("destination:ref"), places = directional("destination")
        let signed: String
        if let ref, let places {
            signed = ref + ": " + places
        } else {
            signed = ref ?? places ?? directional("destination:street") ?? ""
        }
        return canonicalList(signed, separator: ",")
    }

    /// A list with one space after each separator and no runs of white space ("10;12" →
    /// "10; 12"), as OSRM spells lists.
    static func canonicalList(_ list: String, separator: Character) -> String {
        var out = ""
        var lastWasSpace = false
        func append(_ c: Character) {
            let space = c.isWhitespace
            if space && lastWasSpace { return }
            out.append(c)
            lastWasSpace = space
        }
        for c in list {
            append(c)
            if c == separator { append(" ") }
        }
        return out
    }
}
