import Foundation
import Testing
import WayfinderEngine
import WayfinderGraph
import WayfinderRouting

/// Map matching on hand-drawn maps: the behaviours a trace must get, each exact. Columns are
/// 10 m apart, lines 20 m (`MapFixture`); traces are points near the letters.
@Suite struct MapMatchingTests {
    /// Matches `trace` (points given as offsets in metres from letters) on `map`; the answer.
    func match(_ map: MapFixture, _ mode: TravelMode, _ trace: [FixedCoordinate], timestamps: [Double]? = nil,
               configure: (inout MatchRequest) -> Void = { _ in }) throws -> Result<MatchAnswer, EngineError> {
        let path = try map.graphFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let engine = try Engine(graphPath: path)
        var request = MatchRequest(mode: mode, coordinates: trace)
        request.timestamps = timestamps
        configure(&request)
        return engine.withQueries { queries in
            do throws(EngineError) {
                try request.validate(limits: queries.limits)
                return .success(try request.answer(queries))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The letters each matching's route passes within 6 m (traces start and end a few metres
    /// from a letter), matchings joined by "|".
    func letters(_ answer: MatchAnswer, _ map: MapFixture, _ graph: RoutingGraph) -> String {
        answer.matchings.map { matching in
            lettersOnRoute(matching.legs.flatMap { graph.geometry(of: $0) }, map, tolerance: 6)
        }.joined(separator: "|")
    }

    func matchedLetters(_ map: MapFixture, _ mode: TravelMode, _ trace: [FixedCoordinate],
                        timestamps: [Double]? = nil) throws -> String {
        switch try match(map, mode, trace, timestamps: timestamps) {
        case .success(let answer): return letters(answer, map, try map.graph(mode))
        case .failure(let error): return "\(error)"
        }
    }

    /// Points every `step` metres east from `from` (x metres east, y north of it).
    func eastward(_ map: MapFixture, from letter: Character, metres: [Double], north: Double = 0) -> [FixedCoordinate] {
        metres.map { map.coordinate(near: letter, east: $0, north: north) }
    }

    /// Two parallel roads 20 m apart: a trace 6–8 m off the main road, on the side of the other,
    /// follows the main road all along instead of zigzagging between them.
    @Test func parallelRoadsDoNotZigzag() throws {
        var map = MapFixture("""
            a-------------------b
            c-------------------d
            """)
        map.way("ab", ["highway": "primary"])
        map.way("cd", ["highway": "service"])
        map.way("ac", ["highway": "service"])
        map.way("bd", ["highway": "service"])
        let trace = [0.0, 30, 60, 90, 120, 150, 180, 195].enumerated().map { i, x in
            map.coordinate(near: "a", east: max(x, 2), north: i % 2 == 0 ? -4 : -8)
        }
        #expect(try matchedLetters(map, .driving, trace) == "ab")
    }

    /// A trace that leaves the main road for a side street and comes back is matched through
    /// the side street, not along the main road it stays near.
    @Test func detourThroughSideStreet() throws {
        var map = MapFixture("""
            a---b-------c---d
                |       |
                e-------f
            """)
        map.way("abcd", ["highway": "primary"])
        map.way("befc", ["highway": "residential"])
        let trace = [map.coordinate(near: "a", east: 2), map.coordinate(near: "b", east: 1, north: -10),
                     map.coordinate(near: "e", east: 30, north: 2), map.coordinate(near: "f", east: -1, north: 10),
                     map.coordinate(near: "d", east: -2)]
        #expect(try matchedLetters(map, .driving, trace) == "abefcd")
    }

    /// Out along a dead end and back: the matching turns at the end of the road and comes back.
    @Test func uTurnAtDeadEnd() throws {
        var map = MapFixture("""
            a-------b-------------c
            """)
        map.way("ab", ["highway": "primary"])
        map.way("bc", ["highway": "residential"])
        let out = [3.0, 40, 80, 110, 150, 190, 217].map { map.coordinate(near: "a", east: $0) }
        let back = [180.0, 140, 100, 60, 20, 3].map { map.coordinate(near: "a", east: $0) }
        let answer = try match(map, .driving, out + back).get()
        let graph = try map.graph(.driving)
        #expect(letters(answer, map, graph) == "abcba")
        #expect(answer.tracepoints.allSatisfy { $0 != nil })
    }

    /// One fix 60 m off the road (outside the 15 m search radius): skipped, and the fix before
    /// it with it (no transition reached the stray one, so either may be wrong: osrm-routed's
    /// rule); the others matched in one matching.
    @Test func pointInTheWrongPlaceIsSkipped() throws {
        var map = MapFixture("""
            a-------------------b
            """)
        map.way("ab", ["highway": "primary"])
        var trace = [10.0, 40, 70, 100, 130, 160].map { map.coordinate(near: "a", east: $0, north: 2) }
        trace[3] = map.coordinate(near: "a", east: 100, north: 60)
        let answer = try match(map, .driving, trace).get()
        #expect(answer.matchings.count == 1)
        #expect(answer.tracepoints.map { $0 == nil } == [false, false, true, true, false, false])
        #expect(answer.tracepoints[4]?.waypoint == 2)
    }

    /// Timestamps 0 1 62 63: the step of 61 s is over ten median intervals (1 s), so
    /// `gaps=split` makes two matchings; `gaps=ignore` one.
    @Test func gapsSplitTheTrace() throws {
        var map = MapFixture("""
            a-----------------------------b
            """)
        map.way("ab", ["highway": "primary"])
        let trace = [10.0, 25, 200, 215].map { map.coordinate(near: "a", east: $0) }
        let split = try match(map, .driving, trace, timestamps: [0, 1, 62, 63]).get()
        #expect(split.matchings.count == 2)
        #expect(split.tracepoints.map { $0?.matching } == [0, 0, 1, 1])
        let ignored = try match(map, .driving, trace, timestamps: [0, 1, 62, 63]) { $0.splitsAtGaps = false }.get()
        #expect(ignored.matchings.count == 1)
    }

    /// A one-way street driven against its direction: no car could have, so no matching; on
    /// foot it is fine.
    @Test func onewayDrivenBackwardsIsNoMatch() throws {
        var map = MapFixture("""
            a-------------------b
            """)
        map.way("ab", ["highway": "residential", "oneway": "yes"])
        let trace = [197.0, 140, 100, 60, 3].map { map.coordinate(near: "a", east: $0) }
        #expect(try matchedLetters(map, .driving, trace) == "\(EngineError.noMatch("Could not match the trace."))")
        #expect(try matchedLetters(map, .walking, trace) == "ba")
    }

    /// A trace that turns left where a restriction forbids it: the matched route does not take
    /// the turn; the points after it are matched by going round the block.
    @Test func turnRestrictionsAreObeyed() throws {
        var map = MapFixture("""
            a-------b-------c
                    |       |
                    d-------e
            """)
        map.way("ab", ["highway": "primary"])
        map.way("bc", ["highway": "primary"])
        map.way("bd", ["highway": "residential"])
        map.way("de", ["highway": "residential"])
        map.way("ce", ["highway": "residential"])
        map.restriction(from: "ab", via: "b", to: "bd", "no_right_turn")
        let trace = [map.coordinate(near: "a", east: 3), map.coordinate(near: "b", east: -20),
                     map.coordinate(near: "b", north: -15), map.coordinate(near: "d", east: 20)]
        let matched = try matchedLetters(map, .driving, trace)
        #expect(!matched.contains("abd"))
        #expect(matched.hasPrefix("ab"))
    }

    /// Fewer than two points, timestamps that go back, a negative radius: refused before the
    /// graph is read.
    @Test func badRequestsAreRefused() throws {
        var map = MapFixture("a-------b")
        map.way("ab", ["highway": "primary"])
        let one = try match(map, .driving, [map.coordinate("a")])
        #expect(one.failureCode == "invalidOptions")
        let two = [map.coordinate("a"), map.coordinate("b")]
        #expect(try match(map, .driving, two, timestamps: [5, 4]).failureCode == "invalidValue")
        #expect(try match(map, .driving, two) { $0.radiuses[1] = -1 }.failureCode == "invalidValue")
        #expect(try match(map, .driving, two) { $0.radiuses[1] = .nan }.failureCode == "invalidValue")
        let far = [map.coordinate(near: "a", north: 500), map.coordinate(near: "b", north: 500)]
        #expect(try match(map, .driving, far).failureCode == "noSegmentNearTrace")
    }
}

extension Result where Failure == EngineError {
    /// The error's kind, nil on success.
    var failureCode: String? {
        guard case .failure(let error) = self else { return nil }
        switch error {
        case .invalidOptions: return "invalidOptions"
        case .invalidValue: return "invalidValue"
        case .noSegmentNearTrace: return "noSegmentNearTrace"
        case .noMatch: return "noMatch"
        case .tooBig: return "tooBig"
        default: return "\(error)"
        }
    }
}
