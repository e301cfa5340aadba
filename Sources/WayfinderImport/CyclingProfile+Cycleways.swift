import WayfinderGraph

/// Cycle lanes and tracks mapped on the road itself (bicycle.lua's `cycleway_handler`), and
/// cycle tracks mapped as ways of their own (`handle_cycleway_separate`).
extension CyclingProfile {
    /// `cycleway_tags`: a lane or track in the way's direction (on a two-way road, on the
    /// side its key names).
    static let cyclewayTags: Set<String> = ["track", "lane", "share_busway", "sharrow", "shared", "shared_lane"]
    /// `opposite_cycleway_tags`: contraflow on a one-way street.
    static let oppositeCyclewayTags: Set<String> = ["opposite", "opposite_lane", "opposite_track"]
    /// `access` values of the raw `bicycle` tag that keep a road whose cycle track is mapped
    /// separately open to bicycles.
    static let separateCyclewayOverrides: Set<String> = ["yes", "permissive", "designated", "destination"]

    /// bicycle.lua's `handle_cycleway_separate`: `cycleway`, `cycleway:both`, `cycleway:left`
    /// or `cycleway:right` = `separate` says the cycle track beside the road is its own way;
    /// the road is refused in both directions, pushing included, so that routes take the
    /// track. Only the raw `bicycle` tag overrides it: `vehicle=yes` or `access=yes` say
    /// nothing about whether cyclists should keep off the carriageway.
    static func hasSeparateCycleway(_ tags: OSMTags) -> Bool {
        let separate = ["cycleway", "cycleway:both", "cycleway:left", "cycleway:right"].contains {
            tags.value($0, is: "separate")
        }
        return separate && !(tags["bicycle"].map(separateCyclewayOverrides.contains) ?? false)
    }
}

extension CyclingProfile.Way {
    /// bicycle.lua `cycleway_handler`. A direction with a cycle lane or track is ridden at the
    /// cycleway speed whatever the handlers before said: against a one-way street
    /// (contraflow, `oneway:bicycle=yes` included), on a road type bicycles may not use
    /// (`motorway` + `cycleway=track`: forward), on a track or platform (raised to 15), even
    /// on a ferry or train way (ridden instead). `cycleway` is read before `cycleway:both`;
    /// `cycleway:left` is the backward side and `cycleway:right` the forward one, in
    /// left-hand traffic too, as in OSRM. Values not in the two lists (`yes`, `no`) mark nothing.
    mutating func applyCycleways(_ tags: OSMTags) {
        let both = tags["cycleway"] ?? tags["cycleway:both"], left = tags["cycleway:left"], right = tags["cycleway:right"]
        func isLane(_ value: String?) -> Bool { value.map(CyclingProfile.cyclewayTags.contains) ?? false }
        func isOpposite(_ value: String?) -> Bool { value.map(CyclingProfile.oppositeCyclewayTags.contains) ?? false }

        var onForward = false, onBackward = false
        if forward.transport != nil && backward.transport != nil && !impliedOneway {
            // A two-way road: `cycleway=opposite` marks nothing here; `cycleway:left=opposite`
            // is a lane on the left running forward.
            onForward = isLane(both) || isLane(right) || isOpposite(left)
            onBackward = isLane(both) || isLane(left) || isOpposite(right)
        } else if isOpposite(both) || isOpposite(left) || isOpposite(right) {
            // A one-way (explicit or implied) with contraflow: both directions ridden. Lua's
            // next branch (`cycleway:left|right` opposite → the direction against the flow)
            // can never be reached: this one already covers those tags.
            (onForward, onBackward) = (true, true)
        } else if isLane(both) || isLane(left) || isLane(right) {
            // A lane with the flow, on either side: it re-opens the flow's direction only
            // (`motorway` + `cycleway:left=track`: forward), never the other.
            if reverse { onBackward = true } else { onForward = true }
        }
        let lane = CyclingProfile.Direction(transport: .road, speed: CyclingProfile.bicycleSpeeds["cycleway"]!)
        if onForward { forward = lane }
        if onBackward { backward = lane }
    }
}
