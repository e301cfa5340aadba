import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderJSON
import WayfinderOSRM
import WayfinderRouting

/// Isochrones over HTTP in the two dialects their clients speak: the Mapbox Isochrone API's
/// URLs (`/isochrone/v1/{profile}/{lon},{lat}`) and Valhalla's `/isochrone` JSON. Both answer
/// the FeatureCollection `IsochroneGeoJSON` writes (one Feature per contour, largest first);
/// each refuses a request in its own error shape.
enum IsochroneEndpoints {
    /// The most bytes of a POSTed Valhalla request: a location, four contours and the options
    /// clients add (`costing_options`, `date_time`) take well under a kilobyte, so 64 KiB
    /// leaves room for any real client and bounds what the JSON parser reads.
    static let valhallaBodyLimit = 65_536

    // MARK: Mapbox

    /// `/isochrone/v1/{profile}/{lon},{lat}?contours_minutes=5,10,15` (or `contours_meters`):
    /// the contours as the Mapbox Isochrone API answers them; errors as osrm-routed's, HTTP 400
    /// (`MapboxIsochroneQuery` reads the options).
    static func mapbox(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        OSRMEndpoints.answer { () throws(OSRMError) in
            let query = try MapboxIsochroneQuery(request, limits: context.limits)
            let answer = try query.answer(context.queries)
            let json = context.json()
            IsochroneGeoJSON.write(answer.contours, polygons: query.isochrone.polygons,
                                   colors: colors(answer.contours, asked: answer.colors, first: 0, total: answer.contours.count),
                                   into: json)
            return .json(json)
        }
    }

    // MARK: Valhalla

    /// Valhalla's `/isochrone`: its JSON request POSTed as the body, or given as `?json=` in a
    /// GET (as Valhalla takes both). The answer is Valhalla's: the FeatureCollection with time
    /// contours before distance ones (each kind largest first), `contour` in the minutes or
    /// kilometres asked, with `show_locations` the snapped point (a MultiPoint, as Valhalla
    /// writes a location's snapped edges) and the input point after them, and `id` echoed.
    /// Refusals are Valhalla's error objects (`ValhallaError`), with the `id` when one was read.
    static func valhalla(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        let body: [UInt8]
        if let posted = request.body, !posted.isEmpty {
            body = posted
        } else if let text = request["json"] {
            body = Array(text.utf8)
        } else {
            return valhallaError(ValhallaError(100, "send the request as a JSON body (POST) or as ?json= (GET)"), id: nil, context)
        }
        let query: ValhallaIsochroneQuery
        do throws(ValhallaError) {
            query = try ValhallaIsochroneQuery(json: body, limits: context.limits)
        } catch {
            return valhallaError(error, id: ValhallaIsochroneQuery.identifier(body), context)
        }
        var answers: [(answer: IsochroneAnswer, positions: [Int])] = []
        for (isochrone, positions) in query.requests() {
            do throws(EngineError) {
                try isochrone.validate(limits: context.limits)
                answers.append((try isochrone.answer(context.queries), positions))
            } catch {
                return valhallaError(ValhallaError(error, costing: query.costing), id: query.id, context)
            }
        }
        let json = context.json()
        json.beginObject()
        json.key("type"); json.string("FeatureCollection")
        json.key("features"); json.beginArray()
        var written = 0
        for (answer, positions) in answers {
            var contours = answer.contours
            // The engine gives a distance contour in metres; Valhalla's `contour` keeps the km asked.
            for i in contours.indices { contours[i].limit = query.contours[positions[i]].value }
            IsochroneGeoJSON.writeFeatures(contours, polygons: query.polygons,
                                           colors: colors(contours, asked: answer.colors, first: written, total: query.contours.count),
                                           into: json)
            written += contours.count
        }
        if query.showLocations, let snapped = answers.first?.answer.origin {
            writeLocation(type: "snapped", geometry: "MultiPoint", [snapped], into: json)
            writeLocation(type: "input", geometry: "Point", [query.location], into: json)
        }
        json.endArray()
        if let id = query.id { json.key("id"); write(id, into: json) }
        json.endObject()
        return .json(json)
    }

    /// One of Valhalla's `show_locations` Features: `properties` {type, location_index: 0},
    /// a Point's coordinates or a MultiPoint's list of them.
    private static func writeLocation(type: String, geometry: String, _ points: [FixedCoordinate], into json: JSONBuffer) {
        json.beginObject()
        json.key("type"); json.string("Feature")
        json.key("properties"); json.beginObject()
        json.key("type"); json.string(type)
        json.key("location_index"); json.integer(0)
        json.endObject()
        json.key("geometry"); json.beginObject()
        json.key("type"); json.string(geometry)
        json.key("coordinates")
        if geometry == "Point" {
            json.coordinate(points[0])
        } else {
            json.beginArray()
            for point in points { json.coordinate(point) }
            json.endArray()
        }
        json.endObject()
        json.endObject()
    }

    /// Valhalla's error object, HTTP 400: `{"error_code", "error", "status_code", "status"}`,
    /// and the request's `id` when it had one.
    static func valhallaError(_ error: ValhallaError, id: ValhallaIsochroneQuery.Identifier?, _ context: RequestContext) -> HTTPResponse {
        let json = context.json()
        json.beginObject()
        json.key("error_code"); json.integer(error.code)
        json.key("error"); json.string(error.message)
        json.key("status_code"); json.integer(error.status)
        json.key("status"); json.string(error.status == 400 ? "Bad Request" : "Internal Server Error")
        if let id { json.key("id"); write(id, into: json) }
        json.endObject()
        return .json(json, status: error.status)
    }

    private static func write(_ id: ValhallaIsochroneQuery.Identifier, into json: JSONBuffer) {
        switch id {
        case .text(let text): json.string(text)
        case .number(let number) where number == number.rounded() && abs(number) < 1e15: json.integer(Int(number))
        case .number(let number): json.number(number, decimals: 9)
        }
    }

    // MARK: Colours

    /// Per contour, in the order of `contours`, the colour written (six hex digits): the one
    /// asked, else Valhalla's default for the place the contour is written at among `total`
    /// (`first` plus its rank in `IsochroneGeoJSON`'s order, largest limit first, equal limits
    /// in the order given), so that contours of two metrics written one after the other, or
    /// with only some colours given, get the colours Valhalla would give them.
    static func colors(_ contours: [Contour], asked: [String?], first: Int, total: Int) -> [String] {
        let order = contours.indices.sorted { (contours[$0].limit, $1) > (contours[$1].limit, $0) }
        var colors = [String](repeating: "", count: contours.count)
        for (rank, index) in order.enumerated() {
            colors[index] = (index < asked.count ? asked[index] : nil) ?? IsochroneGeoJSON.defaultColor(first + rank, of: total)
        }
        return colors
    }
}

extension ValhallaError {
    /// The engine's refusal in Valhalla's codes: no road in reach is 171, a mode the graph
    /// lacks is the unknown costing (125). The rest are limits `ValhallaIsochroneQuery`
    /// checks first with Valhalla's own codes, kept here with the engine's words should the
    /// engine's checks ever be stricter.
    init(_ failure: EngineError, costing: String) {
        switch failure {
        case .noSegment: self.init(171)
        case .noMode(let mode): self.init(125, "'\(costing)' (this graph has no \(mode) network)")
        case .tooBig(let what): self.init(151, what)
        default: self.init(113, failure.description)
        }
    }
}
