import Testing
@testable import WayfinderImport

/// Speeds of the cycling profile: bicycle.lua's own maxspeed reading and surface caps.
extension CyclingProfileTests {
    @Test func bicycleMaxspeedParsing() {
        #expect(CyclingProfile.maxspeed("5mph") == 5 * 1.609)
        #expect(CyclingProfile.maxspeed("20 mp/h") == 20 * 1.609)
        #expect(CyclingProfile.maxspeed("10 km/h") == 10)
        #expect(CyclingProfile.maxspeed("50.5") == 50)
        #expect(CyclingProfile.maxspeed("10") == 10)
        for ignored in [" 10", "RU:urban", "none", "signals", "walk", "", "0"] {
            #expect(CyclingProfile.maxspeed(ignored) == 0, "maxspeed=\(ignored)")
        }
        #expect(CyclingProfile.maxspeed(nil) == 0)
    }

    @Test func maxspeedOnlyLowers() {
        #expect(ride(["highway": "residential", "maxspeed": "10"]) == both("cycling 10"))
        #expect(ride(["highway": "residential", "maxspeed": "80"]) == both("cycling 15"))
        #expect(ride(["highway": "cycleway", "maxspeed": "100"]) == both("cycling 15"))
        #expect(ride(["highway": "residential", "maxspeed": "5mph"]) == both("cycling \(5 * 1.609)"))
        // No 80 % reduction as for cars, no zone values.
        #expect(ride(["highway": "residential", "maxspeed": "12"]) == both("cycling 12"))
        #expect(ride(["highway": "residential", "maxspeed": "DE:zone:10"]) == both("cycling 15"))
        #expect(ride(["highway": "residential", "maxspeed": "2", "maxspeed:forward": "10"]) == ["cycling 10", "cycling 2"])
        #expect(ride(["highway": "residential", "maxspeed": "2", "maxspeed:forward": "5", "maxspeed:backward": "10"])
            == ["cycling 5", "cycling 10"])
        #expect(ride(["highway": "residential", "maxspeed:backward": "6"]) == ["cycling 15", "cycling 6"])
        // Pushing speeds too.
        #expect(ride(["highway": "primary", "oneway": "yes", "maxspeed": "2"]) == ["cycling 2", "pushing bike 2"])
        // It never opens a way.
        #expect(ride(["highway": "primary", "access": "no", "maxspeed": "10"]) == refused)
        #expect(ride(["railway": "train", "maxspeed": "100"]) == refused)
        #expect(ride(["highway": "runway", "maxspeed": "100"]) == refused)
        // Nor changes a duration.
        let timed = access(["route": "ferry", "duration": "0:10", "maxspeed": "1"])
        #expect(timed.duration == 600 && timed.forwardSpeed > 0)
    }

    @Test func surfaces() {
        let expected: [String: Double] = [
            "asphalt": 15, "chipseal": 15, "concrete": 15, "concrete_lanes": 15,
            "cobblestone:flattened": 10, "paving_stones": 10, "wood": 10, "metal": 10, "compacted": 10,
            "fine_gravel": 10, "ground": 10, "sett": 9, "dirt": 8, "cobblestone": 7, "unpaved": 6, "gravel": 6,
            "pebblestone": 6, "grass_paver": 6, "earth": 6, "grass": 6, "laterite": 5, "mud": 3, "sand": 3, "woodchips": 3,
            "some_surface": 15,
        ]
        for (surface, speed) in expected {
            #expect(access(["highway": "cycleway", "surface": surface]).forwardSpeed == speed, "surface=\(surface)")
            #expect(access(["highway": "cycleway", "surface": surface]).backwardSpeed == speed, "surface=\(surface)")
        }
        // A surface only caps: asphalt does not speed up paths and tracks.
        #expect(ride(["highway": "path", "surface": "asphalt"]) == both("cycling 13"))
        #expect(ride(["highway": "track", "surface": "asphalt"]) == both("cycling 12"))
        #expect(ride(["highway": "some_tag", "surface": "asphalt"]) == refused)
        #expect(ride(["highway": "footway", "surface": "asphalt"]) == both("pushing bike 4"))
        #expect(ride(["highway": "footway", "surface": "mud"]) == both("pushing bike 3"))
        #expect(ride(["highway": "primary", "oneway": "yes", "surface": "asphalt"]) == ["cycling 15", "pushing bike 4"])
        // Track types and smoothness do not slow a bicycle (their tables are empty).
        #expect(ride(["highway": "track", "tracktype": "grade5", "smoothness": "horrible"]) == both("cycling 12"))
    }
}
