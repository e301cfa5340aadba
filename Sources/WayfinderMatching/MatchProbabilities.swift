import Glibc

/// The numbers of the matching's hidden Markov model (Newson & Krumm 2009), as log
/// probabilities so that a path's probability is a sum.
public enum MatchProbabilities {
    /// Metres: the GPS accuracy (one standard deviation) of a point that names none; OSRM's
    /// default too.
    public static let defaultAccuracy = 5.0
    /// A point's candidates lie within this many standard deviations of it (> 99 % of fixes).
    public static let searchRadiusPerAccuracy = 3.0
    /// Metres: the scale of the transitions' exponential (Newson & Krumm's β; OSRM's 10).
    public static let transitionScale = 10.0
    /// Metres: without timestamps, a step whose route and straight-line distances differ by
    /// this much is no transition.
    public static let maxDistanceDelta = 2000.0
    /// Points in a row without a transition (or, with timestamps, that many median sampling
    /// intervals) that break the trace into separate matchings.
    public static let maxBrokenStates = 10
    /// m/s: the slowest a step's route may be travelled (a route slower than the straight line
    /// plus the step's slack at this speed is no transition).
    public static let minimumSpeed = 4.0

    /// Metres of detour a turn back in the middle of a road counts as in its transition: a
    /// car turns back on the road rarely, and GPS noise makes many fixes look like it.
    /// (30 m: on Andorra's synthetic traces, 0 — OSRM's free turn — matched back and forth
    /// along the road at σ ≥ 15 m, 100 no better than 30.)
    public static let turnBackMetres = 30.0

    /// Emission: the log density of a GPS fix `distance` metres from the road point, Gaussian
    /// with standard deviation `sigma`.
    @inlinable
    public static func emission(distance: Double, sigma: Double) -> Double {
        let z = distance / sigma
        return -0.5 * (log2Pi + z * z) - log(sigma)
    }

    /// Transition: the log density of a step whose route distance differs from the straight
    /// line between its fixes by `delta` metres, exponential with scale `transitionScale`.
    @inlinable
    public static func transition(delta: Double) -> Double { -logTransitionScale - delta / transitionScale }

    public static let log2Pi = log(2 * Double.pi)
    public static let logTransitionScale = log(transitionScale)

    /// How likely a matching is right, 0...1, from the ratio of its route's length to the
    /// straight-line length of the trace it matched: a naive Bayes classifier over
    /// log(matched/trace) with Laplace densities for right and wrong matchings (the
    /// parameters OSRM fitted to hand-classified traces). 0 when either length is 0.
    public static func confidence(traceLength: Double, matchedLength: Double) -> Double {
        let feature = log(matchedLength) - log(traceLength)
        guard feature.isFinite else { return 0 }
        let right = 0.696774 * laplace(feature, location: 0.005986, scale: 0.016646)
        let wrong = (1 - 0.696774) * laplace(feature, location: 0.054385, scale: 0.458432)
        return right / (right + wrong)
    }

    static func laplace(_ x: Double, location: Double, scale: Double) -> Double {
        exp(-abs(x - location) / scale) / (2 * scale)
    }
}
