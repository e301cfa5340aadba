import WayfinderGraph
import WayfinderJSON
import WayfinderOSRM

/// `/health` and `/metrics`: what operators and their monitoring read.
enum OperationsEndpoints {
    /// 200 with the graph in service: `{"status":"ok","graph":{"path","source","version",
    /// "generation","built","age_seconds","modes":[...],"geocoder":bool,"metric":{"version",
    /// "customized","traffic_rows","turn_penalty_rows","in_service_since"}}}`. The metric
    /// version is 0 for the weights of the import and counts `wayfinder customize` runs since;
    /// `customized` is when the last one wrote the file, `in_service_since` when this server
    /// put the file in service (its load or hot reload). `checksums` is "verifying" while the
    /// sections are checked in the background, then "verified" (a damaged file answers 503).
    static func health(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let graph = context.graph
        let json = context.json()
        json.beginObject()
        json.key("status"); json.string("ok")
        json.key("graph"); json.beginObject()
        json.key("path"); json.string(graph.path)
        json.key("source")
        if let source = graph.file.metadata["source"] { json.string(source) } else { json.null() }
        json.key("version"); json.string(graph.version)
        json.key("generation"); json.integer(graph.generation)
        json.key("built")
        if let built = graph.builtText { json.string(built) } else { json.null() }
        json.key("age_seconds"); json.number(graph.ageSeconds, decimals: 0)
        json.key("modes"); json.beginArray()
        for mode in TravelMode.allCases where graph.graph(mode) != nil { json.string(mode.description) }
        json.endArray()
        json.key("geocoder"); json.bool(graph.geocoder != nil)
        json.key("checksums"); json.string(graph.integrity.description)
        json.key("metric"); json.beginObject()
        json.key("version"); json.integer(graph.metricVersion)
        for name in ["customized", "traffic_rows", "turn_penalty_rows"] {
            json.key(text: name)
            if let value = graph.file.metadata[name] { json.string(value) } else { json.null() }
        }
        json.key("in_service_since"); json.string(graph.loadedText)
        json.endObject()
        json.endObject()
        json.endObject()
        return .json(json)
    }

    static func metrics(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        .text(context.server.metrics.render(graph: context.graph, engine: context.server.engine), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }
}
