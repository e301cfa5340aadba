import Foundation
import WayfinderGraph

/// How one travel mode may use one way: speeds in km/h per direction (0 = not allowed).
struct WayAccess {
    var forwardSpeed: Double
    var backwardSpeed: Double
    /// Seconds to travel the whole way in either allowed direction, when a `duration` tag
    /// says so (ferries, movable bridges: `Ferries`); 0 = the speeds decide.
    var duration: Double = 0
    /// The direction is open only to those with business there (`access=destination`,
    /// `private`, an all-HOV road): a route may start or end on it but not pass through
    /// (`RestrictedAccess`). OSRM car.lua's `forward_restricted` / `backward_restricted`.
    var forwardRestricted = false
    var backwardRestricted = false
    /// A route may start or end on the way (OSRM's `is_startpoint`): not on a private
    /// service road, which is driven through only when the route has to.
    var isStartpoint = true
    /// How each direction is travelled where the profile decides it per direction (cycling:
    /// pushed against a one-way street, carried by a train); `.road` elsewhere, the way's own
    /// `Transport` (a ferry) then applying.
    var forwardTransport = Transport.road
    var backwardTransport = Transport.road
    var isUsable: Bool { forwardSpeed > 0 || backwardSpeed > 0 }
}

/// Tag rules of one travel mode, in the spirit of OSRM's car.lua and foot.lua.
protocol Profile {
    func access(way tags: OSMTags, roadClass: RoadClass) -> WayAccess
    /// Whether a node (barrier, access tags) stops this mode passing through it.
    func blocks(node tags: OSMTags) -> Bool
}

/// Maps `highway=*` to a class; nil for values no mode routes on (proposed, platform, …).
func roadClass(highway: String) -> (RoadClass, isLink: Bool)? {
    switch highway {
    case "motorway": return (.motorway, false)
    case "motorway_link": return (.motorway, true)
    case "trunk": return (.trunk, false)
    case "trunk_link": return (.trunk, true)
    case "primary": return (.primary, false)
    case "primary_link": return (.primary, true)
    case "secondary": return (.secondary, false)
    case "secondary_link": return (.secondary, true)
    case "tertiary": return (.tertiary, false)
    case "tertiary_link": return (.tertiary, true)
    case "unclassified", "road", "winter_road", "ice_road": return (.unclassified, false)
    case "residential": return (.residential, false)
    case "living_street": return (.livingStreet, false)
    case "service": return (.service, false)
    case "track": return (.track, false)
    case "path", "bridleway": return (.path, false)
    case "footway", "corridor": return (.footway, false)
    case "cycleway": return (.cycleway, false)
    case "pedestrian": return (.pedestrian, false)
    case "steps": return (.steps, false)
    // Never built or closed: no mode routes on them whatever their tags say.
    case "proposed", "construction", "abandoned", "disused", "razed", "platform": return nil
    // Any other value (`runway`, `bus_guideway`, a typo): cars may use it where an access tag
    // says so (OSRM car.lua gives such ways its default speed); walkers never.
    default: return (.other, false)
    }
}

/// Oneway direction from the tags: +1 forward only, -1 backward only, 0 both.
extension WayAccess {
    /// `forward` and `backward` speeds, the one against a `oneway` tag's direction closed
    /// (`implied`: one-way when the tag is absent or unknown, as on motorways and roundabouts).
    init(forward: Double, backward: Double, oneway value: String?, implied: Bool) {
        switch value {
        case "yes", "1", "true": self.init(forwardSpeed: forward, backwardSpeed: 0)
        case "-1", "reverse": self.init(forwardSpeed: 0, backwardSpeed: backward)
        case "no", "0", "false": self.init(forwardSpeed: forward, backwardSpeed: backward)
        default: self.init(forwardSpeed: forward, backwardSpeed: implied ? 0 : backward)
        }
    }
}
