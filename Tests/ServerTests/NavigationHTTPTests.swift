import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting
@testable import WayfinderHTTPServer
@testable import WayfinderService

/// The navigation SDKs' options over HTTP (Mapbox Directions API extensions), parsed as the
/// clients parse them: MapLibre Navigation's `LegStep`/`VoiceInstructions`/`BannerInstructions`/
/// `BannerText`/`BannerComponents` (Gson: required fields non-null) and Ferrostar's OSRM models
/// (serde: `distanceAlongGeometry` f64, `announcement` String, `primary.text` String,
/// `type`/`modifier` from OSRM's names, `degrees` an integer).
@Suite struct NavigationHTTPTests {
    let server: TestServer
    let driving: RoutingGraph

    init() throws { (server, driving) = try TestGraphs.andorra() }

    static let types: Set<String> = Set(ManeuverType.allCases.map(\.description))
    static let modifiers: Set<String> = Set(ManeuverModifier.allCases.map(\.description))
    static let arrows: Set<String> = Set(LaneIndications.names)

    /// The checks a client's decoder makes on one step, and ours on placement.
    func checkStep(_ step: [String: Any], last: Bool, _ label: String) {
        let distance = step["distance"] as? Double ?? -1
        let maneuver = step["maneuver"] as? [String: Any] ?? [:]
        #expect((maneuver["instruction"] as? String)?.isEmpty == false, "\(label) maneuver.instruction")
        #expect(maneuver["instruction"] as? String == step["instruction"] as? String, "\(label)")
        let voice = step["voiceInstructions"] as? [[String: Any]]
        let banners = step["bannerInstructions"] as? [[String: Any]]
        #expect(voice != nil && banners != nil, "\(label) arrays present")
        #expect(last == (voice?.isEmpty ?? true) && last == (banners?.isEmpty ?? true), "\(label) only the arrival is silent")
        var previous = Double.infinity
        for v in voice ?? [] {
            let at = v["distanceAlongGeometry"] as? Double ?? -1
            #expect(at >= 0 && at <= distance + 0.05 && at < previous, "\(label) voice at \(at) of \(distance)")
            previous = at
            #expect((v["announcement"] as? String)?.isEmpty == false, "\(label)")
            let ssml = v["ssmlAnnouncement"] as? String ?? ""
            #expect(ssml.hasPrefix("<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">")
                    && ssml.hasSuffix("</prosody></amazon:effect></speak>"), "\(label) \(ssml)")
            // Well-formed XML (names escaped).
            #expect(XMLParser(data: Data(ssml.utf8)).parse(), "\(label) \(ssml)")
        }
        for b in banners ?? [] {
            #expect(b["distanceAlongGeometry"] as? Double == (distance * 10).rounded() / 10, "\(label)")
            let primary = b["primary"] as? [String: Any] ?? [:]
            #expect((primary["text"] as? String)?.isEmpty == false, "\(label) primary.text")
            #expect(Self.types.contains(primary["type"] as? String ?? ""), "\(label) \(primary)")
            if let modifier = primary["modifier"] { #expect(Self.modifiers.contains(modifier as? String ?? ""), "\(label)") }
            if let degrees = primary["degrees"] { #expect((degrees as? Int).map { (1...360).contains($0) } == true, "\(label)") }
            #expect(["left", "right"].contains(primary["driving_side"] as? String ?? ""), "\(label)")
            for c in primary["components"] as? [[String: Any]] ?? [[:]] {
                #expect(c["text"] is String && c["type"] as? String == "text", "\(label)")
            }
            #expect(b["secondary"] is NSNull || (b["secondary"] as? [String: Any])?["text"] is String, "\(label)")
            if let sub = b["sub"] as? [String: Any] {
                let lanes = sub["components"] as? [[String: Any]] ?? []
                #expect(!lanes.isEmpty && sub["text"] as? String == "", "\(label)")
                for lane in lanes {
                    let arrows = lane["directions"] as? [String] ?? []
                    #expect(lane["type"] as? String == "lane" && lane["active"] is Bool && !arrows.isEmpty
                            && arrows.allSatisfy(Self.arrows.contains), "\(label) \(lane)")
                    if let active = lane["active_direction"] as? String { #expect(arrows.contains(active), "\(label)") }
                }
            }
        }
    }

    @Test func answersParseAsNavigationClientsParseThem() throws {
        let points = driving.randomRoadPoints(count: 60, seed: 11)
        var steps = 0, withLanes = 0, rings = 0
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            let units = i % 4 == 0 ? "imperial" : "metric"
            let query = "steps=true&voice_instructions=true&banner_instructions=true&voice_units=\(units)&language=en"
                + "&annotations=true&overview=full"
            let coordinates = [points[i], points[i + 1]].map { String(format: "%.7f,%.7f", $0.longitude, $0.latitude) }
            let (status, json) = try server.json("/route/v1/driving/\(coordinates.joined(separator: ";"))?\(query)")
            guard status == 200 else { continue }
            let route = try #require((json["routes"] as? [[String: Any]])?.first)
            let leg = try #require((route["legs"] as? [[String: Any]])?.first)
            let legSteps = try #require(leg["steps"] as? [[String: Any]])
            for (k, step) in legSteps.enumerated() {
                checkStep(step, last: k == legSteps.count - 1, "route \(i / 2) step \(k)")
                let banner = (step["bannerInstructions"] as? [[String: Any]])?.first
                if banner?["sub"] != nil { withLanes += 1 }
                if (banner?["primary"] as? [String: Any])?["degrees"] != nil { rings += 1 }
                let spoken = (step["voiceInstructions"] as? [[String: Any]] ?? []).compactMap { $0["announcement"] as? String }
                #expect(!spoken.contains { $0.contains(units == "metric" ? "feet" : "meters") }, "units \(units)")
            }
            steps += legSteps.count
            // OSRM's extra annotations: one value per stretch, and the data source named.
            let annotation = try #require(leg["annotation"] as? [String: Any])
            let stretches = (annotation["distance"] as? [Double])?.count ?? -1
            for key in ["duration", "speed", "weight", "datasources"] {
                #expect((annotation[key] as? [Any])?.count == stretches, "\(key)")
            }
            #expect((annotation["datasources"] as? [Int])?.allSatisfy { $0 == 0 } == true)
            // OSM node ids, one per point of the line, and as osrm-routed the node before a
            // start or after an end that lies on a node (where osrm-routed repeats the point
            // in its line and we do not: DirectionsBuilder+NodeAnnotation.swift).
            let nodes = annotation["nodes"] as? [Int] ?? []
            #expect((stretches + 1...stretches + 3).contains(nodes.count) && nodes.allSatisfy { $0 > 0 }, "nodes")
            #expect(((annotation["metadata"] as? [String: Any])?["datasource_names"] as? [String]) == ["lua profile"])
        }
        // Lanes are checked on fixtures (NavigationOutputTests): few Andorra roads have turn:lanes.
        #expect(steps > 100 && rings > 0, "\(steps) steps, \(withLanes) with lanes, \(rings) rings")
    }

