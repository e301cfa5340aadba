import Foundation
import WayfinderDirections
import WayfinderEngine
import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM
import WayfinderRouting

/// A matched trace written for people (text), for maps (GeoJSON), for programs (the OSRM
/// /match response, through the server's own writer, so the command and the server can never
/// differ) and as one line of a batch.
enum MatchOutput {
    /// osrm-routed's answer when no matching was found.
    static let noMatch = OSRMError("NoMatch", "Could not match the trace.")

    /// A trace not matched, in osrm-routed's code and words (the server's mapping,
    /// `OSRMError+Engine`); nil for errors of the request, which the command refuses before.
    static func osrm(_ error: EngineError) -> OSRMError? {
        switch error {
        case .noMatch(let why): OSRMError("NoMatch", why)
        case .noSegmentNearTrace: OSRMError("NoSegment", "Could not find a matching segment for any coordinate.")
        default: nil
        }
    }

    /// One matching's figures, as its legs add up (OSRM's matching `distance` and `duration`).
    struct Figures {
        var distance = 0.0, duration = 0.0
        /// The matched line, each leg's joined to the previous one's end.
        var line: [FixedCoordinate] = []

        init(_ matching: MatchAnswer.Matching, graph: RoutingGraph) {
            for leg in matching.legs {
                distance += graph.distance(of: leg)
                duration += leg.duration
                let piece = graph.geometry(of: leg)
                line.append(contentsOf: piece.first == line.last ? piece.dropFirst() : piece[...])
            }
        }
    }

    /// The confidence of a whole trace: its matchings' confidences weighted by their length
    /// (a 10 m stub matched by chance weighs little beside 5 km matched well); their plain
    /// mean when all are of length 0; nil without matchings.
    static func confidence(_ answer: MatchAnswer, _ figures: [Figures]) -> Double? {
        guard !answer.matchings.isEmpty else { return nil }
        let total = figures.reduce(0) { $0 + $1.distance }
        guard total > 0 else { return answer.matchings.reduce(0) { $0 + $1.confidence } / Double(answer.matchings.count) }
        return zip(answer.matchings, figures).reduce(0) { $0 + $1.0.confidence * $1.1.distance } / total
    }

    /// The OSRM /match response, as the server writes it.
    static func json(_ answer: MatchAnswer, builder: DirectionsBuilder, options: ResponseOptions, graph: RoutingGraph) -> String {
        let points = answer.matchings.reduce(0) { $0 + $1.points.count }
        let json = JSONBuffer(capacity: 2048 + points * 600)
        OSRMMatchResponse.write(answer, builder: builder, options: options, graph: graph, hints: true, into: json)
        return json.text
    }

    /// The readable summary: the trace's points and how many were matched, each matching's
    /// length, time and confidence, the points left out (1-based, as a spreadsheet numbers
    /// the rows, with their lines in the file), then with `--steps` each matching's
    /// instructions as `route --format text` prints a route.
    static func text(_ answer: MatchAnswer, trace: Trace, graph: RoutingGraph, options: ResponseOptions) -> String {
        let figures = answer.matchings.map { Figures($0, graph: graph) }
        let matched = answer.tracepoints.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        var out = "mode: \(graph.mode)\n"
        out += "trace: \(trace.points.count) points, \(matched) matched in \(answer.matchings.count) "
            + (answer.matchings.count == 1 ? "matching" : "matchings") + "\n"
        let skipped = answer.tracepoints.indices.filter { answer.tracepoints[$0] == nil }
        if !skipped.isEmpty {
            let shown = skipped.prefix(50)
            let lines = shown.compactMap { $0 < trace.lines.count ? String(trace.lines[$0]) : nil }
            out += "skipped points: " + shown.map { String($0 + 1) }.joined(separator: ", ")
                + (skipped.count > shown.count ? " and \(skipped.count - shown.count) more" : "")
                + " (file lines " + lines.joined(separator: ", ") + (skipped.count > shown.count ? ", …" : "") + ")\n"
        }
        var distance = 0.0, duration = 0.0
        for (i, (matching, figure)) in zip(answer.matchings, figures).enumerated() {
            let first = (matching.points.first ?? 0) + 1, last = (matching.points.last ?? 0) + 1
            out += "matching \(i + 1): points \(first)-\(last), \(RouteResponse.distanceText(figure.distance)), "
                + "\(RouteResponse.minutes(figure.duration)), confidence \(format3(matching.confidence))\n"
            distance += figure.distance
            duration += figure.duration
            if options.steps, !matching.legs.isEmpty {
                var stepOptions = options
                stepOptions.destination = matching.inputs.last
                let route = matching.legs.count == 1 ? matching.legs[0] : Route(joining: matching.legs[...])
                out += RouteResponse.text(route, graph: graph, options: stepOptions, totals: false)
                    .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    .filter { !$0.hasPrefix("mode: ") }.map { "  " + $0 + "\n" }.joined()
            } else if let line = options.overview.line(of: figure.line) {
                out += "  " + RouteResponse.polyline(line, options)
            }
        }
        return out + RouteResponse.total(distance, duration)
    }

