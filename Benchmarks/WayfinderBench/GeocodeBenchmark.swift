// wayfinder-bench geocode GRAPH [--queries FILE | --random N --seed S] [--pbf PBF [--runs N]] [--json]
//
// Forward and reverse geocoding latency, each query timed alone. `--queries FILE`: a line
// `LAT,LON` is a reverse query, any other line a forward one (the text as typed). Without it,
// queries are drawn from the graph's own index: addresses as "street number, city", POI and
// street names, half of them with one letter dropped; reverse points a few metres off random
// items. With `--pbf`, also the index build alone from the extract.
import Foundation
import WayfinderCLI
import WayfinderGeocoding
import WayfinderGraph
import WayfinderImport

func geocodeBenchmark(_ args: Arguments) -> Report {
    let path = graphPath(args, "geocode")
    let opened = now()
    let geocoder: Geocoder
    do { geocoder = try Geocoder(path: path) } catch { fail(error.description) }
    let openTime = microseconds(opened, now())
    guard geocoder.itemCount > 0 else { fail("the geocoder index of \(path) is empty") }
    let queries: GeocodeQueries
    if let file = args["queries"] {
        guard args["random"] == nil else { fail("give --queries FILE or --random N, not both") }
        do { queries = try GeocodeQueries(lines: try GeocodeCommands.readLines(file), file: file) } catch { fail(error.description) }
    } else {
        queries = GeocodeQueries(randomFrom: geocoder, count: intOption(args, "random", default: 2000, minimum: 1),
                                 seed: UInt64(intOption(args, "seed", default: 7, minimum: 0)))
    }
    let report = Report()
    report.text("graph", "graph", path)
    report.integer("items", "geocoder items", geocoder.itemCount)
    report.number("index_mib", "index", Double(geocoder.indexBytes) / 1_048_576, unit: "MiB", decimals: 2)
    report.number("open_us", "opened in", openTime, unit: "µs", decimals: 0)
    report.text("queries", "queries", args["queries"] ?? "random from the index (seed \(args["seed"] ?? "7"))")
    TimerOverhead.measure().add(to: report)
    report.group("forward", "forward (\(queries.forward.count) queries)") { group in
        time(queries.forward.count, into: group) { geocoder.geocode(queries.forward[$0]).isEmpty ? 0 : 1 }
    }
    report.group("reverse", "reverse (\(queries.reverse.count) points)") { group in
        time(queries.reverse.count, into: group) { geocoder.reverse(queries.reverse[$0]).best == nil ? 0 : 1 }
    }
    if let pbf = args["pbf"] {
        report.group("index_build", "index build from \(pbf)") { indexBuild(pbf, runs: intOption(args, "runs", default: 5, minimum: 1), into: $0) }
    }
    return report
}

/// Latency of `count` queries, and how many found something (`body` returns 1 then).
private func time(_ count: Int, into report: Report, _ body: (Int) -> Int) {
    var times: [Double] = []
    times.reserveCapacity(count)
    var found = 0
    for i in 0..<count {
        let t0 = now()
        found += body(i)
        times.append(microseconds(t0, now()))
    }
    report.latency("latency_us", "latency", Latency(times), unit: "µs")
    report.integer("answered", "answered", found)
}

/// The index build alone, from the objects collected in one read of the source extract.
private func indexBuild(_ pbf: String, runs: Int, into report: Report) {
    let collector = GeocoderCollector()
    let t0 = now()
    do { _ = try OSMReader.read(path: pbf, into: collector) } catch { fail(error.description) }
    report.number("read_s", "read with only the geocoder's collector", Double(now() - t0) / 1e9, unit: "s", decimals: 3)
    var builds: [Double] = []
    for _ in 0..<runs {
        let t1 = now()
        let index = GeocoderIndex(collector.source)
        builds.append(Double(now() - t1) / 1e9)
        if index.items.isEmpty { print("") }
    }
    report.number("build_min_s", "index build, min of \(runs)", builds.min()!, unit: "s", decimals: 3)
    report.number("build_median_s", "index build, median of \(runs)", median(builds), unit: "s", decimals: 3)
}

/// Forward query texts and reverse points.
struct GeocodeQueries {
    var forward: [String] = []
    var reverse: [FixedCoordinate] = []

    /// A query file: `LAT,LON` lines (two numbers) are reverse queries, other non-blank
    /// lines forward ones. A coordinate out of range is an error, not a forward query.
    init(lines: [String], file: String) throws(CommandError) {
        for (number, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count == 2, parts.allSatisfy({ Double($0.trimmingCharacters(in: .whitespaces)) != nil }) {
                reverse.append(try parseCoordinate(text, option: "\(file):\(number + 1)"))
            } else {
                forward.append(text)
            }
        }
    }

    init(randomFrom geocoder: Geocoder, count: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        while forward.count < count {
            let item = geocoder.result(Int.random(in: 0..<geocoder.itemCount, using: &rng), score: 0)
            var text = item.kind == .address ? item.label : item.name
            if Bool.random(using: &rng), let word = text.split(separator: " ").filter({ $0.count >= 4 }).randomElement(using: &rng) {
                var letters = Array(word)
                letters.remove(at: Int.random(in: 0..<letters.count, using: &rng))
                text = text.replacingOccurrences(of: String(word), with: String(letters))
            }
            forward.append(text)
            let offset = { Int32.random(in: -60...60, using: &rng) }
            reverse.append(FixedCoordinate(lat: item.location.lat + offset(), lon: item.location.lon + offset()))
        }
    }
}
