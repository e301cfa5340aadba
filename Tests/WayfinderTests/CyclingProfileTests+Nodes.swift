import Testing
@testable import WayfinderImport

/// Node barriers and node access tags for bicycles (bicycle.lua `process_node`).
extension CyclingProfileTests {
    @Test func barriers() {
        for barrier in ["bollard", "gate", "lift_gate", "cycle_barrier", "cattle_grid", "border_control", "toll_booth",
                        "sally_port", "entrance", "some_tag", "block", "kerb", ""] {
            #expect(!blocks(["barrier": barrier]), "barrier=\(barrier)")
        }
        for barrier in ["wall", "fence", "yes"] {
            #expect(blocks(["barrier": barrier]), "barrier=\(barrier)")
        }
        #expect(!blocks(["barrier": "fence", "sensory": "audible"]))
        #expect(!blocks(["barrier": "fence", "sensory": "audio"]))
        #expect(blocks(["barrier": "wall", "sensory": "audible"]))
        #expect(!blocks([:]))
        #expect(!blocks(["highway": "traffic_signals"]))
    }

    @Test func nodeAccessOverridesBarriers() {
        for value in ["no", "private", "agricultural"] {
            #expect(blocks(["barrier": "bollard", "access": value]), "access=\(value)")
        }
        for value in ["yes", "permissive", "designated", "some_tag", "destination"] {
            #expect(!blocks(["barrier": "wall", "access": value]), "access=\(value)")
        }
        for value in ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"] {
            #expect(blocks(["bicycle": value]), "bicycle=\(value)")
        }
        #expect(!blocks(["access": "no", "bicycle": "yes"]))
        #expect(!blocks(["access": "no", "vehicle": "yes"]))
        #expect(blocks(["vehicle": "yes", "bicycle": "no"]))
        #expect(blocks(["access": "yes", "vehicle": "no"]))
        // A crossing's access tags are about crossing the road.
        #expect(!blocks(["bicycle": "no", "highway": "crossing"]))
        #expect(!blocks(["access": "private", "highway": "crossing", "barrier": "wall"]))
        // A node's list is not resolved; an empty value leaves the decision to the barrier.
        #expect(!blocks(["access": "no;yes"]))
        #expect(blocks(["bicycle": "", "barrier": "wall"]))
        #expect(!blocks(["bicycle": "", "access": "no"]))
    }
}
