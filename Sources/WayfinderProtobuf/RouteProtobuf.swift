import CWayfinderProto
import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// The OSRM v5 route response as a protobuf message (`format=pbf`, schema in
/// `Sources/CWayfinderProto/wayfinder_route.proto`), encoded with libprotobuf-c. It carries
/// the same content as `OSRMRouteResponse`'s JSON for the same arguments: the same numbers
/// at the JSON's precision, the same strings, coordinates in microdegrees.
public enum RouteProtobuf {
    /// A `RouteResponse` with code "Ok", one route of `legs.count` legs through
    /// `legs.count + 1` waypoints; `inputs` are the requested coordinates (arrival sides).
    public static func encode(legs: [Route], inputs: [FixedCoordinate], builder: DirectionsBuilder,
                              options: ResponseOptions) -> [UInt8] {
        encode(routes: [legs], inputs: inputs, builder: builder, options: options)
    }

    /// The same with several routes through the same waypoints, the best first (`routes[i]`
    /// are route i's legs), as `OSRMRouteResponse.write(routes:…)`.
    public static func encode(routes: [[Route]], inputs: [FixedCoordinate], builder: DirectionsBuilder,
                              options: ResponseOptions, waypoints: [Snap]? = nil) -> [UInt8] {
        precondition(routes.allSatisfy { !$0.isEmpty && inputs.count == $0.count + 1 }, "a route of n legs has n + 1 inputs")
        let arena = MessageArena()
        let response = arena.allocate(Wayfinder__RouteResponse.self, count: 1)
        wayfinder__route_response__init(response)
        response.pointee.code = arena.string("Ok")
        response.pointee.n_routes = routes.count
        response.pointee.routes = arena.allocate(UnsafeMutablePointer<Wayfinder__Route>?.self, count: routes.count)
        for (i, legs) in routes.enumerated() {
            let directions = OSRMRouteResponse.directions(legs: legs, inputs: inputs, builder: builder, options: options)
            var encoder = ResponseEncoder(arena: arena, options: options, routes: legs, legs: directions)
            response.pointee.routes[i] = encoder.route()
            if i == 0 && !options.skipWaypoints {
                let snaps = waypoints ?? OSRMRouteResponse.snaps(of: legs)
                response.pointee.n_waypoints = snaps.count
                response.pointee.waypoints = encoder.waypoints(snaps, graph: builder.graph)
            }
        }
        return pack(response)
    }

    /// A `RouteResponse` with only `code` and `message`: OSRM's error answer.
    public static func encodeError(code: String, message: String) -> [UInt8] {
        let arena = MessageArena()
        let response = arena.allocate(Wayfinder__RouteResponse.self, count: 1)
        wayfinder__route_response__init(response)
        response.pointee.code = arena.string(code)
        response.pointee.message = arena.string(message)
        return pack(response)
    }

    private static func pack(_ message: UnsafePointer<Wayfinder__RouteResponse>) -> [UInt8] {
        let size = wayfinder__route_response__get_packed_size(message)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = wayfinder__route_response__pack(message, buffer.baseAddress)
        }
    }
}

/// Fills the message structs of one response in an arena. Every array of a kind (steps,
/// maneuvers, intersections, coordinates, ...) is one slab sized before filling.
struct ResponseEncoder {
    let arena: MessageArena
    let options: ResponseOptions
    let routes: [Route]
    let legs: [Directions]
    /// The totals and rounded lists, as the JSON has them.
    let figures: RouteFigures
    /// Digits of an encoded polyline, when the lines are polylines.
    private let precision: Int
    private let overview: [FixedCoordinate]?
    private var steps: Slab<Wayfinder__RouteStep>
    private var stepPointers: Slab<UnsafeMutablePointer<Wayfinder__RouteStep>?>
    private var maneuvers: Slab<Wayfinder__StepManeuver>
    private var intersections: Slab<Wayfinder__Intersection>
    private var intersectionPointers: Slab<UnsafeMutablePointer<Wayfinder__Intersection>?>
    private var bearings: Slab<UInt32>
    private var entries: Slab<protobuf_c_boolean>
    private var coordinates: Slab<Wayfinder__Coordinate>
    private var lines: Slab<Wayfinder__LineString>
    private var lineCoordinates: Slab<Int32>
    private var annotations: Slab<Wayfinder__Annotation>
    private var annotationValues: Slab<Double>

