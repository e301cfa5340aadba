import CWayfinderProto
import Foundation
import Testing
import WayfinderCLI
import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderProtobuf
import WayfinderRouting

/// The binary route response: decoded with protobuf-c (and with Google's protobuf when it is
/// installed), it must say exactly what the JSON writer says for the same route.
@Suite struct RouteProtobufTests {
    /// Random routes on Andorra through `legs + 1` road points.
    func routes(_ mode: TravelMode, legs: Int, count: Int, seed: UInt64) throws -> (RoutingGraph, [([Route], [FixedCoordinate])]) {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let router = Router(graph: graph)
        let points = graph.randomRoadPoints(count: 4 * count * (legs + 1), seed: seed)
        var found: [([Route], [FixedCoordinate])] = []
        var i = 0
        while found.count < count && i + legs < points.count {
            let inputs = Array(points[i...(i + legs)])
            i += legs + 1
            guard let routes = try? (0..<legs).map({ try router.route(from: inputs[$0], to: inputs[$0 + 1]) }) else { continue }
            found.append((routes, inputs))
        }
        try #require(found.count == count)
        return (graph, found)
    }

    /// What the JSON writer says, parsed.
    func writerJSON(legs: [Route], inputs: [FixedCoordinate], builder: DirectionsBuilder, options: ResponseOptions) throws -> [String: Any] {
        let json = JSONBuffer()
        OSRMRouteResponse.write(legs: legs, inputs: inputs, builder: builder, options: options, into: json)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
    }

    /// Every combination of the request's options.
    static let allOptions: [ResponseOptions] = [false, true].flatMap { steps in
        GeometryFormat.allCases.flatMap { geometry in
            Overview.allCases.flatMap { overview in
                [[], [.distance], [.duration], [.distance, .duration]].map { (annotations: RouteAnnotations) in
                    ResponseOptions(steps: steps, geometry: geometry, overview: overview, annotations: annotations)
                }
            }
        }
    }

    /// Random routes of 1 and 2 legs in both modes, encoded with every combination of options.
    @Test(arguments: [TravelMode.driving, .walking], [1, 2])
    func sameContentAsTheJSON(mode: TravelMode, legCount: Int) throws {
        let (graph, routes) = try routes(mode, legs: legCount, count: 6, seed: 7)
        let builder = DirectionsBuilder(graph: graph)
        var sawSteps = false, sawRef = false, sawModifier = false, sawAnnotation = false
        for (n, (legs, inputs)) in routes.enumerated() {
            for options in Self.allOptions {
                let bytes = RouteProtobuf.encode(legs: legs, inputs: inputs, builder: builder, options: options)
                let decoded = try #require(ProtobufC.decode(bytes))
                let json = try writerJSON(legs: legs, inputs: inputs, builder: builder, options: options)
                let differences = JSONComparison.differences(decoded, json)
                #expect(differences.isEmpty, "route \(n) \(options): \(differences.prefix(5))")
                let text = String(describing: decoded)
                sawSteps = sawSteps || text.contains("\"instruction\"")
                sawRef = sawRef || text.contains("\"ref\"")
                sawModifier = sawModifier || text.contains("\"modifier\"")
                sawAnnotation = sawAnnotation || text.contains("\"annotation\"")
            }
        }
        // The comparison covered the optional parts, not only empty shells.
        #expect(sawSteps && sawModifier && sawAnnotation)
        if mode == .driving { #expect(sawRef) }
    }

    @Test func errorRoundTrip() throws {
        let message = "no route between these points: \"quoted\", ünïcode 𝄞"
        let bytes = RouteProtobuf.encodeError(code: "NoRoute", message: message)
        let decoded = try #require(ProtobufC.decode(bytes))
        #expect(decoded["code"] as? String == "NoRoute")
        #expect(decoded["message"] as? String == message)
        #expect(decoded.count == 2)
    }

    @Test func garbageIsRejectedByTheDecoder() {
        #expect(ProtobufC.decode([0xff, 0xff, 0xff, 0xff]) == nil)
    }

    /// Google's protobuf (through scripts/pbf-to-json) reads the same as protobuf-c; skipped
    /// when protoc or Debian's python3-protobuf is missing.
    @Test func independentDecoderAgrees() throws {
        guard PbfToJSON.isAvailable else { return }
        let (graph, routes) = try routes(.driving, legs: 2, count: 3, seed: 11)
        let builder = DirectionsBuilder(graph: graph)
        for (legs, inputs) in routes {
            for geometry in GeometryFormat.allCases {
                let options = ResponseOptions(steps: true, geometry: geometry, overview: .full, annotations: [.distance, .duration])
                let bytes = RouteProtobuf.encode(legs: legs, inputs: inputs, builder: builder, options: options)
                let decoded = try PbfToJSON.decode(bytes)
                let differences = JSONComparison.differences(decoded, try writerJSON(legs: legs, inputs: inputs, builder: builder, options: options))
                #expect(differences.isEmpty, "\(geometry): \(differences.prefix(5))")
            }
        }
        let error = try PbfToJSON.decode(RouteProtobuf.encodeError(code: "InvalidValue", message: "bad"))
        #expect(error["code"] as? String == "InvalidValue" && error["message"] as? String == "bad")
    }
}

/// Decodes a `RouteResponse` with protobuf-c's `unpack` into the shape of the OSRM JSON.
enum ProtobufC {
    static let types = ["depart", "arrive", "turn", "new name", "continue", "end of road", "fork", "merge",
                        "on ramp", "off ramp", "roundabout", "exit roundabout", "notification", "rotary",
                        "roundabout turn", "exit rotary"]
    static let modifiers = ["uturn", "sharp right", "right", "slight right", "straight", "slight left", "left", "sharp left"]

