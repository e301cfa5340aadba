import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM
import WayfinderRouting

extension OSRMEndpoints {
    static let tableOptions: Set<String> = ["sources", "destinations", "annotations", "fallback_speed",
                                            "fallback_coordinate", "scale_factor", "exclude"]

    /// `/table/v1/{profile}/{coordinates}?sources=…&destinations=…&annotations=duration,distance`:
    /// durations (seconds) and distances (metres) from each source to each destination, with
    /// a bucket-based many-to-many search (`TableQuery`); null where there is no route.
    ///
    /// As osrm-routed: `fallback_speed=S` (m/s) fills a cell with no route with the
    /// great-circle distance between the coordinates (`fallback_coordinate=input`, the
    /// default) or their snaps (`snapped`) over S, that distance as its distance, and lists
    /// those cells in `fallback_speed_cells`; `scale_factor=F` multiplies every duration.
    static func table(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        answer { () throws(OSRMError) in
            let osrm = try OSRMRequest(request, service: "table", serviceOptions: tableOptions)
            var query = TableRequest(mode: osrm.mode, coordinates: osrm.coordinates)
            query.radiuses = osrm.radiuses
            query.constraints = osrm.constraints
            query.sources = try osrm.indices("sources")
            query.destinations = try osrm.indices("destinations")
            let wanted = try osrm.choice("annotations", [("duration", (true, false)), ("distance", (false, true)),
                                                         ("duration,distance", (true, true)), ("distance,duration", (true, true))],
                                         default: (true, false))
            query.distances = wanted.1
            let fallbackSpeed = try osrm.positive("fallback_speed")
            let fallbackToSnaps = try osrm.choice("fallback_coordinate", [("input", false), ("snapped", true)], default: false)
            let scale = try osrm.positive("scale_factor") ?? 1
            query.excluding = try osrm.excludedClasses()
            let (snaps, table, graph) = try OSRMError.mapping(osrm, context) { () throws(EngineError) in
                try query.validate(limits: context.limits)
                return try query.answer(context.queries)
            }
            let sources = query.sources, destinations = query.destinations
            // Cells without a route, estimated by straight-line distance when asked.
            var estimated: [(row: Int, column: Int)] = []
            func estimate(_ i: Int, _ j: Int) -> Double? {
                guard fallbackSpeed != nil else { return nil }
                let a = sources[i], b = destinations[j]
                return fallbackToSnaps ? Geo.distance(snaps[a].location, snaps[b].location)
                                       : Geo.distance(osrm.coordinates[a], osrm.coordinates[b])
            }
            if fallbackSpeed != nil {
                for i in 0..<table.sourceCount { for j in 0..<table.targetCount where table.duration(source: i, target: j) == nil {
                    estimated.append((i, j))
                } }
            }
            let json = context.json()
            json.beginObject()
            json.key("code"); json.string("Ok")
            if wanted.0 {
                json.key("durations")
                writeRows(table, into: json) { i, j in
                    if let ms = table.duration(source: i, target: j) { return Double(ms) / 1000 * scale }
                    return estimate(i, j).map { $0 / fallbackSpeed! * scale }
                }
            }
            if wanted.1 {
                json.key("distances")
                writeRows(table, into: json) { i, j in table.distance(source: i, target: j) ?? estimate(i, j) }
            }
            let ends: [(StaticString, [Int])] = [("sources", sources), ("destinations", destinations)]
            for (key, indices) in ends {
                json.key(key)
                json.beginArray()
                for i in indices {
                    json.osrmWaypoint(location: snaps[i].location, distance: snaps[i].distance,
                                      name: graph.name(ofSegment: snaps[i].segment), hint: osrm.generateHints)
                }
                json.endArray()
            }
            if !estimated.isEmpty {
                json.key("fallback_speed_cells")
                json.beginArray()
                for cell in estimated {
                    json.beginArray(); json.integer(cell.row); json.integer(cell.column); json.endArray()
                }
                json.endArray()
            }
            json.endObject()
            return .json(json)
        }
    }

    /// Rows of a table, one decimal, null where `value` is nil.
    private static func writeRows(_ table: RouteTable, into json: JSONBuffer, _ value: (Int, Int) -> Double?) {
        json.beginArray()
        for i in 0..<table.sourceCount {
            json.beginArray()
            for j in 0..<table.targetCount {
                if let v = value(i, j) { json.number(v, decimals: 1) } else { json.null() }
            }
            json.endArray()
        }
        json.endArray()
    }
}