    init(arena: MessageArena, options: ResponseOptions, routes: [Route], legs: [Directions]) {
        self.arena = arena
        self.options = options
        self.routes = routes
        self.legs = legs
        figures = RouteFigures(legs: routes, directions: legs, options: options)
        precision = options.geometry == .polyline6 ? 6 : 5
        overview = options.overview.line(of: OSRMRouteResponse.wholeLine(legs))
        let stepCount = options.steps ? legs.reduce(0) { $0 + $1.steps.count } : 0
        var roadCount = 0, linePoints = overview?.count ?? 0, intersectionCount = 0
        if options.steps {
            for d in legs {
                for step in d.steps {
                    if step.intersections.isEmpty {
                        roadCount += step.intersection.count
                        intersectionCount += 1
                    } else {
                        for x in d.intersections[step.intersections] { roadCount += x.roads.count }
                        intersectionCount += step.intersections.count
                    }
                    linePoints += max(2, step.geometry.count)
                }
            }
        }
        let geojson = options.geometry == .geojson
        steps = arena.slab(Wayfinder__RouteStep.self, count: stepCount)
        stepPointers = arena.slab(UnsafeMutablePointer<Wayfinder__RouteStep>?.self, count: stepCount)
        maneuvers = arena.slab(Wayfinder__StepManeuver.self, count: stepCount)
        intersections = arena.slab(Wayfinder__Intersection.self, count: intersectionCount)
        intersectionPointers = arena.slab(UnsafeMutablePointer<Wayfinder__Intersection>?.self, count: intersectionCount)
        bearings = arena.slab(UInt32.self, count: roadCount)
        entries = arena.slab(protobuf_c_boolean.self, count: roadCount)
        // A maneuver location per step, one per intersection, and one per waypoint.
        coordinates = arena.slab(Wayfinder__Coordinate.self, count: stepCount + intersectionCount + legs.count + 1)
        lines = arena.slab(Wayfinder__LineString.self, count: geojson ? stepCount + 1 : 0)
        lineCoordinates = arena.slab(Int32.self, count: geojson ? 2 * linePoints : 0)
        var valueCount = 0
        for d in legs {
            if options.annotations.contains(.distance) { valueCount += max(1, d.annotation?.distance.count ?? 0) }
            if options.annotations.contains(.duration) { valueCount += max(1, d.annotation?.duration.count ?? 0) }
        }
        annotations = arena.slab(Wayfinder__Annotation.self, count: options.annotations.isEmpty ? 0 : legs.count)
        annotationValues = arena.slab(Double.self, count: valueCount)
    }

    mutating func route() -> UnsafeMutablePointer<Wayfinder__Route> {
        let route = arena.allocate(Wayfinder__Route.self, count: 1)
        wayfinder__route__init(route)
        let legStructs = arena.allocate(Wayfinder__RouteLeg.self, count: legs.count)
        let legPointers = arena.allocate(UnsafeMutablePointer<Wayfinder__RouteLeg>?.self, count: legs.count)
        for (i, d) in legs.enumerated() {
            legPointers[i] = legStructs + i
            fillLeg(legStructs + i, d, figures.legs[i])
        }
        route.pointee.n_legs = legs.count
        route.pointee.legs = legPointers
        route.pointee.weight_name = arena.string("duration")
        setTotals(&route.pointee.has_distance, &route.pointee.distance, &route.pointee.has_duration, &route.pointee.duration,
                  &route.pointee.has_weight, &route.pointee.weight, distance: figures.distance, duration: figures.duration)
        if let overview {
            if options.geometry == .geojson {
                route.pointee.geometry_case = WAYFINDER__ROUTE__GEOMETRY_COORDINATES
                route.pointee.coordinates = lineString(overview[...])
            } else {
                route.pointee.geometry_case = WAYFINDER__ROUTE__GEOMETRY_POLYLINE
                route.pointee.polyline = arena.polyline(overview[...], precision: precision)
            }
        }
        return route
    }

