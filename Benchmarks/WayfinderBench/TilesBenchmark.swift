// wayfinder-bench tiles GRAPH [--tiles N] [--seed S] [--buildings] [--json]
//
// Time and size of `/tiles/{z}/{x}/{y}` answers (`TileMaker`, in process, as the server
// writes them) at zooms 8…17: every tile with a road point in it at each zoom (the city a
// map shows), or N of them drawn at random when there are more; p50/p99 per zoom band and bytes per tile. Each tile is written
// twice and the second time counts (the first warms the road finders' stamps and buffers).
import Foundation
import WayfinderCLI
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderHTTPServer
import WayfinderService

func tilesBenchmark(_ args: Arguments) -> Report {
    let path = graphPath(args, "tiles")
    let perZoom = intOption(args, "tiles", default: 200, minimum: 1)
    var rng = SplitMix64(seed: UInt64(intOption(args, "seed", default: 7, minimum: 0)))
    let buildings = args.has("buildings")
    let served: ServedGraph
    do { served = try ServedGraph(path: path, generation: 1) } catch { fail(error.description) }
    guard let graph = TravelMode.allCases.lazy.compactMap({ served.graph($0) }).first else { fail("\(path) holds no roads") }
    let maker = TileMaker(graph: served)
    let json = JSONBuffer(capacity: 1 << 20)
    let bands = [(8...8, "z8"), (9...11, "z9-11"), (12...14, "z12-14"), (15...17, "z15-17")]
    var rows: [Report] = []
    for (zooms, name) in bands {
        var times: [Double] = [], bytes: [Double] = []
        for z in zooms {
            // The tiles a road point lies in: what a map of the city asks for.
            var seen = Set<Int>()
            var tiles: [(Int, Int)] = []
            for p in graph.points {
                let t = WebMercator.tile(z: z, x: WebMercator.x(lon: p.lon), y: WebMercator.y(latitude: p.latitude))
                if seen.insert(t.x << 20 | t.y).inserted { tiles.append(t) }
            }
            if tiles.count > perZoom {
                for i in 0..<perZoom { tiles.swapAt(i, i + Int(rng.next() % UInt64(tiles.count - i))) }
                tiles.removeLast(tiles.count - perZoom)
            }
            for (x, y) in tiles {
                let frame = TileFrame(z: z, x: x, y: y)!
                json.reset()
                maker.write(frame, buildings: buildings, into: json)
                json.reset()
                let t0 = now()
                maker.write(frame, buildings: buildings, into: json)
                times.append(Double(now() - t0) / 1e6)
                bytes.append(Double(json.count))
            }
        }
        let row = Report()
        row.text("zoom", "zoom", name)
        row.integer("tiles", "tiles", times.count)
        let t = Latency(times), b = Latency(bytes)
        row.number("p50_ms", "p50", t.p50, unit: "ms", decimals: 3)
        row.number("p99_ms", "p99", t.p99, unit: "ms", decimals: 3)
        row.number("max_ms", "max", times.max() ?? 0, unit: "ms", decimals: 3)
        row.number("bytes_p50", "bytes p50", b.p50, unit: "B", decimals: 0)
        row.number("bytes_p99", "bytes p99", b.p99, unit: "B", decimals: 0)
        rows.append(row)
    }
    let report = Report()
    report.text("graph", "graph", path)
    report.integer("file_bytes", "file bytes", served.file.fileSize)
    report.integer("basemap_bytes", "base-map sections bytes", BaseMap.byteCount(in: served.file))
    report.text("buildings", "buildings layer", buildings ? "yes (buildings=1)" : "no")
    report.rows("bands", "tiles per zoom band (time to write one tile's JSON, in process)", rows)
    return report
}