    static func decode(_ bytes: [UInt8]) -> [String: Any]? {
        guard let response = wayfinder__route_response__unpack(nil, bytes.count, bytes) else { return nil }
        defer { wayfinder__route_response__free_unpacked(response, nil) }
        let r = response.pointee
        guard String(cString: r.code) == "Ok" else {
            return ["code": String(cString: r.code), "message": r.message.map { String(cString: $0) } as Any]
        }
        return ["code": "Ok",
                "routes": array(r.routes, r.n_routes, route),
                "waypoints": array(r.waypoints, r.n_waypoints) { w in
                    ["hint": String(cString: w.hint), "distance": w.distance, "name": String(cString: w.name),
                     "location": point(w.location)]
                }]
    }

    static func array<T>(_ items: UnsafeMutablePointer<UnsafeMutablePointer<T>?>?, _ count: Int,
                         _ body: (T) -> [String: Any]) -> [[String: Any]] {
        (0..<count).map { body(items![$0]!.pointee) }
    }

    static func point(_ c: UnsafeMutablePointer<Wayfinder__Coordinate>?) -> [Double] {
        [Double(c!.pointee.lon) / 1e6, Double(c!.pointee.lat) / 1e6]
    }

    static func line(_ l: UnsafeMutablePointer<Wayfinder__LineString>?) -> [String: Any] {
        let flat = UnsafeBufferPointer(start: l!.pointee.coordinates, count: l!.pointee.n_coordinates)
        return ["type": "LineString",
                "coordinates": stride(from: 0, to: flat.count, by: 2).map { [Double(flat[$0]) / 1e6, Double(flat[$0 + 1]) / 1e6] }]
    }

    static func route(_ r: Wayfinder__Route) -> [String: Any] {
        var out: [String: Any] = ["legs": array(r.legs, r.n_legs, leg), "weight_name": String(cString: r.weight_name),
                                  "weight": r.weight, "duration": r.duration, "distance": r.distance]
        switch r.geometry_case {
        case WAYFINDER__ROUTE__GEOMETRY_POLYLINE: out["geometry"] = String(cString: r.polyline)
        case WAYFINDER__ROUTE__GEOMETRY_COORDINATES: out["geometry"] = line(r.coordinates)
        default: break
        }
        return out
    }

    static func leg(_ l: Wayfinder__RouteLeg) -> [String: Any] {
        var out: [String: Any] = ["steps": array(l.steps, l.n_steps, step), "summary": String(cString: l.summary),
                                  "weight": l.weight, "duration": l.duration, "distance": l.distance]
        if let a = l.annotation?.pointee {
            var annotation: [String: Any] = [:]
            if a.n_distance > 0 { annotation["distance"] = Array(UnsafeBufferPointer(start: a.distance, count: a.n_distance)) }
            if a.n_duration > 0 { annotation["duration"] = Array(UnsafeBufferPointer(start: a.duration, count: a.n_duration)) }
            out["annotation"] = annotation
        }
        return out
    }