    private mutating func fillLeg(_ leg: UnsafeMutablePointer<Wayfinder__RouteLeg>, _ d: Directions, _ f: RouteFigures.Leg) {
        wayfinder__route_leg__init(leg)
        leg.pointee.summary = arena.string(f.summary)
        setTotals(&leg.pointee.has_distance, &leg.pointee.distance, &leg.pointee.has_duration, &leg.pointee.duration,
                  &leg.pointee.has_weight, &leg.pointee.weight, distance: f.distance, duration: f.duration)
        if !options.annotations.isEmpty { leg.pointee.annotation = annotation(f) }
        guard options.steps else { return }
        let pointers = stepPointers.take(d.steps.count)
        for (k, step) in d.steps.enumerated() {
            pointers[k] = steps.next()
            fillStep(pointers[k]!, step, of: d, distance: Double(f.stepDistances[k]) / 10, duration: Double(f.stepDurations[k]) / 10)
        }
        leg.pointee.n_steps = d.steps.count
        leg.pointee.steps = pointers
    }

    /// The requested lists of per-stretch values.
    private mutating func annotation(_ f: RouteFigures.Leg) -> UnsafeMutablePointer<Wayfinder__Annotation> {
        let a = annotations.next()
        wayfinder__annotation__init(a)
        func fill(_ tenths: [Int64], _ count: inout Int, _ field: inout UnsafeMutablePointer<Double>?) {
            let out = annotationValues.take(tenths.count)
            for (k, value) in tenths.enumerated() { out[k] = Double(value) / 10 }
            count = tenths.count
            field = out
        }
        if options.annotations.contains(.distance) { fill(f.stretchDistances, &a.pointee.n_distance, &a.pointee.distance) }
        if options.annotations.contains(.duration) { fill(f.stretchDurations, &a.pointee.n_duration, &a.pointee.duration) }
        return a
    }

    private mutating func fillStep(_ p: UnsafeMutablePointer<Wayfinder__RouteStep>, _ step: RouteStep, of d: Directions,
                                   distance: Double, duration: Double) {
        wayfinder__route_step__init(p)
        p.pointee.has_distance = 1
        p.pointee.distance = distance
        p.pointee.has_duration = 1
        p.pointee.duration = duration
        p.pointee.has_weight = 1
        p.pointee.weight = duration
        p.pointee.name = arena.string(step.name)
        if !step.ref.isEmpty { p.pointee.ref = arena.string(step.ref) }
        if let rotaryName = step.rotaryName { p.pointee.rotary_name = arena.string(rotaryName) }
        if let destinations = step.destinations { p.pointee.destinations = arena.string(destinations) }
        if let exits = step.exits { p.pointee.exits = arena.string(exits) }
        if let pronunciation = step.pronunciation { p.pointee.pronunciation = arena.string(pronunciation) }
        p.pointee.has_mode = 1
        switch step.transport {
        case .ferry: p.pointee.mode = WAYFINDER__TRAVEL_MODE__TRAVEL_MODE_FERRY
        case .train: p.pointee.mode = WAYFINDER__TRAVEL_MODE__TRAVEL_MODE_TRAIN
        case .pushing: p.pointee.mode = WAYFINDER__TRAVEL_MODE__TRAVEL_MODE_PUSHING_BIKE
        case .road:
            switch d.mode {
            case .driving: p.pointee.mode = WAYFINDER__TRAVEL_MODE__TRAVEL_MODE_DRIVING
            case .walking: p.pointee.mode = WAYFINDER__TRAVEL_MODE__TRAVEL_MODE_WALKING
            case .cycling: p.pointee.mode = WAYFINDER__TRAVEL_MODE__TRAVEL_MODE_CYCLING
            }
        }
        p.pointee.has_driving_side = 1
        p.pointee.driving_side = d.drivingSide == .left ? WAYFINDER__DRIVING_SIDE__DRIVING_SIDE_LEFT : WAYFINDER__DRIVING_SIDE__DRIVING_SIDE_RIGHT
        p.pointee.instruction = arena.string(step.instruction)
        var points = d.geometry(of: step)
        if points.count == 1 { points = [points.first!, points.first!][...] }   // as OSRM (and the JSON) do
        if options.geometry == .geojson {
            p.pointee.geometry_case = WAYFINDER__ROUTE_STEP__GEOMETRY_COORDINATES
            p.pointee.coordinates = lineString(points)
        } else {
            p.pointee.geometry_case = WAYFINDER__ROUTE_STEP__GEOMETRY_POLYLINE
            p.pointee.polyline = arena.polyline(points, precision: precision)
        }
        let m = step.maneuver
        let maneuver = maneuvers.next()
        wayfinder__step_maneuver__init(maneuver)
        maneuver.pointee.has_type = 1
        maneuver.pointee.type = Self.type(m.type)
        if let modifier = m.modifier {
            maneuver.pointee.has_modifier = 1
            maneuver.pointee.modifier = Self.modifier(modifier)
        }
        maneuver.pointee.has_bearing_before = 1
        maneuver.pointee.bearing_before = UInt32(m.bearingBefore)
        maneuver.pointee.has_bearing_after = 1
        maneuver.pointee.bearing_after = UInt32(m.bearingAfter)
        maneuver.pointee.location = coordinate(m.location)
        if let exit = m.exit {
            maneuver.pointee.has_exit = 1
            maneuver.pointee.exit = UInt32(exit)
        }
        p.pointee.maneuver = maneuver

        if step.intersections.isEmpty {
            // A step made without its list (by hand): the maneuver's intersection.
            let pointer = intersectionPointers.next()
            pointer.pointee = intersection(StepIntersection(location: m.location, roads: step.intersection,
                                                            in: step.intersectionIn, out: step.intersectionOut,
                                                            classes: step.classes, lanes: 0..<0), of: d)
            p.pointee.n_intersections = 1
            p.pointee.intersections = pointer
        } else {
            let pointers = intersectionPointers.take(step.intersections.count)
            for (k, j) in step.intersections.enumerated() { pointers[k] = intersection(d.intersections[j], of: d) }
            p.pointee.n_intersections = step.intersections.count
            p.pointee.intersections = pointers
        }
    }

