import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

/// The numbers of one OSRM route object, as every response format states them: the route's
/// and each leg's totals, each step's distance and duration, and the per-stretch annotation
/// lists, each at the precision OSRM prints it and rounded here, once. The JSON writer
/// (`OSRMRouteResponse`) and the protobuf encoder (`RouteProtobuf`) both read these, so the
/// two formats cannot disagree on a total, a rule or a rounding.
///
/// Values are scaled integers: metres and per-step or per-stretch seconds in tenths, total
/// seconds in thousandths. A list of tenths is rounded as a running sum (`RunningSum`), so
/// that its printed values add up to the printed total, as osrm-routed's do.
public struct RouteFigures: Sendable {
    /// One leg's figures.
    public struct Leg: Sendable {
        /// The leg's two main roads; OSRM names them only when steps are asked for.
        public let summary: String
        /// Metres in tenths and seconds in thousandths.
        public let distance: Int64, duration: Int64
        /// Each step's metres and seconds in tenths; empty without steps.
        public let stepDistances: [Int64], stepDurations: [Int64]
        /// Metres and seconds in tenths per stretch of the leg's line (a one-point line is
        /// one stretch of nothing); empty unless an annotation list that needs them is asked
        /// for (`distance`, or `duration` and `weight`, the weight being the travel time).
        public let stretchDistances: [Int64], stretchDurations: [Int64]

        /// The figures of a leg's directions (built `annotated` when annotations are asked).
        public init(_ leg: Directions, steps: Bool, annotations: RouteAnnotations) {
            summary = steps ? leg.summary : ""
            distance = Self.scaled(leg.distance, 10)
            duration = Self.scaled(leg.duration, 1000)
            (stepDistances, stepDurations) = steps ? Self.stepTenths(leg.steps) : ([], [])
            let values = annotations.isEmpty ? nil : leg.annotation
            if !annotations.isEmpty && values == nil {
                preconditionFailure("annotations asked for from directions built without `annotated: true`")
            }
            stretchDistances = annotations.contains(.distance) ? Self.stretchTenths(values?.distance ?? []) : []
            stretchDurations = annotations.contains(.duration) || annotations.contains(.weight)
                ? Self.stretchTenths(values?.duration ?? []) : []
        }

        /// The figures of a leg known only by its totals (no steps, line or annotations).
        init(distance metres: Double, duration seconds: Double) {
            summary = ""
            distance = Self.scaled(metres, 10)
            duration = Self.scaled(seconds, 1000)
            (stepDistances, stepDurations, stretchDistances, stretchDurations) = ([], [], [], [])
        }

        /// `value` × `scale`, rounded half away from zero: the integer the JSON prints.
        static func scaled(_ value: Double, _ scale: Double) -> Int64 { Int64(roundedHalfAway(value * scale)) }

        /// Both step lists in one pass, reading the two fields in place: a step holds several
        /// strings, and copying each one out (a `map` over the steps) retains and releases
        /// them all, which cost this writer a sixth of its time.
        private static func stepTenths(_ steps: [RouteStep]) -> ([Int64], [Int64]) {
            var distances: [Int64] = [], durations: [Int64] = []
            distances.reserveCapacity(steps.count)
            durations.reserveCapacity(steps.count)
            var metres = JSONBuffer.RunningSum(scale: 10), seconds = JSONBuffer.RunningSum(scale: 10)
            steps.withUnsafeBufferPointer { steps in
                for i in steps.indices {
                    distances.append(metres.next(steps[i].distance))
                    durations.append(seconds.next(steps[i].duration))
                }
            }
            return (distances, durations)
        }

        private static func runningTenths<S: Sequence>(_ values: S) -> [Int64] where S.Element == Double {
            var sum = JSONBuffer.RunningSum(scale: 10)
            return values.map { sum.next($0) }
        }

        private static func stretchTenths(_ values: [Double]) -> [Int64] {
            values.isEmpty ? [0] : runningTenths(values)
        }
    }

    public let legs: [Leg]
    /// The route's metres in tenths (its legs' distances summed, then rounded) and seconds in
    /// thousandths (the search's weight, in milliseconds: the legs' exact sum).
    public let distance: Int64, duration: Int64

    /// The figures of a route through `routes` (its legs) with `directions` built for them.
    public init(legs routes: [Route], directions: [Directions], options: ResponseOptions) {
        precondition(!routes.isEmpty && directions.count == routes.count, "one Directions per leg")
        legs = directions.map { Leg($0, steps: options.steps, annotations: options.annotations) }
        distance = Leg.scaled(directions.reduce(0.0) { $0 + $1.distance }, 10)
        duration = Int64(routes.reduce(0) { $0 + Int($1.weight) })
    }

    /// The figures of a route asked for its totals only, without directions: distances
    /// summed piece by piece as `DirectionsBuilder` does.
    public init(totalsOf routes: [Route], graph: RoutingGraph) {
        let distances = routes.map { graph.distance(of: $0) }
        legs = zip(routes, distances).map { Leg(distance: $1, duration: $0.duration) }
        distance = Leg.scaled(distances.reduce(0.0, +), 10)
        duration = Int64(routes.reduce(0) { $0 + Int($1.weight) })
    }
}
