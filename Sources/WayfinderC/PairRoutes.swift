import WayfinderEngine
import WayfinderDirections
import WayfinderGraph
import WayfinderRouting

/// `wf_route_pairs`: `route --batch` over caller arrays. Every row is checked before any is
/// routed (as the batch reads its whole file first), then each pair is snapped and routed
/// by `Router.route(from:to:maxSnap:)`, the batch's own routine, with the calling
/// thread's pooled router.
@_cdecl("wf_route_pairs")
public func wf_route_pairs(_ graph: OpaquePointer?, _ mode: Int32, _ pairs: UnsafePointer<Double>?, _ n: Int,
                           _ maxSnap: Double, _ codes: UnsafeMutablePointer<Int32>?,
                           _ distances: UnsafeMutablePointer<Double>?, _ durations: UnsafeMutablePointer<Double>?) -> Int32 {
    call { () throws(CallError) in
        let opened = try OpenedGraph.from(graph)
        let mode = try travelMode(mode)
        guard n >= 0 else { throw CallError(.badInput, "n is negative (\(n))") }
        guard maxSnap.isNaN || maxSnap.isFinite else { throw CallError(.badInput, "max_snap_m must be a finite number of metres") }
        guard !maxSnap.isNaN else { throw CallError(.badInput, "max_snap_m is NaN") }
        let radius = maxSnap > 0 ? maxSnap : RoutePolicy.snapRadius
        guard n > 0 else { return }
        guard let pairs, let codes, let distances, let durations else {
            throw CallError(.badInput, "pairs, codes, distance_m and duration_s must not be NULL when n > 0")
        }
        // The checked rows in temporary storage (on the stack for small calls: no heap array
        // for each one-pair call from Python).
        try withUnsafeTemporaryAllocation(of: (FixedCoordinate, FixedCoordinate).self, capacity: n) {
            points throws(CallError) in
            for i in 0..<n {
                let row = pairs + 4 * i
                points.initializeElement(at: i, to: (try coordinate(row[0], row[1], "row \(i) from"),
                                                     try coordinate(row[2], row[3], "row \(i) to")))
            }
            try opened.engine.withQueries { context throws(CallError) in
                guard let router = context.router(mode) else { throw missingMode(mode) }
                for i in 0..<n {
                    do throws(RouteError) {
                        let route = try router.route(from: points[i].0, to: points[i].1, maxSnap: radius)
                        codes[i] = 0
                        // The batch prints "%.1f" metres and "%.3f" seconds (a whole number of ms).
                        distances[i] = (router.graph.distance(of: route) * 10).rounded() / 10
                        durations[i] = route.duration
                    } catch {
                        switch error {
                        case .noRoute: codes[i] = 1
                        case .noSegment: codes[i] = 2
                        }
                        distances[i] = .nan
                        durations[i] = .nan
                    }
                }
            }
        }
    }
}
