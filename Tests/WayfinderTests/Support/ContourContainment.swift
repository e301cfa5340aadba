import WayfinderGraph
import WayfinderIsochrones

/// Whether `p` lies inside one of `contour`'s polygons: even-odd over all its rings, so a
/// point in a hole is outside. For the isochrone tests.
func contourContains(_ contour: Contour, _ p: FixedCoordinate) -> Bool {
    contour.polygons.contains { polygon in
        polygon.reduce(false) { inside, ring in
            var crossing = inside
            for (a, b) in zip(ring, ring.dropFirst()) where (a.lat > p.lat) != (b.lat > p.lat) {
                let x = Double(a.lon) + Double(p.lat - a.lat) / Double(b.lat - a.lat) * Double(b.lon - a.lon)
                if Double(p.lon) < x { crossing.toggle() }
            }
            return crossing
        }
    }
}
