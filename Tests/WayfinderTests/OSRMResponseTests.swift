import Foundation
import Testing
@testable import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// The OSRM v5 /route response through several waypoints: legs, waypoints, options,
/// annotations, checked on a hand-drawn map and on real extracts by parsing the JSON.
@Suite struct OSRMResponseTests {
    /// Snaps each input once and routes between consecutive ones, as a server does.
    func legs(_ router: Router, _ inputs: [FixedCoordinate]) throws -> [Route] {
        let snaps = try inputs.map { input throws -> Snap in
            guard let snap = router.snapper.nearest(to: input, maxDistance: 5000) else { throw RouteError.noSegment(isSource: false) }
            return snap.main ?? snap.any
        }
        return try (1..<snaps.count).map { i throws -> Route in try router.route(from: snaps[i - 1], to: snaps[i]) }
    }

    /// Writes the response and parses it with Foundation.
    func response(_ legs: [Route], _ inputs: [FixedCoordinate], _ builder: DirectionsBuilder,
                  _ options: ResponseOptions, into json: JSONBuffer = JSONBuffer()) throws -> [String: Any] {
        OSRMRouteResponse.write(legs: legs, inputs: inputs, builder: builder, options: options, into: json)
        let data = json.withUnsafeBytes { Data($0) }
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The points of a `geometry` value in the chosen format, as [lon, lat].
    func points(_ geometry: Any?, _ format: GeometryFormat) throws -> [[Double]] {
        switch format {
        case .geojson:
            let object = try #require(geometry as? [String: Any])
            #expect(object["type"] as? String == "LineString")
            return try #require(object["coordinates"] as? [[Double]])
        case .polyline, .polyline6:
            let encoded = try #require(geometry as? String)
            let decoded = try #require(Polyline.decode(encoded, precision: format == .polyline6 ? 6 : 5))
            return decoded.map { [$0.lon, $0.lat] }
        }
    }

    /// What every response must satisfy, whatever the options; returns the route object.
    @discardableResult
    func checkResponse(_ json: [String: Any], legs: [Route], builder: DirectionsBuilder, options: ResponseOptions,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(json["code"] as? String == "Ok", sourceLocation: sourceLocation)
        let routes = try #require(json["routes"] as? [[String: Any]], sourceLocation: sourceLocation)
        try #require(routes.count == 1, sourceLocation: sourceLocation)
        let route = routes[0]
        let legObjects = try #require(route["legs"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(legObjects.count == legs.count, sourceLocation: sourceLocation)
        let waypoints = try #require(json["waypoints"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(waypoints.count == legs.count + 1, sourceLocation: sourceLocation)
        for (i, waypoint) in waypoints.enumerated() {
            let snap = i == 0 ? legs[0].source : legs[i - 1].target
            let location = try #require(waypoint["location"] as? [Double], sourceLocation: sourceLocation)
            #expect(abs(location[0] - snap.location.longitude) < 1e-6 && abs(location[1] - snap.location.latitude) < 1e-6,
                    sourceLocation: sourceLocation)
            #expect(waypoint["hint"] as? String == "" && waypoint["name"] is String, sourceLocation: sourceLocation)
            #expect(abs(try #require(waypoint["distance"] as? Double) - snap.distance) < 0.001, sourceLocation: sourceLocation)
        }

        var distance = 0.0, duration = 0.0, stretches = 0
        for (i, leg) in legObjects.enumerated() {
            let legDistance = try #require(leg["distance"] as? Double, sourceLocation: sourceLocation)
            let legDuration = try #require(leg["duration"] as? Double, sourceLocation: sourceLocation)
            #expect(leg["weight"] as? Double == legDuration, sourceLocation: sourceLocation)
            #expect(abs(legDuration - legs[i].duration) < 0.001, sourceLocation: sourceLocation)
            distance += legDistance
            duration += legDuration
            let steps = try #require(leg["steps"] as? [[String: Any]], sourceLocation: sourceLocation)
            let summary = try #require(leg["summary"] as? String, sourceLocation: sourceLocation)
            if options.steps {
                let types = steps.map { ($0["maneuver"] as? [String: Any])?["type"] as? String }
                #expect(types.first == "depart" && types.last == "arrive", sourceLocation: sourceLocation)
                #expect(types.dropFirst().dropLast().allSatisfy { $0 != "depart" && $0 != "arrive" }, sourceLocation: sourceLocation)
                let stepDistance = steps.reduce(0.0) { $0 + ($1["distance"] as? Double ?? .nan) }
                let stepDuration = steps.reduce(0.0) { $0 + ($1["duration"] as? Double ?? .nan) }
                #expect(abs(stepDistance - legDistance) < 0.01, sourceLocation: sourceLocation)
                #expect(abs(stepDuration - legDuration) < 0.1, sourceLocation: sourceLocation)
                let arrival = try #require(steps.last?["instruction"] as? String, sourceLocation: sourceLocation)
                let ordinal = i + 1 < legs.count ? Instructions.ordinal(i + 1) + " " : ""
                #expect(arrival.hasPrefix("You have arrived at your \(ordinal)destination"), "\(arrival)", sourceLocation: sourceLocation)
                for step in steps { _ = try points(step["geometry"], options.geometry) }
            } else {
                #expect(steps.isEmpty && summary.isEmpty, sourceLocation: sourceLocation)
            }
            if options.annotations.isEmpty {
                #expect(leg["annotation"] == nil, sourceLocation: sourceLocation)
                continue
            }
            let annotation = try #require(leg["annotation"] as? [String: Any], sourceLocation: sourceLocation)
            let line = builder.directions(for: legs[i]).line
            let pairs = max(1, line.count - 1)
            stretches += pairs
            for (key, total, tolerance) in [("distance", legDistance, 1e-6), ("duration", legDuration, 0.05 + 1e-6)] {
                let asked = options.annotations.contains(key == "distance" ? .distance : .duration)
                guard asked else { #expect(annotation[key] == nil, sourceLocation: sourceLocation); continue }
                let values = try #require(annotation[key] as? [Double], sourceLocation: sourceLocation)
                #expect(values.count == pairs, "\(key): \(values.count) values for \(line.count) points", sourceLocation: sourceLocation)
                #expect(values.allSatisfy { $0 >= 0 }, sourceLocation: sourceLocation)
                #expect(abs(values.reduce(0, +) - total) <= tolerance, "\(key) adds up to \(values.reduce(0, +)), not \(total)",
                        sourceLocation: sourceLocation)
            }
        }
        let routeDistance = try #require(route["distance"] as? Double, sourceLocation: sourceLocation)
        let routeDuration = try #require(route["duration"] as? Double, sourceLocation: sourceLocation)
        #expect(abs(routeDistance - distance) < 0.1 * Double(legs.count), sourceLocation: sourceLocation)
        #expect(abs(routeDuration - duration) < 0.001, sourceLocation: sourceLocation)
        #expect(route["weight"] as? Double == routeDuration && route["weight_name"] as? String == "duration",
                sourceLocation: sourceLocation)