    /// One intersection of a step, with its roads, classes and lanes.
    private mutating func intersection(_ x: StepIntersection, of d: Directions) -> UnsafeMutablePointer<Wayfinder__Intersection> {
        let intersection = intersections.next()
        wayfinder__intersection__init(intersection)
        intersection.pointee.location = coordinate(x.location)
        let roads = x.roads
        let stepBearings = bearings.take(roads.count), stepEntries = entries.take(roads.count)
        for (k, road) in d.intersectionRoads[roads].enumerated() {
            stepBearings[k] = UInt32(road.bearing)
            stepEntries[k] = road.entry ? 1 : 0
        }
        intersection.pointee.n_bearings = roads.count
        intersection.pointee.bearings = stepBearings
        intersection.pointee.n_entry = roads.count
        intersection.pointee.entry = stepEntries
        if let i = x.in {
            intersection.pointee.has_in_index = 1
            intersection.pointee.in_index = UInt32(i)
        }
        if let o = x.out {
            intersection.pointee.has_out_index = 1
            intersection.pointee.out_index = UInt32(o)
        }
        if !x.classes.isEmpty {
            let names = x.classes.names
            let strings = arena.allocate(UnsafeMutablePointer<CChar>?.self, count: names.count)
            for (k, name) in names.enumerated() { strings[k] = arena.string(name) }
            intersection.pointee.n_classes = names.count
            intersection.pointee.classes = strings
        }
        if !x.lanes.isEmpty {
            // Few intersections have lanes: taken from the arena as they come.
            let lanes = arena.allocate(Wayfinder__Lane.self, count: x.lanes.count)
            let pointers = arena.allocate(UnsafeMutablePointer<Wayfinder__Lane>?.self, count: x.lanes.count)
            for (k, j) in x.lanes.enumerated() {
                let lane = d.lanes[j], mask = lane.indications.rawValue
                wayfinder__lane__init(lanes + k)
                let count = mask.nonzeroBitCount
                let arrows = arena.allocate(Wayfinder__LaneIndication.self, count: count)
                var n = 0
                for bit in 0..<LaneIndications.names.count where mask & (1 << UInt16(bit)) != 0 {
                    arrows[n] = Wayfinder__LaneIndication(rawValue: UInt32(bit))
                    n += 1
                }
                lanes[k].n_indications = count
                lanes[k].indications = arrows
                lanes[k].has_valid = 1
                lanes[k].valid = lane.valid ? 1 : 0
                pointers[k] = lanes + k
            }
            intersection.pointee.n_lanes = x.lanes.count
            intersection.pointee.lanes = pointers
        }
        return intersection
    }

