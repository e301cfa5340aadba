// wayfinder-bench alternatives GRAPH [--mode M] [--queries CSV | --random N --seed S] [--count N] [--checked N]
//                                    [--epsilon E] [--sharing S]
//
// What asking for alternatives costs and gives, in-process: for each pair, the plain route
// (`Router.route`) and the same request with up to N alternatives (`Router.routes`), search
// + unpack timed alone, then the whole answer (steps and OSRM JSON for every route); how many
// pairs got an alternative.
import Foundation
import WayfinderCLI
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

func alternativesBenchmark(_ args: Arguments) -> Report {
    let path = graphPath(args, "alternatives")
    let mode = modeOption(args)
    let graph = openGraph(path, mode: mode)
    let pairs = queryPairs(args, graph: graph)
    let count = intOption(args, "count", default: 1, minimum: 1)
    var criteria = AlternativeCriteria()
    criteria.maxChecked = intOption(args, "checked", default: criteria.maxChecked, minimum: 1)
    // Other criteria than ours, e.g. OSRM's CH values (--epsilon 0.15 --sharing 0.75).
    for (name, value) in [("epsilon", \AlternativeCriteria.epsilon), ("sharing", \AlternativeCriteria.maxSharing)] {
        guard let text = args[name] else { continue }
        guard let number = Double(text), number > 0, number < 1 else { fail("--\(name) must be a number between 0 and 1, got \"\(text)\"") }
        criteria[keyPath: value] = number
    }
    let pipeline = RoutePipeline(graph: graph)
    var plain: [Double] = [], withAlternatives: [Double] = [], plainFull: [Double] = [], fullWithAlternatives: [Double] = []
    var routed = 0, withSome = 0, alternatives = 0, stretch = 0.0
    for (from, to) in pairs {
        guard let ends = pipeline.snap(from, to) else { continue }
        let t0 = now()
        guard let best = pipeline.route(ends) else { continue }
        let t1 = now()
        guard let routes = try? pipeline.router.routes(from: ends.source, to: ends.target, alternatives: count, criteria: criteria) else { continue }
        let t2 = now()
        _ = pipeline.encode(best, pipeline.steps(best, destination: to))
        let t3 = now()
        let directions = routes.map { [pipeline.steps($0, destination: to)] }
        pipeline.json.reset()
        OSRMRouteResponse.write(routes: routes.map { [$0] }, directions: directions, graph: graph,
                                options: pipeline.options, into: pipeline.json)
        let t4 = now()
        plain.append(microseconds(t0, t1))
        withAlternatives.append(microseconds(t1, t2))
        plainFull.append(microseconds(t0, t1) + microseconds(t2, t3))
        fullWithAlternatives.append(microseconds(t1, t2) + microseconds(t3, t4))
        routed += 1
        if routes.count > 1 { withSome += 1 }
        alternatives += routes.count - 1
        for route in routes.dropFirst() { stretch += Double(route.weight) / Double(max(1, best.weight)) }
    }
    let report = Report()
    report.text("graph", "graph", path)
    report.text("mode", "mode", "\(mode)")
    report.text("queries", "queries", args["queries"] ?? "\(pairs.count) random pairs (seed \(args["seed"] ?? "7"))")
    report.integer("alternatives_asked", "alternatives asked for", count)
    report.integer("max_checked", "via candidates checked at most", criteria.maxChecked)
    report.number("epsilon", "stretch allowed (1 + epsilon)", criteria.epsilon, unit: "", decimals: 2)
    report.number("max_sharing", "sharing allowed", criteria.maxSharing, unit: "", decimals: 2)
    report.integer("routes", "routes found", routed)
    report.integer("with_alternative", "pairs with at least one alternative", withSome)
    report.integer("alternatives", "alternatives found", alternatives)
    report.number("stretch_mean", "alternative's duration over the best's (mean)", stretch / Double(max(1, alternatives)), unit: "x", decimals: 3)
    let p = Latency(plain), a = Latency(withAlternatives), pf = Latency(plainFull), af = Latency(fullWithAlternatives)
    report.group("latency", "latency per request") { group in
        group.latency("plain_search_unpack_us", "plain route: search + unpack", p, unit: "µs")
        group.latency("alternatives_search_unpack_us", "with alternatives: search + unpack", a, unit: "µs")
        group.latency("plain_full_us", "plain route: + steps + JSON", pf, unit: "µs")
        group.latency("alternatives_full_us", "with alternatives: + steps + JSON of every route", af, unit: "µs")
    }
    report.number("search_ratio_p50", "with alternatives over plain, search + unpack (medians)", a.p50 / p.p50, unit: "x", decimals: 2)
    report.number("full_ratio_p50", "with alternatives over plain, whole answer (medians)", af.p50 / pf.p50, unit: "x", decimals: 2)
    return report
}