    /// A FeatureCollection: a LineString per matching (properties kind "matching", its
    /// number, confidence, distance, duration), the raw trace as a LineString (kind "trace"),
    /// and a Point per matched point where it was matched (kind "tracepoint", its 1-based row).
    static func geojson(_ answer: MatchAnswer, trace: Trace, graph: RoutingGraph, options: ResponseOptions) -> String {
        let json = JSONBuffer(capacity: 4096 + trace.points.count * 120)
        json.beginObject()
        json.key("type"); json.string("FeatureCollection")
        json.key("features"); json.beginArray()
        for (i, matching) in answer.matchings.enumerated() {
            let figures = Figures(matching, graph: graph)
            feature(json, kind: "matching") {
                json.key("matching"); json.integer(i + 1)
                json.key("confidence"); json.number(matching.confidence, decimals: 3)
                json.key("distance"); json.number(figures.distance, decimals: 1)
                json.key("duration"); json.number(figures.duration, decimals: 3)
            } geometry: {
                json.line((options.overview == .none ? figures.line : options.overview.line(of: figures.line) ?? figures.line)[...],
                          format: .geojson)
            }
        }
        feature(json, kind: "trace") {
            json.key("points"); json.integer(trace.points.count)
        } geometry: {
            json.line(trace.points[...], format: .geojson)
        }
        for (i, tracepoint) in answer.tracepoints.enumerated() {
            guard let tracepoint else { continue }
            feature(json, kind: "tracepoint") {
                json.key("row"); json.integer(i + 1)
                json.key("matching"); json.integer(tracepoint.matching + 1)
                json.key("name"); json.string(graph.name(ofSegment: tracepoint.snap.segment))
                json.key("distance"); json.number(tracepoint.snap.distance, decimals: 1)
            } geometry: {
                json.beginObject()
                json.key("type"); json.string("Point")
                json.key("coordinates"); json.coordinate(tracepoint.snap.location)
                json.endObject()
            }
        }
        json.endArray()
        json.endObject()
        return json.text
    }

    private static func feature(_ json: JSONBuffer, kind: String, properties: () -> Void, geometry: () -> Void) {
        json.beginObject()
        json.key("type"); json.string("Feature")
        json.key("properties"); json.beginObject()
        json.key("kind"); json.string(kind)
        properties()
        json.endObject()
        json.key("geometry")
        geometry()
        json.endObject()
    }

    // MARK: Batch lines

    /// The CSV batch's header line.
    static let batchHeader = "trace_id,code,confidence,distance_m,duration_s,matched_points,geometry\n"

    /// A matched trace's CSV line: its id, `Ok`, the length-weighted confidence (3
    /// decimals), metres (1), seconds (3), points matched, and the matchings' lines as
    /// polyline6 (`--overview`: simplified unless told), separated by `;` when several.
    static func csvLine(id: String, _ answer: MatchAnswer, graph: RoutingGraph, options: ResponseOptions) -> String {
        let figures = answer.matchings.map { Figures($0, graph: graph) }
        let matched = answer.tracepoints.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        let distance = figures.reduce(0) { $0 + $1.distance }, duration = figures.reduce(0) { $0 + $1.duration }
        let lines = figures.compactMap { options.overview.line(of: $0.line) }.map { Polyline.encode($0, precision: 6) }
        let confidence = confidence(answer, figures).map(format3) ?? ""
        return "\(csvField(id)),Ok,\(confidence),\(format1(distance)),\(format3(duration)),\(matched),\(lines.joined(separator: ";"))\n"
    }

    /// A trace without an answer: `id,NoMatch,,,,0,` or `id,BadInput,,,,,`.
    static func csvLine(id: String, code: String) -> String {
        "\(csvField(id)),\(code),,,,\(code == "BadInput" ? "" : "0"),\n"
    }

    /// The JSON batch's line of a trace: `{"trace_id":…,` then the OSRM response's fields.
    static func jsonLine(id: String, response: String) -> String {
        let json = JSONBuffer(capacity: id.utf8.count + 32)
        json.beginObject()
        json.key("trace_id"); json.string(id)
        json.endObject()
        let head = json.text.dropLast()   // `{"trace_id":"…"`
        let body = response.drop { $0 != "{" }.dropFirst()
        return head + (body.hasPrefix("}") ? "" : ",") + body + "\n"
    }

    /// OSRM's error object (`{"code":"NoMatch","message":…}`).
    static func error(_ failure: OSRMError) -> String { RouteResponse.error(failure) }

    /// An id as a CSV field: quoted (quotes doubled) when it holds a comma, quote or newline.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