        // The overview: from the first waypoint to the last; full = every leg's line end to end.
        if options.overview == .none {
            #expect(route["geometry"] == nil, sourceLocation: sourceLocation)
        } else {
            let overview = try points(route["geometry"], options.geometry)
            let tolerance = options.geometry == .polyline ? 1e-5 : 1e-6
            let first = legs[0].source.location, last = legs[legs.count - 1].target.location
            #expect(abs(overview[0][0] - first.longitude) <= tolerance && abs(overview[0][1] - first.latitude) <= tolerance,
                    sourceLocation: sourceLocation)
            #expect(abs(overview[overview.count - 1][0] - last.longitude) <= tolerance
                    && abs(overview[overview.count - 1][1] - last.latitude) <= tolerance, sourceLocation: sourceLocation)
            let lines = legs.map { builder.directions(for: $0).line }
            let full = lines.reduce(0) { $0 + $1.count } - (legs.count - 1)
            if options.overview == .full {
                #expect(overview.count == max(2, full), sourceLocation: sourceLocation)
                if !options.annotations.isEmpty { #expect(overview.count - 1 == stretches, sourceLocation: sourceLocation) }
            } else {
                #expect(overview.count <= max(2, full), sourceLocation: sourceLocation)
            }
        }
        return route
    }

    /// Every combination of the options.
    static let allOptions: [ResponseOptions] = [false, true].flatMap { steps in
        GeometryFormat.allCases.flatMap { geometry in
            Overview.allCases.flatMap { overview in
                [RouteAnnotations(), .distance, .duration, [.distance, .duration]].map {
                    ResponseOptions(steps: steps, geometry: geometry, overview: overview, annotations: $0)
                }
            }
        }
    }

    // MARK: A hand-drawn map (`MapFixture.tJunction` is drawn in Support/MapFixture.swift)

    @Test func threeWaypointsOnAFixture() throws {
        let map = MapFixture.tJunction
        let graph = try map.graph(.driving)
        let builder = DirectionsBuilder(graph: graph)
        let inputs = [map.coordinate("a"), map.coordinate("d"), map.coordinate("c")]
        let legs = try legs(Router(graph: graph), inputs)
        for options in Self.allOptions {
            try checkResponse(try response(legs, inputs, builder, options), legs: legs, builder: builder, options: options)
            try checkResponse(try response(Array(legs.prefix(1)), Array(inputs.prefix(2)), builder, options),
                              legs: Array(legs.prefix(1)), builder: builder, options: options)
        }
        let json = try response(legs, inputs, builder, ResponseOptions(steps: true))
        let legObjects = try #require((json["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])
        let instructions = legObjects.map { ($0["steps"] as? [[String: Any]] ?? []).map { $0["instruction"] as? String ?? "" } }
        #expect(instructions == [
            ["Head east on Mannerheimintie", "Turn right onto Side Street", "You have arrived at your 1st destination"],
            ["Head north on Side Street", "Turn right onto Mannerheimintie", "You have arrived at your destination"],
        ])
        #expect(legObjects.map { $0["summary"] as? String } == ["Mannerheimintie, Side Street", "Side Street, Mannerheimintie"])
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        #expect(waypoints.map { $0["name"] as? String } == ["Mannerheimintie", "Side Street", "Mannerheimintie"])
    }

    @Test func annotationsFollowTheSpeedOfEachStretch() throws {
        // A fast road then a slow one, in one step: each stretch's duration follows its own road.
        var map = MapFixture("a-----------b-----------c")
        map.way("ab", ["highway": "primary", "name": "Carrer Major"])
        map.way("bc", ["highway": "residential", "name": "Carrer Major"])
        let graph = try map.graph(.driving)
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate("c"))
        let directions = DirectionsBuilder(graph: graph).directions(for: route, annotated: true)
        let annotation = try #require(directions.annotation)
        #expect(directions.steps.count == 2)
        #expect(annotation.distance.count == directions.line.count - 1)
        for (i, metres) in annotation.distance.enumerated() {
            #expect(abs(metres - Geo.distance(directions.line[i], directions.line[i + 1])) < 0.5)
        }
        let speeds = zip(annotation.distance, annotation.duration).map { $0 / $1 }
        #expect(speeds.count == 2 && speeds[0] > speeds[1] * 1.5, "\(speeds)")
        #expect(abs(annotation.distance.reduce(0, +) - directions.distance) < 1e-6)
        #expect(abs(annotation.duration.reduce(0, +) - directions.duration) < 1e-6)
    }

    @Test func intermediateArrivalsCountTheWaypoints() {
        let arrive = Maneuver(type: .arrive, modifier: .left, bearingBefore: 90, bearingAfter: 0,
                              location: FixedCoordinate(lat: 0, lon: 0), exit: nil)
        func text(_ waypoint: Int?) -> String {
            Instructions.english(arrive, name: "", ref: "", roadClass: .residential, mode: .driving, waypoint: waypoint)
        }
        #expect(text(nil) == "You have arrived at your destination, on the left")
        #expect(text(1) == "You have arrived at your 1st destination, on the left")
        #expect(text(2) == "You have arrived at your 2nd destination, on the left")
        #expect(text(11) == "You have arrived at your 11th destination, on the left")
    }

    // MARK: Real extracts

    /// Loading records ahead (done on large graphs only) reads and changes nothing: the same
    /// bytes with it as without, on random routes of a real extract.
    @Test(arguments: [TravelMode.driving, .walking])
    func warmedRecordsChangeNoByte(mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let router = Router(graph: graph)
        let builders = [DirectionsBuilder(graph: graph, warmingRecords: true), DirectionsBuilder(graph: graph, warmingRecords: false)]
        let options = ResponseOptions(steps: true, overview: .full, annotations: [.distance, .duration])
        var rng = SplitMix64(seed: 17)
        var compared = 0
        for _ in 0..<400 {
            let inputs = [randomCoordinate(graph, &rng), randomCoordinate(graph, &rng)]
            guard let routeLegs = try? legs(router, inputs) else { continue }
            let bytes = builders.map { builder in
                let json = JSONBuffer()
                OSRMRouteResponse.write(legs: routeLegs, inputs: inputs, builder: builder, options: options, into: json)
                return json.bytes
            }
            #expect(bytes[0] == bytes[1])
            compared += 1
        }
        #expect(compared > 200)
    }

    @Test(arguments: [("andorra", TravelMode.driving), ("andorra", .walking), ("monaco", .driving)])
    func waypointsOnARealExtract(extract: String, mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph(extract, mode)
        let router = Router(graph: graph)
        let builder = DirectionsBuilder(graph: graph)
        let json = JSONBuffer()   // one buffer for every response, as a server thread keeps it
        var rng = SplitMix64(seed: 5)
        var tried = 0
        for waypointCount in [2, 3, 2, 3, 4] {
            var inputs: [FixedCoordinate] = [], routeLegs: [Route] = []
            while routeLegs.isEmpty {
                inputs = (0..<waypointCount).map { _ in randomCoordinate(graph, &rng) }
                routeLegs = (try? legs(router, inputs)) ?? []
                tried += 1
                try #require(tried < 200)
            }
            for options in Self.allOptions {
                json.reset()
                try checkResponse(try response(routeLegs, inputs, builder, options, into: json), legs: routeLegs,
                                  builder: builder, options: options)
            }
            // A reused buffer writes exactly what a new one does.
            let options = ResponseOptions(steps: true, overview: .full, annotations: [.distance, .duration])
            json.reset()
            OSRMRouteResponse.write(legs: routeLegs, inputs: inputs, builder: builder, options: options, into: json)
            let fresh = JSONBuffer(capacity: 64)
            OSRMRouteResponse.write(legs: routeLegs, inputs: inputs, builder: builder, options: options, into: fresh)
            #expect(json.bytes == fresh.bytes)
            // Totals only (no steps, line or annotations) skip the directions: same bytes.
            let totals = ResponseOptions(steps: false, overview: .none)
            json.reset()
            OSRMRouteResponse.write(legs: routeLegs, inputs: inputs, builder: builder, options: totals, into: json)
            let built = routeLegs.indices.map { i in
                builder.directions(for: routeLegs[i], destination: inputs[i + 1], waypoint: i + 1 < routeLegs.count ? i + 1 : nil)
            }
            let slow = JSONBuffer()
            OSRMRouteResponse.write(legs: routeLegs, directions: built, graph: graph, options: totals, into: slow)
            #expect(json.bytes == slow.bytes)
        }
    }

    @Test func fullOverviewIsTheLegsLinesEndToEnd() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let builder = DirectionsBuilder(graph: graph)
        let inputs = [FixedCoordinate(latitude: 42.5063, longitude: 1.5218), FixedCoordinate(latitude: 42.5094, longitude: 1.5381),
                      FixedCoordinate(latitude: 42.5425, longitude: 1.7336)]
        let legs = try legs(Router(graph: graph), inputs)
        var line: [FixedCoordinate] = []
        for leg in legs { line += builder.directions(for: leg).line.dropFirst(line.isEmpty ? 0 : 1) }
        for format in [GeometryFormat.polyline, .polyline6] {
            for steps in [false, true] {   // joined from the steps' polylines, or encoded whole
                let json = try response(legs, inputs, builder, ResponseOptions(steps: steps, geometry: format, overview: .full))
                let route = try #require((json["routes"] as? [[String: Any]])?.first)
                #expect(route["geometry"] as? String == Polyline.encode(line, precision: format == .polyline6 ? 6 : 5))
            }
        }
    }

    @Test func errorObject() throws {
        let json = JSONBuffer()
        json.osrmError(code: "InvalidQuery", message: "Query string \"malformed\"")
        #expect(json.text == #"{"code":"InvalidQuery","message":"Query string \"malformed\""}"#)
        json.reset()
        json.osrmError(code: "NoRoute", message: "Impossible route between points")
        #expect(json.text == #"{"code":"NoRoute","message":"Impossible route between points"}"#)
        #expect(json.withUnsafeBytes { $0.count } == json.count)
    }
}
