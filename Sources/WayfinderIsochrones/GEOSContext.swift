import CGEOS

/// One GEOS context (`GEOS_init_r`) for one thread's calls: GEOS's reentrant API keeps its
/// error state per context, so each `ContourBuilder` (one per thread) owns one, and its
/// `deinit` frees it with `GEOS_finish_r`.
///
/// Why GEOS (libgeos-c, Debian's libgeos-dev 3.11): the issue asks that a well-kept library
/// do the polygon geometry. GEOS holds the contour's polygons with their holes, simplifies them
/// without making rings cross (`GEOSTopologyPreserveSimplify_r`), and snaps the result to the
/// 10^-6 degree grid GeoJSON is written on with a valid result (`GEOSGeom_setPrecision_r`,
/// snap-rounding) — the two steps where a hand-written version would get validity wrong. It is
/// one shared library (and libgeos, its C++ core) on every Debian. Not GDAL, whose contouring
/// would bring 123 Debian packages and ~100 shared libraries into the start-up of every binary
/// that links the module (the CLI, libWayfinderC.so for Python); not GEOS's buffering of the
/// reached road lines either: 1.3 s for 12,000 segments (measured with shapely over GEOS
/// 3.14), where the grid and marching squares here take milliseconds. Which ring is a hole of
/// which polygon is known from the tracer's orientation (`ContourPolygons` says why that is not
/// GEOS's polygonizer).
final class GEOSContext {
    let handle: GEOSContextHandle_t

    /// The last error GEOS reported on this context.
    final class Messages {
        var lastError: String?
    }
    private let messages = Messages()

    init() {
        guard let handle = GEOS_init_r() else { fatalError("GEOS_init_r failed: out of memory") }
        self.handle = handle
        // A closure that captures nothing converts to the C callback; the message box is
        // passed through `userdata` and lives as long as this context.
        let handler: GEOSMessageHandler_r = { message, userdata in
            guard let userdata, let message else { return }
            Unmanaged<Messages>.fromOpaque(userdata).takeUnretainedValue().lastError = String(cString: message)
        }
        _ = GEOSContext_setErrorMessageHandler_r(handle, handler, Unmanaged.passUnretained(messages).toOpaque())
    }

    deinit { GEOS_finish_r(handle) }

    /// The last error GEOS reported, taken (nil after it is read).
    func takeError() -> String? {
        defer { messages.lastError = nil }
        return messages.lastError
    }
}
