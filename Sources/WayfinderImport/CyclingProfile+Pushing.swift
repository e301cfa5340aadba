import WayfinderGraph

/// Off the saddle: bicycle.lua's `bike_push_handler`, where a cyclist may walk beside the
/// bicycle (`pushing bike`) in a direction it may not be ridden.
extension CyclingProfile.Way {
    /// bicycle.lua `bike_push_handler`, run after the speed, one-way and cycle lane handlers.
    /// It fills only directions that are closed or still have no speed, and only where walkers
    /// are not kept off by exactly `foot=no` (`foot=private` still lets a cyclist push). The
    /// walking speed comes, first match wins, from:
    ///
    /// 1. the road type (footways and pedestrian streets 4 km/h, steps 2), both directions,
    ///    even against a one-way or round a roundabout;
    /// 2. `man_made=pier`, both directions;
    /// 3. `foot=yes`: forward, and backward unless the one-way is implied (no pushing the
    ///    wrong way round a roundabout or along a motorway; against an explicit `oneway=yes`
    ///    the bicycle is pushed);
    /// 4. `foot:forward=yes` or `foot:backward=yes`: that direction only;
    /// 5. a way type the speed handler allows pushing on (every branch but ferries, trains
    ///    and ways without a speed): as `foot=yes`.
    ///
    /// A ferry timed by its `duration` has no speed, so `foot=yes` turns it into pushing (at
    /// walking speed on paper; the duration still decides), as in OSRM.
    ///
    /// Then `bicycle=dismount` pushes both directions at walking speed whatever came before
    /// (one-ways, roundabouts, `foot=no`, ferries and trains).
    mutating func pushBikes(_ tags: OSMTags) {
        let walking = CyclingProfile.walkingSpeed
        if (forward.lacksSpeed || backward.lacksSpeed) && !tags.value("foot", is: "no") {
            var pushForward: Double?, pushBackward: Double?
            let footForward = tags.value("foot:forward", is: "yes"), footBackward = tags.value("foot:backward", is: "yes")
            if let speed = highway.flatMap({ CyclingProfile.pedestrianSpeeds[$0] })
                ?? tags["man_made"].flatMap({ CyclingProfile.manMadeSpeeds[$0] }) {
                (pushForward, pushBackward) = (speed, speed)
            } else if tags.value("foot", is: "yes") || (!footForward && !footBackward && allowsPushing) {
                (pushForward, pushBackward) = (walking, impliedOneway ? nil : walking)
            } else if footForward {
                pushForward = walking
            } else if footBackward {
                pushBackward = walking
            }
            if let speed = pushForward, forward.lacksSpeed { forward = CyclingProfile.Direction(transport: .pushing, speed: speed) }
            if let speed = pushBackward, backward.lacksSpeed { backward = CyclingProfile.Direction(transport: .pushing, speed: speed) }
        }
        if tags.value("bicycle", is: "dismount") {
            eachDirection { $0 = CyclingProfile.Direction(transport: .pushing, speed: walking) }
        }
    }
}