    /// The waypoints: each input as snapped, with its distance from the input, and an empty
    /// `hint` unless `generate_hints=false` (then absent, as the JSON has none).
    mutating func waypoints(_ snaps: [Snap], graph: RoutingGraph) -> UnsafeMutablePointer<UnsafeMutablePointer<Wayfinder__Waypoint>?> {
        let structs = arena.allocate(Wayfinder__Waypoint.self, count: snaps.count)
        let pointers = arena.allocate(UnsafeMutablePointer<Wayfinder__Waypoint>?.self, count: snaps.count)
        for (i, snap) in snaps.enumerated() {
            let w = structs + i
            wayfinder__waypoint__init(w)
            w.pointee.name = arena.string(graph.name(ofSegment: snap.segment))
            w.pointee.has_distance = 1
            w.pointee.distance = Self.rounded(snap.distance, decimals: 3)
            w.pointee.location = coordinate(snap.location)
            if options.generateHints { w.pointee.hint = arena.string("") }
            pointers[i] = w
        }
        return pointers
    }

    // MARK: Values

    /// Distance, duration and weight (= duration) of a route or leg (`RouteFigures`: tenths of
    /// metres, thousandths of seconds), the doubles a JSON reader gets from the JSON's numbers.
    private func setTotals(_ hasDistance: inout protobuf_c_boolean, _ distanceField: inout Double,
                           _ hasDuration: inout protobuf_c_boolean, _ durationField: inout Double,
                           _ hasWeight: inout protobuf_c_boolean, _ weightField: inout Double,
                           distance: Int64, duration: Int64) {
        hasDistance = 1
        distanceField = Double(distance) / 10
        hasDuration = 1
        durationField = Double(duration) / 1000
        hasWeight = 1
        weightField = durationField
    }

    /// `value` rounded to `decimals` places: the double a JSON reader gets from the number
    /// the JSON writer prints (both are the correctly rounded quotient of the same integers).
    static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = decimals == 1 ? 10.0 : decimals == 3 ? 1000.0 : pow10(decimals)
        return (value * scale).rounded() / scale
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

    /// Microdegrees, rounded as the JSON's 6 decimals.
    static func microdegrees(_ v: Int32) -> Int32 { Int32(truncatingIfNeeded: JSONBuffer.roundedToMicrodegrees(v)) }

    private mutating func coordinate(_ p: FixedCoordinate) -> UnsafeMutablePointer<Wayfinder__Coordinate> {
        let c = coordinates.next()
        wayfinder__coordinate__init(c)
        c.pointee.has_lon = 1
        c.pointee.lon = Self.microdegrees(p.lon)
        c.pointee.has_lat = 1
        c.pointee.lat = Self.microdegrees(p.lat)
        return c
    }

    private mutating func lineString(_ points: ArraySlice<FixedCoordinate>) -> UnsafeMutablePointer<Wayfinder__LineString> {
        let line = lines.next()
        wayfinder__line_string__init(line)
        let values = lineCoordinates.take(2 * points.count)
        for (k, p) in points.enumerated() {
            values[2 * k] = Self.microdegrees(p.lon)
            values[2 * k + 1] = Self.microdegrees(p.lat)
        }
        line.pointee.n_coordinates = 2 * points.count
        line.pointee.coordinates = values
        return line
    }

    static func type(_ t: ManeuverType) -> Wayfinder__ManeuverType {
        switch t {
        case .depart: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_DEPART
        case .arrive: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_ARRIVE
        case .turn: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_TURN
        case .newName: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_NEW_NAME
        case .continue: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_CONTINUE
        case .endOfRoad: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_END_OF_ROAD
        case .fork: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_FORK
        case .merge: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_MERGE
        case .onRamp: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_ON_RAMP
        case .offRamp: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_OFF_RAMP
        case .roundabout: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_ROUNDABOUT
        case .exitRoundabout: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_EXIT_ROUNDABOUT
        case .notification: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_NOTIFICATION
        case .rotary: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_ROTARY
        case .roundaboutTurn: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_ROUNDABOUT_TURN
        case .exitRotary: return WAYFINDER__MANEUVER_TYPE__MANEUVER_TYPE_EXIT_ROTARY
        }
    }

    static func modifier(_ m: ManeuverModifier) -> Wayfinder__ManeuverModifier {
        switch m {
        case .uturn: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_UTURN
        case .sharpRight: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_SHARP_RIGHT
        case .right: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_RIGHT
        case .slightRight: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_SLIGHT_RIGHT
        case .straight: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_STRAIGHT
        case .slightLeft: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_SLIGHT_LEFT
        case .left: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_LEFT
        case .sharpLeft: return WAYFINDER__MANEUVER_MODIFIER__MODIFIER_SHARP_LEFT
        }
    }
}