    static func step(_ s: Wayfinder__RouteStep) -> [String: Any] {
        let m = s.maneuver!.pointee
        var maneuver: [String: Any] = ["bearing_after": Int(m.bearing_after), "bearing_before": Int(m.bearing_before),
                                       "location": point(m.location), "type": types[Int(m.type.rawValue)]]
        if m.has_modifier != 0 { maneuver["modifier"] = modifiers[Int(m.modifier.rawValue)] }
        if m.has_exit != 0 { maneuver["exit"] = Int(m.exit) }
        // The JSON's maneuver.instruction (the Mapbox extension) is the step's instruction,
        // carried once in protobuf.
        maneuver["instruction"] = String(cString: s.instruction)
        var out: [String: Any] = [
            "maneuver": maneuver,
            "mode": ["driving", "walking", "ferry", "train"][Int(s.mode.rawValue)],
            "driving_side": s.driving_side == WAYFINDER__DRIVING_SIDE__DRIVING_SIDE_LEFT ? "left" : "right",
            "name": String(cString: s.name), "weight": s.weight, "duration": s.duration, "distance": s.distance,
            "instruction": String(cString: s.instruction),
            "intersections": array(s.intersections, s.n_intersections) { i in
                var x: [String: Any] = [
                    "location": point(i.location),
                    "bearings": UnsafeBufferPointer(start: i.bearings, count: i.n_bearings).map { Int($0) },
                    "entry": UnsafeBufferPointer(start: i.entry, count: i.n_entry).map { $0 != 0 },
                ]
                if i.has_in_index != 0 { x["in"] = Int(i.in_index) }
                if i.has_out_index != 0 { x["out"] = Int(i.out_index) }
                if i.n_classes > 0 {
                    x["classes"] = UnsafeBufferPointer(start: i.classes, count: i.n_classes).map { String(cString: $0!) }
                }
                if i.n_lanes > 0 {
                    x["lanes"] = array(i.lanes, i.n_lanes) { lane in
                        ["indications": UnsafeBufferPointer(start: lane.indications, count: lane.n_indications)
                            .map { LaneIndications.names[Int($0.rawValue)] },
                         "valid": lane.valid != 0]
                    }
                }
                return x
            },
        ]
        if let ref = s.ref { out["ref"] = String(cString: ref) }
        if let rotaryName = s.rotary_name { out["rotary_name"] = String(cString: rotaryName) }
        if let destinations = s.destinations { out["destinations"] = String(cString: destinations) }
        if let exits = s.exits { out["exits"] = String(cString: exits) }
        if let pronunciation = s.pronunciation { out["pronunciation"] = String(cString: pronunciation) }
        switch s.geometry_case {
        case WAYFINDER__ROUTE_STEP__GEOMETRY_POLYLINE: out["geometry"] = String(cString: s.polyline)
        case WAYFINDER__ROUTE_STEP__GEOMETRY_COORDINATES: out["geometry"] = line(s.coordinates)
        default: break
        }
        return out
    }
}

/// scripts/pbf-to-json: Google's protobuf decoder, as an independent reader of our bytes.
enum PbfToJSON {
    static let script = dataDirectory + "/../scripts/pbf-to-json"

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc")
            && run("/usr/bin/python3", ["-c", "import google.protobuf"], input: []).status == 0
    }

    static func decode(_ bytes: [UInt8]) throws -> [String: Any] {
        let (status, output) = run(script, [], input: bytes)
        try #require(status == 0, "pbf-to-json failed")
        return try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
    }

    static func run(_ path: String, _ arguments: [String], input: [UInt8]) -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (-1, []) }
        stdin.fileHandleForWriting.write(Data(input))
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](output))
    }
}

/// Differences between two parsed JSON values: same keys, same array lengths, same strings
/// and booleans; numbers equal to within a billionth (both sides are the nearest doubles to
/// the same printed decimals, so in practice exactly equal).
enum JSONComparison {
    static func differences(_ a: Any, _ b: Any, path: String = "$") -> [String] {
        switch (a, b) {
        case let (a as [String: Any], b as [String: Any]):
            let keys = Set(a.keys).symmetricDifference(b.keys)
            if !keys.isEmpty { return ["\(path): keys \(keys.sorted()) on one side only"] }
            return a.keys.sorted().flatMap { differences(a[$0]!, b[$0]!, path: "\(path).\($0)") }
        case let (a as [Any], b as [Any]):
            if a.count != b.count { return ["\(path): \(a.count) vs \(b.count) items"] }
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, path: "\(path)[\($0)]") }
        case let (a as String, b as String):
            return a == b ? [] : ["\(path): \(a.debugDescription) vs \(b.debugDescription)"]
        default:
            guard let x = number(a), let y = number(b) else { return ["\(path): \(a) vs \(b)"] }
            return abs(x - y) <= 1e-9 * max(1, abs(x)) ? [] : ["\(path): \(x) vs \(y)"]
        }
    }

    /// Numbers and booleans as doubles (JSONSerialization gives NSNumber for both).
    static func number(_ v: Any) -> Double? {
        switch v {
        case let b as Bool: return b ? 1 : 0
        case let i as Int: return Double(i)
        case let d as Double: return d
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }
}
