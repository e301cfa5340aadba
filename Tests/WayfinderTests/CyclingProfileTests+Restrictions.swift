import Testing
@testable import WayfinderImport

/// Turn restriction relations read for bicycles (`restriction`, `restriction:bicycle`,
/// `except=bicycle`) beside the car's reading of the same relations.
extension CyclingProfileTests {
    static let members = [
        OSMMember(type: .way, ref: 1, role: "from"), OSMMember(type: .node, ref: 2, role: "via"),
        OSMMember(type: .way, ref: 3, role: "to"),
    ]

    /// "no", "only", "ignored", "none" (not a restriction for the vehicle) or "invalid".
    func restriction(_ tags: [String: String], _ vehicle: TurnRestriction.Vehicle) -> String {
        OSMTags.withTags(tags.merging(["type": "restriction"]) { a, _ in a }) { osm in
            switch TurnRestriction.parse(members: Self.members, tags: osm, vehicle: vehicle) {
            case .notARestriction: return "none"
            case .ignored: return "ignored"
            case .invalid: return "invalid"
            case .restrictions(let found):
                guard found.count == 1, found[0].fromWay == 1, found[0].viaNode == 2, found[0].toWay == 3 else { return "wrong" }
                return found[0].isMandatory ? "only" : "no"
            }
        }
    }

    @Test func restrictionKeys() {
        #expect(restriction(["restriction": "no_left_turn"], .bicycle) == "no")
        #expect(restriction(["restriction:bicycle": "no_right_turn"], .bicycle) == "no")
        #expect(restriction(["restriction:bicycle": "no_right_turn"], .car) == "none")
        #expect(restriction(["restriction:motorcar": "no_left_turn"], .bicycle) == "none")
        #expect(restriction(["restriction:motorcar": "no_left_turn"], .car) == "no")
        #expect(restriction(["restriction:vehicle": "no_left_turn"], .bicycle) == "none")
        #expect(restriction(["restriction": "only_straight_on"], .bicycle) == "only")
        // The bicycle's own key is read last and decides.
        #expect(restriction(["restriction": "no_left_turn", "restriction:bicycle": "only_straight_on"], .bicycle) == "only")
        #expect(restriction(["restriction": "no_right_turn_on_red"], .bicycle) == "ignored")
        #expect(restriction(["restriction": "give_way"], .bicycle) == "ignored")
    }

    @Test func exceptBicycle() {
        for except in ["bicycle", "bicycle;bus", "bicycle; motocar", "bus;bicycle"] {
            #expect(restriction(["restriction": "no_left_turn", "except": except], .bicycle) == "ignored", "except=\(except)")
            #expect(restriction(["restriction": "no_left_turn", "except": except], .car) == "no", "except=\(except)")
        }
        // Parts are not trimmed, nor split on commas.
        for except in ["bus; bicycle", "bus, bicycle", "bicycle, bus", "", " bicycle", "Bicycle"] {
            #expect(restriction(["restriction": "no_left_turn", "except": except], .bicycle) == "no", "except=\(except)")
        }
        #expect(restriction(["restriction": "only_straight_on", "except": "bicycle"], .bicycle) == "ignored")
        #expect(restriction(["restriction": "no_right_turn", "except": "motorcar"], .bicycle) == "no")
        #expect(restriction(["restriction": "no_right_turn", "except": "motorcar"], .car) == "ignored")
        #expect(restriction(["restriction": "no_right_turn", "except": "vehicle;bicycle"], .car) == "ignored")
    }
}
