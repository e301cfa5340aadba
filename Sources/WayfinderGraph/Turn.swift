import Foundation

/// The one definition of a turn's angle and cost. The importer adds these costs to the
/// driving graph's arc weights (so they are in the graph file's bytes and in every route's
/// weight); the directions put the same cost back on the step that makes the turn, so that
/// step durations add up to the searched time. Retuning it here retunes both together.
public enum Turn {
    /// Cost (ms) of turning back onto the segment arrived by: the driving search allows a
    /// U-turn only where nothing else works, and then it costs this. As OSRM car.lua: its
    /// u_turn_penalty (20 s) on top of the turn penalty of a full 180° turn (~7.45 s).
    public static let uTurnCost: Int32 = 20_000 + cost(deviation: 180, crossesOncoming: false)

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

    /// OSRM car.lua's turn cost (ms) at a junction for a change of bearing of `deviation`
    /// degrees (from `deviation(_:_:)`): a sigmoid of the angle, left turns (crossing traffic on
    /// right-hand roads) costing more than right turns; at most 7.5 s, at least ~7 ms (straight
    /// on). A left turn also waits for a gap in oncoming traffic (car.lua's
    /// oncoming_turn_penalty, 2 s at most, tapering with the same shape), except where there is
    /// none to cross (`crossesOncoming: false`: on or at a roundabout). Right-hand traffic.
    @inlinable
    public static func cost(deviation: Double, crossesOncoming: Bool = true) -> Int32 {
        Int32(milliseconds(deviation: deviation, crossesOncoming: crossesOncoming).rounded())
    }

    /// `cost` before its rounding to whole milliseconds. It grows with the angle on either
    /// side of straight on (with `deviation` for right turns, with `-deviation` for left ones).
    @inlinable
    public static func milliseconds(deviation: Double, crossesOncoming: Bool = true) -> Double {
        let penalty = 7.5, bias = 1.075
        var seconds = deviation >= 0
            ? penalty / (1 + exp(-((13 / bias) * deviation / 180 - 6.5 * bias)))
            : penalty / (1 + exp(-((13 * bias) * -deviation / 180 - 6.5 / bias)))
        if crossesOncoming && deviation < 0 {
            seconds += 2.0 / (1 + exp(-(13 * -deviation / 180 - 3.25)))
        }
        return seconds * 1000
    }

    /// OSRM bicycle.lua's turn cost (ms) for a change of bearing of `deviation` degrees: the
    /// square of the angle in right angles times 6 s, a right turn divided by the bias 1.4 and
    /// a left one multiplied (4.3 s and 8.4 s for right angles), for right-hand traffic
    /// (`DrivingSide.rightHandDeviation` mirrors it). Unlike a car's it is charged at every
    /// change of road, not only where three roads meet (`TurnCosts`).
    @inlinable
    public static func cyclingMilliseconds(deviation: Double) -> Double {
        let rightAngles = deviation / 90
        return rightAngles * rightAngles * 6000 * (deviation >= 0 ? 1 / 1.4 : 1.4)
    }

    /// Cost (ms) of a bicycle's U-turn: bicycle.lua's u_turn_penalty (20 s) on top of a full
    /// 180° right turn (~17.1 s).
    public static let cyclingUTurnCost: Int32 = 20_000 + Int32(cyclingMilliseconds(deviation: 180))
}
