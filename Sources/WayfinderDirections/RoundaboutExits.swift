/// The Mapbox Directions API's `roundabout_exits`. OSRM gives a ring two steps, one entering
/// it ("Enter the roundabout and take the 2nd exit") and one at the exit taken ("Exit the
/// roundabout onto Main Street"): Mapbox does so with `roundabout_exits=true`, and by default
/// gives one step that enters and leaves the ring. Here the OSRM answer stays the default
/// (osrm-routed clients expect it), `roundabout_exits=true` asks for the same, and
/// `roundabout_exits=false` folds each exit step into the step entering its ring.
extension Directions {
    /// These directions as `roundabout_exits` asks: unchanged unless `keep` is false.
    public func withRingExits(_ keep: Bool?) -> Directions {
        guard keep == false, steps.contains(where: { $0.maneuver.type.leavesRing }) else { return self }
        var folded: [RouteStep] = []
        folded.reserveCapacity(steps.count)
        for step in steps {
            // An exit step right after the step entering its ring joins it: the ring and the
            // road after the exit become one stretch, named by the road (as the entering
            // step already is), with every intersection of both.
            if step.maneuver.type.leavesRing, let last = folded.last, last.maneuver.type.entersRing {
                var joined = last
                joined.distance += step.distance
                joined.duration += step.duration
                joined.geometry = last.geometry.lowerBound...step.geometry.upperBound
                if !last.intersections.isEmpty || !step.intersections.isEmpty {
                    joined.intersections = last.intersections.lowerBound..<step.intersections.upperBound
                }
                (joined.name, joined.ref, joined.destinations, joined.exits, joined.pronunciation) =
                    (step.name, step.ref, step.destinations, step.exits, step.pronunciation)
                joined.roadClass = step.roadClass
                folded[folded.count - 1] = joined
            } else {
                folded.append(step)
            }
        }
        return Directions(mode: mode, drivingSide: drivingSide, line: line, steps: folded,
                          intersectionRoads: intersectionRoads, distance: distance, duration: duration,
                          annotation: annotation, intersections: intersections, lanes: lanes)
    }
}
