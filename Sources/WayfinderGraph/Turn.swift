import Foundation

/// The one definition of a turn's angle and cost. The importer adds these costs to the
/// driving graph's arc weights (so they are in the graph file's bytes and in every route's
/// weight); the directions put the same cost back on the step that makes the turn, so that
/// step durations add up to the searched time. Retuning it here retunes both together.
public enum Turn {
    /// Cost (ms) of turning back onto the segment arrived by: the driving search allows a
    /// U-turn only where nothing else works, and then it costs this.
    public static let uTurnCost: Int32 = 20_000

    /// Change of bearing from `before` to `after` (degrees, each in 0...360), in -180...180
    /// (negative = left).
    @inlinable
    public static func deviation(_ before: Double, _ after: Double) -> Double {
        // The difference of two bearings is within one turn of the range: loops, not fmod.
        var d = after - before
        while d > 180 { d -= 360 }
        while d <= -180 { d += 360 }
        return d
    }

    /// OSRM car.lua's turn cost (ms) for a change of bearing of `deviation` degrees (from
    /// `deviation(_:_:)`): a sigmoid of the angle, left turns (crossing traffic on right-hand
    /// roads) costing more than right turns; at most 7.5 s, at least ~7 ms (straight on).
    @inlinable
    public static func cost(deviation: Double) -> Int32 {
        let penalty = 7.5, bias = 1.075
        let seconds = deviation >= 0
            ? penalty / (1 + exp(-((13 / bias) * deviation / 180 - 6.5 * bias)))
            : penalty / (1 + exp(-((13 * bias) * -deviation / 180 - 6.5 / bias)))
        return Int32((seconds * 1000).rounded())
    }
}
