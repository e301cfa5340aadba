/// Wall time of consecutive steps, for a build's or a customization's summary: each `lap`
/// closes the step that began at the last lap (or at `init`).
public struct Laps: Sendable {
    public private(set) var steps: [(name: String, seconds: Double)] = []
    private var last = ContinuousClock.now

    public init() {}

    /// Ends the running step as `name` and starts the next.
    public mutating func lap(_ name: String) {
        let now = ContinuousClock.now
        steps.append((name, Laps.seconds(now - last)))
        last = now
    }

    /// Adds a step timed elsewhere (a parallel task), without touching the running one.
    public mutating func add(_ name: String, seconds: Double) {
        steps.append((name, seconds))
    }

    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
