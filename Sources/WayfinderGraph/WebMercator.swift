import Foundation

/// Web Mercator (EPSG:3857) as slippy maps number it: the world a square of `worldSize`
/// units, x to the east from 180° W, y to the south from about 85.05° N; tile `(z, x, y)`
/// covers `tileSize(z)` units from `(x, y) × tileSize(z)`.
///
/// The base map stores its geometry in these world units (`BaseMapSections.swift`), so a
/// tile's coordinates are a subtraction and a shift away: no trigonometry per point when a
/// tile is made. 2^30 units across the world is 3.7 cm at the equator, two units of a tile's
/// 4096 at zoom 19, and every value fits an `Int32`.
public enum WebMercator {
    /// log2 of the world's size in units.
    public static let worldBits = 30
    public static let worldSize: Int64 = 1 << 30
    /// Tile-local units across a tile, as Mapbox Vector Tiles.
    public static let tileExtentBits = 12
    public static let tileExtent = 4096
    /// Deepest zoom served (`/tiles/{z}/…` z ≤ 19).
    public static let maxZoom = 19
    /// The latitude where the square world ends (atan(sinh(π))).
    public static let maxLatitude = 85.0511287798066

    /// World x of a longitude in degrees (exact in integers for fixed-point input).
    @inlinable public static func x(lon e7: Int32) -> Int32 {
        Int32(clamping: ((Int64(e7) + 1_800_000_000) << worldBits) / 3_600_000_000)
    }

    /// World y of a latitude in degrees, clamped to the square world.
    @inlinable public static func y(latitude: Double) -> Int32 {
        let phi = Swift.max(-maxLatitude, Swift.min(maxLatitude, latitude)) * .pi / 180
        let y = (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2
        return Int32(clamping: Int64((y * Double(worldSize)).rounded()))
    }

    @inlinable public static func point(_ c: FixedCoordinate) -> (x: Int32, y: Int32) {
        (x(lon: c.lon), y(latitude: c.latitude))
    }

    /// The latitude of world y (for boxes in degrees around a tile).
    @inlinable public static func latitude(y: Int64) -> Double {
        let n = Double.pi * (1 - 2 * Double(y) / Double(worldSize))
        return atan(sinh(n)) * 180 / .pi
    }

    @inlinable public static func longitude(x: Int64) -> Double {
        Double(x) * 360 / Double(worldSize) - 180
    }

    /// World units across one tile at zoom `z` (0...worldBits).
    @inlinable public static func tileSize(_ z: Int) -> Int64 { Int64(1) << (worldBits - z) }

    /// The tile of zoom `z` holding the world point `(x, y)`.
    @inlinable public static func tile(z: Int, x: Int32, y: Int32) -> (x: Int, y: Int) {
        (Int(Int64(x) >> (worldBits - z)), Int(Int64(y) >> (worldBits - z)))
    }
}

/// One tile's frame: world units to tile-local units (0...4096 across the tile, x east,
/// y south), and the box of world units a buffered tile covers.
public struct TileFrame: Sendable, Equatable {
    public let z: Int, x: Int, y: Int
    /// World origin of the tile.
    public let originX: Int64, originY: Int64
    /// Tile units per world unit as a shift: left when positive (z > 18), else right.
    public let shift: Int
    /// Tile-local units of buffer beyond each edge (128 in the contract).
    public let buffer: Int

    /// Nil when `z` is beyond `WebMercator.maxZoom` or x/y are not tiles of that zoom.
    public init?(z: Int, x: Int, y: Int, buffer: Int = 128) {
        guard z >= 0, z <= WebMercator.maxZoom, x >= 0, y >= 0, x < 1 << z, y < 1 << z else { return nil }
        (self.z, self.x, self.y, self.buffer) = (z, x, y, buffer)
        originX = Int64(x) << (WebMercator.worldBits - z)
        originY = Int64(y) << (WebMercator.worldBits - z)
        shift = z + WebMercator.tileExtentBits - WebMercator.worldBits
    }

    /// Tile-local units of a world distance (rounded towards minus infinity).
    @inline(__always) public func local(_ world: Int64) -> Int64 {
        shift >= 0 ? world << shift : world >> -shift
    }

    /// World units of a tile-local distance.
    @inline(__always) public func world(_ local: Int64) -> Int64 {
        shift >= 0 ? local >> shift : local << -shift
    }

    @inline(__always) public func localX(_ worldX: Int32) -> Int32 { Int32(clamping: local(Int64(worldX) - originX)) }
    @inline(__always) public func localY(_ worldY: Int32) -> Int32 { Int32(clamping: local(Int64(worldY) - originY)) }

    /// The buffered tile in world units: min x, min y, max x, max y (edges included).
    public var worldBox: (minX: Int64, minY: Int64, maxX: Int64, maxY: Int64) {
        let b = world(Int64(buffer)), size = WebMercator.tileSize(z)
        return (originX - b, originY - b, originX + size + b, originY + size + b)
    }

    /// The buffered tile in degrees (for the road finder's boxes).
    public var degreeBox: (minLat: Double, minLon: Double, maxLat: Double, maxLon: Double) {
        let w = worldBox
        return (WebMercator.latitude(y: w.maxY), WebMercator.longitude(x: w.minX),
                WebMercator.latitude(y: w.minY), WebMercator.longitude(x: w.maxX))
    }
}
