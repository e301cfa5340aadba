import Foundation
import WayfinderGraph

/// The area a graph file covers (the box of its spatial grid) and the name of its biggest
/// place, so that an error about a point outside it can say where the graph is, and a
/// point given with latitude and longitude swapped can be recognised.
public struct GraphArea: Sendable, Equatable {
    public var min: FixedCoordinate
    public var max: FixedCoordinate
    /// The country, else the most prominent city, town or other place in the graph.
    public var name: String?

    public init(min: FixedCoordinate, max: FixedCoordinate, name: String? = nil) {
        self.min = min
        self.max = max
        self.name = name
    }

    /// The box of a snapping or geocoder grid.
    public init(grid: SnapGrid, name: String? = nil) {
        self.init(min: FixedCoordinate(lat: grid.minLat, lon: grid.minLon),
                  max: FixedCoordinate(lat: Int32(clamping: Int64(grid.minLat) + Int64(grid.rows) * Int64(grid.cellSize)),
                                       lon: Int32(clamping: Int64(grid.minLon) + Int64(grid.columns) * Int64(grid.cellSize))),
                  name: name)
    }

    public func contains(_ p: FixedCoordinate) -> Bool {
        (min.lat...max.lat).contains(p.lat) && (min.lon...max.lon).contains(p.lon)
    }

    /// "59.9..60.4 N, 24.5..25.3 E (Helsinki)".
    public var description: String {
        func range(_ a: Double, _ b: Double, _ positive: String, _ negative: String) -> String {
            let hemisphere = a >= 0 ? positive : negative
            return "\(Self.text(abs(a), decimals: 2))..\(Self.text(abs(b), decimals: 2)) \(hemisphere)"
        }
        let lat = min.latitude < 0 && max.latitude > 0 ? "\(Self.text(min.latitude, decimals: 2))..\(Self.text(max.latitude, decimals: 2)) lat"
            : min.latitude < 0 ? range(max.latitude, min.latitude, "N", "S") : range(min.latitude, max.latitude, "N", "S")
        let lon = min.longitude < 0 && max.longitude > 0 ? "\(Self.text(min.longitude, decimals: 2))..\(Self.text(max.longitude, decimals: 2)) lon"
            : min.longitude < 0 ? range(max.longitude, min.longitude, "E", "W") : range(min.longitude, max.longitude, "E", "W")
        return "\(lat), \(lon)" + (name.map { " (\($0))" } ?? "")
    }

    /// How a coordinate is written where the hint is shown.
    public enum Order: Sendable {
        /// The CLI: `LAT,LON`.
        case latLon
        /// OSRM's HTTP API: `LON,LAT`.
        case lonLat
        /// Nominatim's HTTP API: `lat=…&lon=…`.
        case parameters
    }

    /// Nil when `p` is inside the area. Else, when `p` with latitude and longitude swapped
    /// is inside: "did you mean 60.1699,24.9384? the CLI takes LAT,LON"; otherwise "it is
    /// outside the graph's area, 59.9..60.4 N, 24.5..25.3 E (Helsinki)".
    public func hint(for p: FixedCoordinate, order: Order) -> String? {
        guard !contains(p) else { return nil }
        let lat = Self.text(p.latitude, decimals: 7), lon = Self.text(p.longitude, decimals: 7)
        if abs(p.longitude) <= 90, contains(FixedCoordinate(lat: p.lon, lon: p.lat)) {
            switch order {
            case .latLon: return "did you mean \(lon),\(lat)? the CLI takes LAT,LON"
            case .lonLat: return "did you mean \(lat),\(lon)? coordinates here are LON,LAT"
            case .parameters: return "did you mean lat=\(lon)&lon=\(lat)? latitude and longitude look swapped"
            }
        }
        return "it is outside the graph's area, \(description)"
    }

    /// `value` with at most `decimals` decimals, trailing zeros dropped ("60.1699", "25").
    static func text(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

extension Geocoder {
    /// The area of the geocoder's grid, named after its country or most prominent place.
    /// Scans the items: meant for error messages, not for every query.
    public var area: GraphArea {
        var best: (rank: Int, importance: UInt8, name: Int32)?
        for item in items where item.kind == GeocoderKind.place.rawValue && item.name != 0 {
            let type = strings[item.type]
            let rank = type == "place=country" ? 0 : type == "place=state" ? 1
                : type == "place=city" ? 2 : type == "place=town" ? 3 : 4
            if best == nil || rank < best!.rank || (rank == best!.rank && item.importance > best!.importance) {
                best = (rank, item.importance, item.name)
            }
        }
        return GraphArea(grid: grid, name: best.map { strings[$0.name] })
    }
}
