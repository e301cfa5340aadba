import Foundation
import WayfinderEngine
import WayfinderGraph
import WayfinderIsochrones
import WayfinderRouting

/// `wayfinder isochrone --format text`: what a person checks of an isochrone without drawing
/// it. The snapped origin first (the search starts there, not at the point typed: a point far
/// from any road shows here), then per contour in the order asked its limit, how many pieces
/// it has (several polygons: islands reached along fast roads; holes: places inside that are
/// not reached), its area and its bounding box.
enum IsochroneText {
    static func summary(_ answer: IsochroneAnswer, request: IsochroneRequest, asked: FixedCoordinate) -> String {
        let origin = answer.origin
        let way = request.direction == .arrive ? "arriving at" : "departing from"
        var out = "origin: \(degrees(origin)) (\(request.mode), \(way) the road point "
            + "\(Int(Geo.distance(asked, origin).rounded())) m from \(degrees(asked)))\n"
        let unit = request.metric == .time ? "min" : "m"
        let width = answer.contours.map { IsochroneCommand.number($0.limit).count }.max() ?? 1
        for contour in answer.contours {
            let limit = IsochroneCommand.number(contour.limit)
            out += String(repeating: " ", count: width - limit.count) + limit + " " + unit + ": "
            if request.polygons {
                let holes = contour.polygons.reduce(0) { $0 + max(0, $1.count - 1) }
                out += counted(contour.polygons.count, "polygon") + ", " + counted(holes, "hole")
                out += ", " + String(format: "%.3f", area(contour.polygons, near: origin) / 1e6) + " km²"
                out += ", box " + box(contour.polygons.flatMap { $0.first ?? [] }) + "\n"
            } else {
                out += counted(contour.lines.count, "line") + ", box " + box(contour.lines.flatMap { $0 }) + "\n"
            }
        }
        return out
    }

    /// "43.738400,7.424600": the answer's own 6 decimals.
    static func degrees(_ p: FixedCoordinate) -> String { String(format: "%.6f,%.6f", p.latitude, p.longitude) }

    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// south,west,north,east of `points` (a polygon's outer rings bound it), "none" when empty.
    static func box(_ points: [FixedCoordinate]) -> String {
        guard let first = points.first else { return "none" }
        var (south, west, north, east) = (first.lat, first.lon, first.lat, first.lon)
        for p in points {
            south = min(south, p.lat); north = max(north, p.lat)
            west = min(west, p.lon); east = max(east, p.lon)
        }
        return degrees(FixedCoordinate(lat: south, lon: west)) + "," + degrees(FixedCoordinate(lat: north, lon: east))
    }

    /// Square metres covered: each polygon's outer ring less its holes, by the shoelace formula
    /// on a local projection around the origin (contours span kilometres, where the flat
    /// projection errs by far less than the grid the contours were drawn on).
    static func area(_ polygons: [[[FixedCoordinate]]], near origin: FixedCoordinate) -> Double {
        let projection = LocalProjection(latitude: origin.latitude)
        func ring(_ points: [FixedCoordinate]) -> Double {
            guard points.count > 2 else { return 0 }
            var twice = 0.0
            var previous = projection.offset(points[points.count - 1], from: origin)
            for p in points {
                let here = projection.offset(p, from: origin)
                twice += previous.x * here.y - here.x * previous.y
                previous = here
            }
            return abs(twice) / 2
        }
        return polygons.reduce(0) { total, rings in
            guard let outer = rings.first else { return total }
            return total + ring(outer) - rings.dropFirst().reduce(0) { $0 + ring($1) }
        }
    }
}
