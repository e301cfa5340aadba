import Foundation
import Testing
import WayfinderCLI
import WayfinderDirections
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// The encodings of directions: polylines, JSON numbers and strings, the simplified overview,
/// the OSRM v5 route object and the GeoJSON of maneuvers.
extension DirectionsTests {
    // MARK: Polylines

    @Test func polylineReferenceVectors() {
        let google = [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)].map { FixedCoordinate(latitude: $0.0, longitude: $0.1) }
        // Google's documentation (precision 5) and PostGIS's ST_AsEncodedPolyline (precision 6).
        #expect(Polyline.encode(google, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(Polyline.encode(google, precision: 6) == "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI")
        // polyline-iter's documented precision-6 example.
        let malmo = [(55.585137, 12.999583), (55.644854, 13.112187), (55.678161, 13.182229), (55.712222, 13.212444)]
        #expect(Polyline.encode(malmo.map { FixedCoordinate(latitude: $0.0, longitude: $0.1) }, precision: 6)
                == "avs_iB}xlxWissBw|zEu``AsxgCyoaAm_z@")
        let decoded = Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5)!
        #expect(decoded.count == 3 && abs(decoded[2].lat - 43.252) < 1e-9 && abs(decoded[2].lon + 126.453) < 1e-9)
    }

    @Test func polylineRoundsAbsoluteCoordinatesSoErrorsDoNotAccumulate() {
        // A thousand steps of 0.4e-5 degrees: rounding each delta would lose them all.
        let line = (0..<1000).map { FixedCoordinate(lat: 400_000_000 + Int32($0) * 40, lon: 10_000_000 - Int32($0) * 40) }
        for precision in [5, 6] {
            let back = Polyline.decode(Polyline.encode(line, precision: precision), precision: precision)!
            let tolerance = 0.5 / pow(10, Double(precision)) + 1e-12
            #expect(zip(line, back).allSatisfy { abs($0.latitude - $1.lat) <= tolerance && abs($0.longitude - $1.lon) <= tolerance })
        }
    }

    /// The encoder (four chunks written at once for small steps) against the algorithm as
    /// Google states it, on random lines with steps of every size, at precisions 5, 6 and 7,
    /// plain and JSON-escaped.
    @Test func polylineEqualsThePlainAlgorithm() {
        func reference(_ line: [FixedCoordinate], _ precision: Int) -> [UInt8] {
            var out: [UInt8] = [], last = (0, 0)
            func put(_ value: Int) {
                var v = value < 0 ? ~(value << 1) : value << 1
                while v >= 0x20 {
                    out.append(UInt8((0x20 | (v & 0x1f)) + 63))
                    v >>= 5
                }
                out.append(UInt8(v + 63))
            }
            let divisor = [5: 100, 6: 10, 7: 1][precision]!
            func q(_ fixed: Int32) -> Int {
                let v = Int(fixed)
                return v >= 0 ? (v + divisor / 2) / divisor : -((-v + divisor / 2) / divisor)
            }
            for p in line {
                put(q(p.lat) - last.0)
                put(q(p.lon) - last.1)
                last = (q(p.lat), q(p.lon))
            }
            return out
        }
        var rng = SplitMix64(seed: 23)
        for _ in 0..<300 {
            var line: [FixedCoordinate] = []
            var p = FixedCoordinate(lat: Int32(truncatingIfNeeded: Int(rng.next() % 1_800_000_000) - 900_000_000),
                                    lon: Int32(truncatingIfNeeded: Int(rng.next() % 3_600_000_000) - 1_800_000_000))
            for _ in 0..<Int(rng.next() % 60) {
                line.append(p)
                let scale = 1 << Int(rng.next() % 28)   // steps from 0 to ~13 degrees
                let dLat = Int(rng.next() % UInt64(2 * scale + 1)) - scale, dLon = Int(rng.next() % UInt64(2 * scale + 1)) - scale
                p = FixedCoordinate(lat: Int32(max(-900_000_000, min(900_000_000, Int(p.lat) + dLat))),
                                    lon: Int32(max(-1_800_000_000, min(1_800_000_000, Int(p.lon) + dLon))))
            }
            for precision in [5, 6, 7] {
                let want = reference(line, precision)
                #expect(Array(Polyline.encode(line, precision: precision).utf8) == want)
                let room = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * Polyline.maxEncodedCount(line.count, precision: precision) + 1)
                defer { room.deallocate() }
                let n = Polyline.encode(line[...], precision: precision, jsonEscaped: true, to: room)
                #expect(Array(UnsafeBufferPointer(start: room, count: n)) == want.flatMap { $0 == 92 ? [92, 92] : [$0] })
            }
        }
    }

    @Test func polylineBackslashesAreEscapedInJSON() throws {
        let json = JSONBuffer()
        // Encodes to characters including a backslash.
        let line = [FixedCoordinate(latitude: 0, longitude: 0), FixedCoordinate(latitude: -0.00015, longitude: 0)]
        #expect(Polyline.encode(line).contains("\\"))
        json.beginArray()
        json.line(line[...], format: .polyline)
        json.endArray()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String])
        #expect(parsed == [Polyline.encode(line)])
    }

    @Test func jsonNumbersAndStrings() throws {
        let json = JSONBuffer()
        json.beginObject()
        json.key("a"); json.number(1.25, decimals: 1)
        json.key("b"); json.number(-0.04, decimals: 1)
        json.key("c"); json.number(1234.5678, decimals: 3)
        json.key("d"); json.string("quote \" backslash \\ tab \t bell \u{7} é")
        json.key("e"); json.coordinate(FixedCoordinate(lat: -335_000_004, lon: 1_511_700_005))
        json.key("f"); json.number(.nan)
        json.key("g"); json.string("Túnel 𝄞")
        json.endObject()
        #expect(json.text == #"{"a":1.3,"b":0,"c":1234.568,"d":"quote \" backslash \\ tab \t bell \u0007 \u00e9","e":[151.170001,-33.5],"f":null,"g":"T\u00fanel \ud834\udd1e"}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        #expect(parsed["d"] as? String == "quote \" backslash \\ tab \t bell \u{7} é" && parsed["g"] as? String == "Túnel 𝄞")
    }

    /// The raw writer's numbers (two digits a step, trailing zeros taken back) against a plain
    /// decimal formatting, over random values of every width and edge values.
    @Test func rawNumbersEqualPlainDecimalText() {
        func reference(_ scaled: Int64, _ decimals: Int) -> String {
            let scale = (0..<decimals).reduce(UInt64(1)) { r, _ in r * 10 }
            let v = scaled.magnitude, whole = v / scale
            var fraction = decimals == 0 ? "" : String(v % scale)
            fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            return (scaled < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
        }
        func written(_ body: (inout RawWriter) -> Void) -> String {
            let room = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
            defer { room.deallocate() }
            var w = RawWriter(at: room, capacity: 64)
            body(&w)
            return String(decoding: UnsafeBufferPointer(start: room, count: w.count), as: UTF8.self)
        }
        var rng = SystemRandomNumberGenerator()
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 101, 1_000_000, -1_000_000, 10_000_001, .max, .min + 1]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...18, using: &rng)
            let magnitude = Int64.random(in: 0..<(0..<digits).reduce(Int64(1)) { r, _ in r * 10 }, using: &rng)
            values.append(Bool.random(using: &rng) ? magnitude : -magnitude)
        }
        for value in values {
            let decimals = Int(value.magnitude % 10)
            #expect(written { $0.fixed(value, decimals: decimals) } == reference(value, decimals))
            #expect(written { $0.fixed(value, decimals: 6) } == reference(value, 6))
            #expect(written { $0.integer(Int(value)) } == String(value))
        }
        for _ in 0..<20_000 {
            let p = FixedCoordinate(lat: Int32.random(in: -900_000_000...900_000_000, using: &rng),
                                    lon: Int32.random(in: -1_800_000_000...1_800_000_000, using: &rng))
            let lon = JSONBuffer.roundedToMicrodegrees(p.lon), lat = JSONBuffer.roundedToMicrodegrees(p.lat)
            #expect(written { $0.coordinate(p) } == "[\(reference(lon, 6)),\(reference(lat, 6))]")
        }
    }

    /// A raw value that outgrows the room reserved for it (a step bound that came out short)
    /// grows the buffer, the bytes written so far moving with it, in every build
    /// configuration. Before, the only check was a `precondition` after the fact, which
    /// `-Ounchecked` removes: this value was written far past the buffer's 64 bytes.
    @Test func rawValuePastItsReservedRoomGrowsTheBuffer() throws {
        let name = String(repeating: "Rue de l'\u{e9}glise \"\\ ", count: 400)
        let line = (0..<300).map { FixedCoordinate(lat: -339_000_000 + Int32($0) * 977, lon: 1_511_600_000 - Int32($0) * 1_303) }
        let json = JSONBuffer(capacity: 64)
        json.beginArray()
        json.integer(7)
        var w = json.rawValue(capacity: 4)
        w.literal("{\"name\":")
        w.string(name)
        w.literal(",\"geometry\":")
        let encoded = w.polyline(line[...], precision: 6)
        w.literal(",\"coordinates\":[")
        for (i, p) in line.enumerated() {
            if i > 0 { w.byte(UInt8(ascii: ",")) }
            w.coordinate(p)
        }
        w.literal("],\"again\":\"")
        w.repeatBytes(encoded)
        w.literal("\",\"n\":")
        w.fixed(-1_234_567, decimals: 3)
        w.byte(UInt8(ascii: "}"))
        json.commit(w)
        json.endArray()

        let reference = JSONBuffer()
        reference.beginArray()
        reference.integer(7)
        reference.beginObject()
        reference.key("name"); reference.string(name)
        reference.key("geometry"); reference.polyline(line[...], precision: 6)
        reference.key("coordinates"); reference.beginArray()
        for p in line { reference.coordinate(p) }
        reference.endArray()
        reference.key("again"); reference.polyline(line[...], precision: 6)
        reference.key("n"); reference.number(scaled: -1_234_567, decimals: 3)
        reference.endObject()
        reference.endArray()
        #expect(json.count > 15_000)
        #expect(json.text == reference.text)
        _ = try JSONSerialization.jsonObject(with: Data(json.bytes))
    }

    /// A raw writer over fixed memory (`wayfinder table`'s CSV numbers) stops the program
    /// rather than write past its room, also where its module is built -Ounchecked.
    @Test func rawWriterOverFixedMemoryStopsAtItsEnd() async {
        await #expect(processExitsWith: .failure) {
            let room = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
            var w = RawWriter(at: room, capacity: 8)
            w.literal("0123456789")
        }
    }

    @Test func simplifiedOverviewKeepsTheEndsAndTheShape() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let route = try Router(graph: graph).route(from: FixedCoordinate(latitude: 42.5063, longitude: 1.5218),
                                                   to: FixedCoordinate(latitude: 42.5425, longitude: 1.7336))
        let d = Directions(route: route, graph: graph)
        let simple = try #require(d.overview(.simplified))
        #expect(simple.first == d.line.first && simple.last == d.line.last)
        #expect(simple.count < d.line.count / 2)
        #expect(d.overview(.none) == nil && d.overview(.full) == d.line)
    }

    // MARK: OSRM v5 JSON

    @Test(arguments: [TravelMode.driving, .walking])
    func jsonHasTheOSRMStepFields(mode: TravelMode) throws {
        let graph = try ExtractGraphs.shared.graph("andorra", mode)
        let to = FixedCoordinate(latitude: 42.5094, longitude: 1.5381)
        let route = try Router(graph: graph).route(from: FixedCoordinate(latitude: 42.5063, longitude: 1.5218), to: to)
        for format in GeometryFormat.allCases {
            let text = RouteResponse.json(route, graph: graph, options: ResponseOptions(geometry: format, overview: .full, destination: to))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(json["code"] as? String == "Ok")
            let osrmRoute = try #require((json["routes"] as? [[String: Any]])?.first)
            let leg = try #require((osrmRoute["legs"] as? [[String: Any]])?.first)
            let steps = try #require(leg["steps"] as? [[String: Any]])
            #expect(steps.count >= 2)
            var distance = 0.0, duration = 0.0
            var previousEnd: [Double]?
            for step in steps {
                let maneuver = try #require(step["maneuver"] as? [String: Any])
                let type = try #require(maneuver["type"] as? String)
                #expect(ManeuverType.allCases.map(\.description).contains(type))
                if let modifier = maneuver["modifier"] as? String {
                    #expect(ManeuverModifier.allCases.map(\.description).contains(modifier))
                }
                for key in ["bearing_before", "bearing_after"] {
                    let bearing = try #require(maneuver[key] as? Int)
                    #expect((0...359).contains(bearing))
                }
                let location = try #require(maneuver["location"] as? [Double])
                #expect(location.count == 2 && abs(location[0] - 1.53) < 0.05 && abs(location[1] - 42.51) < 0.05)
                #expect(step["mode"] as? String == mode.description)
                #expect(step["driving_side"] as? String == "right")
                #expect(step["name"] is String)
                #expect(step["instruction"] is String)
                #expect(step["weight"] as? Double == step["duration"] as? Double)
                distance += try #require(step["distance"] as? Double)
                duration += try #require(step["duration"] as? Double)
                let intersections = try #require(step["intersections"] as? [[String: Any]])
                let bearings = try #require(intersections.first?["bearings"] as? [Int])
                let entry = try #require(intersections.first?["entry"] as? [Bool])
                #expect(bearings.count == entry.count && bearings == bearings.sorted())
                // The step's line, in the chosen format, starts at the maneuver and where the last one ended.
                let points: [[Double]]
                switch format {
                case .geojson:
                    let geometry = try #require(step["geometry"] as? [String: Any])
                    #expect(geometry["type"] as? String == "LineString")
                    points = try #require(geometry["coordinates"] as? [[Double]])
                case .polyline, .polyline6:
                    let encoded = try #require(step["geometry"] as? String)
                    let decoded = try #require(Polyline.decode(encoded, precision: format == .polyline6 ? 6 : 5))
                    points = decoded.map { [$0.lon, $0.lat] }
                }
                #expect(points.count >= 2)
                let tolerance = format == .polyline ? 1e-5 : 1e-6
                #expect(abs(points[0][0] - location[0]) <= tolerance && abs(points[0][1] - location[1]) <= tolerance)
                if let previousEnd { #expect(abs(points[0][0] - previousEnd[0]) <= tolerance && abs(points[0][1] - previousEnd[1]) <= tolerance) }
                previousEnd = points.last
            }
            // The texts written into the JSON (names copied from the steps' "name" and "ref") are the steps' own.
            #expect(steps.map { $0["instruction"] as? String } == Directions(route: route, graph: graph, destination: to).steps.map(\.instruction))
            #expect((steps.first?["maneuver"] as? [String: Any])?["type"] as? String == "depart")
            #expect((steps.last?["maneuver"] as? [String: Any])?["type"] as? String == "arrive")
            let legDistance = try #require(leg["distance"] as? Double), legDuration = try #require(leg["duration"] as? Double)
            #expect(abs(distance - legDistance) < 0.01)
            #expect(abs(duration - legDuration) < 0.1)
            #expect(osrmRoute["distance"] as? Double == legDistance)
            #expect(osrmRoute["weight_name"] as? String == "duration")
            // The overview, joined from the steps' polylines, is the whole line encoded.
            let line = Directions(route: route, graph: graph).line
            switch format {
            case .polyline: #expect(osrmRoute["geometry"] as? String == Polyline.encode(line, precision: 5))
            case .polyline6: #expect(osrmRoute["geometry"] as? String == Polyline.encode(line, precision: 6))
            case .geojson: #expect(((osrmRoute["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])?.count == line.count)
            }
            #expect(leg["summary"] is String)
        }
    }

    @Test func geojsonIsAFeatureCollectionWithAPointPerManeuver() throws {
        let graph = try ExtractGraphs.shared.graph("andorra", .driving)
        let route = try Router(graph: graph).route(from: FixedCoordinate(latitude: 42.5063, longitude: 1.5218),
                                                   to: FixedCoordinate(latitude: 42.5425, longitude: 1.7336))
        let text = RouteResponse.geojson(route, graph: graph)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        let steps = Directions(route: route, graph: graph).steps
        #expect(features.count == 1 + steps.count)
        #expect((features[0]["geometry"] as? [String: Any])?["type"] as? String == "LineString")
        for (feature, step) in zip(features.dropFirst(), steps) {
            #expect((feature["geometry"] as? [String: Any])?["type"] as? String == "Point")
            #expect((feature["properties"] as? [String: Any])?["instruction"] as? String == step.instruction)
        }
    }
}