    @Test func roundaboutExitsFalseFoldsTheExitSteps() throws {
        let points = driving.randomRoadPoints(count: 40, seed: 5)
        var folded = 0
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            let coordinates = [points[i], points[i + 1]].map { String(format: "%.7f,%.7f", $0.longitude, $0.latitude) }
                .joined(separator: ";")
            func types(_ query: String) throws -> [String] {
                let (_, json) = try server.json("/route/v1/driving/\(coordinates)?steps=true\(query)")
                let leg = ((json["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first
                return (leg?["steps"] as? [[String: Any]] ?? []).map { ($0["maneuver"] as? [String: Any])?["type"] as? String ?? "" }
            }
            let osrm = try types(""), exits = try types("&roundabout_exits=true"), single = try types("&roundabout_exits=false")
            #expect(osrm == exits)
            #expect(single == zip(osrm.indices, osrm).filter { k, type in
                !(type.hasPrefix("exit ro") && k > 0 && ["roundabout", "rotary", "roundabout turn"].contains(osrm[k - 1]))
            }.map(\.1))
            if single.count < osrm.count { folded += 1 }
        }
        #expect(folded > 0)
    }

    @Test(arguments: [
        ("voice_instructions=true", "InvalidOptions"),   // without steps=true
        ("steps=true&banner_instructions=yes", "InvalidQuery"),
        ("steps=true&voice_units=furlongs", "InvalidQuery"),
        ("steps=true&language=fr", "InvalidOptions"),
        ("steps=true&roundabout_exits=1", "InvalidQuery"),
        ("annotations=distance,colour", "InvalidQuery"),
    ])
    func refusals(query: String, code: String) throws {
        let (status, json) = try server.json("/route/v1/driving/1.5211,42.5078;1.5346,42.5063?\(query)")
        #expect(status == 400 && json["code"] as? String == code, "\(query): \(json)")
        #expect((json["message"] as? String)?.isEmpty == false)
    }

    @Test func englishIsAccepted() throws {
        for language in ["en", "en-US", "en_GB"] {
            let (status, _) = try server.json("/route/v1/driving/1.5211,42.5078;1.5346,42.5063?steps=true&language=\(language)")
            #expect(status == 200, "\(language)")
        }
    }
}
