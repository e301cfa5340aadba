import Testing
import WayfinderGraph
@testable import WayfinderImport

/// The cycling profile's tag rules (OSRM 26 bicycle.lua) read straight off
/// `CyclingProfile.access(way:roadClass:)` and `blocks(node:)`, and the bicycle's reading of
/// turn restriction relations. Each direction is written "mode speed": "cycling 15",
/// "pushing bike 4", "ferry 5", "train 10", or "-" when it is not travelled.
@Suite struct CyclingProfileTests {
    let profile = CyclingProfile()

    func access(_ tags: [String: String]) -> WayAccess {
        OSMTags.withTags(tags) { osm in
            let roadClass = tags["highway"].flatMap { WayfinderImport.roadClass(highway: $0)?.0 } ?? .other
            return profile.access(way: osm, roadClass: roadClass)
        }
    }

    static func describe(_ transport: Transport, _ speed: Double) -> String {
        guard speed > 0 else { return "-" }
        let mode = switch transport {
        case .road: "cycling"
        case .pushing: "pushing bike"
        case .ferry: "ferry"
        case .train: "train"
        }
        return speed == speed.rounded() ? "\(mode) \(Int(speed))" : "\(mode) \(speed)"
    }

    /// Forward and backward, described.
    func ride(_ tags: [String: String]) -> [String] {
        let way = access(tags)
        return [Self.describe(way.forwardTransport, way.forwardSpeed), Self.describe(way.backwardTransport, way.backwardSpeed)]
    }

    func both(_ description: String) -> [String] { [description, description] }
    let refused = ["-", "-"]

    func blocks(_ tags: [String: String]) -> Bool {
        OSMTags.withTags(tags) { profile.blocks(node: $0) }
    }

    // MARK: - Kinds of way (§3.2)

    @Test func roadTypesRiddenAtTheirSpeed() {
        for highway in ["primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                        "residential", "unclassified", "living_street", "service", "cycleway"] {
            #expect(ride(["highway": highway]) == both("cycling 15"), "highway=\(highway)")
        }
        #expect(ride(["highway": "track"]) == both("cycling 12"))
        #expect(ride(["highway": "path"]) == both("cycling 13"))
        // No service=* value is forbidden to bicycles.
        for service in ["driveway", "alley", "parking_aisle", "emergency_access"] {
            #expect(ride(["highway": "service", "service": service]) == both("cycling 15"), "service=\(service)")
        }
    }

    @Test func footwaysAndStepsArePushed() {
        #expect(ride(["highway": "footway"]) == both("pushing bike 4"))
        #expect(ride(["highway": "pedestrian"]) == both("pushing bike 4"))
        #expect(ride(["highway": "pedestrian", "area": "yes"]) == both("pushing bike 4"))
        #expect(ride(["highway": "steps"]) == both("pushing bike 2"))
        #expect(ride(["man_made": "pier"]) == both("pushing bike 4"))
        // A pushing-only way is a place to start.
        #expect(access(["highway": "steps"]).isStartpoint)
    }

    @Test func roadTypesNotRidden() {
        for highway in ["bridleway", "motorway", "motorway_link", "trunk", "trunk_link", "road", "pier", "elevator",
                        "runway", "some_garbage"] {
            #expect(ride(["highway": highway]) == refused, "highway=\(highway)")
        }
        // Nothing that makes a way: no highway, route, railway, … (a building open to all).
        #expect(ride(["building": "yes", "area": "yes", "access": "yes"]) == refused)
        #expect(ride(["highway": "", "access": "yes"]) == refused)
        #expect(ride(["waterway": "river", "boat": "yes"]) == refused)
    }

    @Test func platformsParkingAndBridges() {
        // Platforms are ridden, slowly, not pushed.
        #expect(ride(["railway": "platform"]) == both("cycling 4"))
        #expect(ride(["public_transport": "platform"]) == both("cycling 4"))
        #expect(ride(["amenity": "parking"]) == both("cycling 10"))
        #expect(ride(["amenity": "parking_entrance"]) == both("cycling 10"))
        let bridge = access(["bridge": "movable"])
        #expect(ride(["bridge": "movable"]) == both("cycling 5"))
        #expect(bridge.duration == 0 && bridge.isStartpoint)
        #expect(ride(["highway": "primary", "bridge": "yes"]) == both("cycling 15"))
    }

    @Test func movableBridgesTakeTheirDuration() {
        let timed = access(["bridge": "movable", "duration": "00:05:00"])
        #expect(timed.duration == 300)
        #expect(ride(["bridge": "movable", "duration": "00:05:00"]) == both("cycling 5"))
        #expect(access(["bridge": "movable", "duration": "soon"]).duration == 0)
        // The bridge replaces the road type: a movable motorway bridge implies no one-way.
        #expect(ride(["highway": "motorway", "bridge": "movable"]) == both("cycling 5"))
        // Nor is a movable footbridge pushed.
        #expect(ride(["highway": "footway", "bridge": "movable"]) == both("cycling 5"))
    }

    @Test func ferries() {
        let ferry = access(["route": "ferry"])
        #expect(ride(["route": "ferry"]) == both("ferry 5"))
        #expect(!ferry.isStartpoint && ferry.duration == 0)
        let timed = access(["route": "ferry", "duration": "1:00"])
        #expect(timed.duration == 3600 && timed.forwardSpeed > 0 && timed.backwardSpeed > 0)
        #expect(timed.forwardTransport == .ferry && timed.backwardTransport == .ferry && !timed.isStartpoint)
        // A duration of nothing still takes a second.
        #expect(access(["route": "ferry", "duration": "0:00"]).duration == 1)
        #expect(ride(["route": "ferry", "bicycle": "no"]) == refused)
        #expect(ride(["route": "ferry", "oneway": "yes"]) == ["ferry 5", "-"])
        // Shuttle trains carry cars, not bicycles.
        #expect(ride(["route": "shuttle_train"]) == refused)
        // A surface caps the ferry's speed too (bicycle.lua's surface handler caps any mode).
        #expect(ride(["route": "ferry", "surface": "sand"]) == both("ferry 3"))
    }

    @Test func trains() {
        let train = access(["railway": "train", "bicycle": "yes"])
        #expect(ride(["railway": "train", "bicycle": "yes"]) == both("train 10"))
        #expect(!train.isStartpoint)
        for railway in ["railway", "subway", "light_rail", "monorail", "tram"] {
            #expect(ride(["railway": railway, "access": "designated"]) == both("train 10"), "railway=\(railway)")
        }
        #expect(ride(["railway": "train"]) == refused)
        #expect(ride(["railway": "train", "bicycle": "no"]) == refused)
        #expect(ride(["railway": "construction", "bicycle": "yes"]) == refused)
        // An unknown railway value with an access tag is ridden like any unknown way.
        #expect(ride(["railway": "invalid_tag", "bicycle": "yes"]) == both("cycling 15"))
        // A street with tram rails: a train ride when bicycles are let on explicitly...
        #expect(ride(["highway": "residential", "railway": "tram", "bicycle": "yes"]) == both("train 10"))
        #expect(!access(["highway": "residential", "railway": "tram", "bicycle": "yes"]).isStartpoint)
        // ...otherwise a street (`psv` opens nothing).
        #expect(ride(["highway": "residential", "railway": "tram", "oneway": "yes"]) == ["cycling 15", "pushing bike 4"])
        #expect(ride(["highway": "service", "railway": "tram", "oneway": "yes", "access": "psv"])
            == ["cycling 15", "pushing bike 4"])
    }

    // MARK: - Blocked ways

    @Test func blockedWays() {
        for tags: [String: String] in [
            ["highway": "construction"], ["highway": "construction", "bicycle": "yes"],
            ["highway": "construction", "foot": "yes"], ["highway": "primary", "construction": "yes"],
            ["highway": "primary", "construction": ""], ["highway": "proposed", "proposed": "primary"],
            ["route": "ferry", "proposed": "yes"], ["highway": "primary", "motorroad": "yes"],
            ["highway": "primary", "motorroad": "yes", "bicycle": "yes"], ["highway": "primary", "impassable": "yes"],
            ["highway": "cycleway", "status": "impassable"],
        ] {
            #expect(ride(tags) == refused, "\(tags)")
        }
        for construction in ["no", "widening", "minor"] {
            #expect(ride(["highway": "primary", "construction": construction]) == both("cycling 15"))
        }
        // A real road with a proposed upgrade; areas, toll roads and reversible one-ways are open.
        #expect(ride(["highway": "primary", "proposed": "secondary"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "proposed": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "residential", "area": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "toll": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "oneway": "reversible", "foot": "no"]) == both("cycling 15"))
    }

    // MARK: - Access (§2.1)

    @Test func accessHierarchy() {
        #expect(ride(["highway": "primary", "access": "no"]) == refused)
        #expect(ride(["highway": "primary", "access": "no", "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "access": "no", "vehicle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "vehicle": "yes", "bicycle": "no"]) == refused)
        #expect(ride(["highway": "primary", "access": "yes", "vehicle": "no"]) == refused)
        #expect(ride(["highway": "cycleway", "access": "no"]) == refused)
        #expect(ride(["highway": "runway", "access": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "runway", "vehicle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "runway", "access": "private", "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "track", "access": "forestry", "bicycle": "permissive"]) == both("cycling 12"))
        // Other modes' keys say nothing about bicycles.
        #expect(ride(["highway": "runway", "motor_vehicle": "yes"]) == refused)
        #expect(ride(["highway": "runway", "moped": "yes"]) == refused)
        #expect(ride(["highway": "cycleway", "motor_vehicle": "no"]) == both("cycling 15"))
        // An empty value is present: it wins the hierarchy and is in no list.
        #expect(ride(["highway": "primary", "bicycle": "", "access": "no"]) == both("cycling 15"))
    }

    @Test func accessValueLists() {
        for value in ["yes", "permissive", "designated", "some_tag", "destination", "psv"] {
            #expect(ride(["highway": "primary", "bicycle": value]) == both("cycling 15"), "bicycle=\(value)")
        }
        for value in ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"] {
            #expect(ride(["highway": "primary", "bicycle": value]) == refused, "bicycle=\(value)")
            #expect(ride(["highway": "primary", "access": value]) == refused, "access=\(value)")
            // Pushing is refused too.
            #expect(ride(["highway": "footway", "bicycle": value]) == refused, "footway, bicycle=\(value)")
        }
        // The whitelist opens any way type, ridden at 15 (not pushed), steps included.
        for highway in ["footway", "steps", "garbagetag", "bridleway", "pier"] {
            #expect(ride(["highway": highway, "access": "permissive"]) == both("cycling 15"), "highway=\(highway)")
        }
        #expect(ride(["highway": "footway", "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "footway", "vehicle": "no", "bicycle": "permissive"]) == both("cycling 15"))
        #expect(ride(["highway": "bridleway", "bicycle": "designated"]) == both("cycling 15"))
        #expect(ride(["route": "hiking", "bicycle": "yes"]) == both("cycling 15"))
        // Unlisted values neither open nor close.
        for value in ["some_tag", "psv", "destination"] {
            #expect(ride(["highway": "runway", "access": value]) == refused, "access=\(value)")
        }
        // A motorway opened by an access tag is still one-way, and not pushed back.
        #expect(ride(["highway": "motorway", "bicycle": "yes"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "motorway", "access": "yes"]) == ["cycling 15", "-"])
    }

    @Test func accessLists() {
        #expect(AccessRules.bicycle.resolve("no;yes") == "yes")
        #expect(AccessRules.bicycle.resolve("no;some_tag") == "no")
        #expect(ride(["highway": "primary", "bicycle": "no;yes"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "bicycle": "no;some_tag"]) == refused)
        // The unknown-way and railway branches read the value as it stands: a list is not
        // whitelisted there, and the runway stays closed.
        #expect(ride(["highway": "runway", "bicycle": "no;yes"]) == refused)
        #expect(ride(["railway": "train", "bicycle": "yes;no"]) == refused)
    }

    @Test func bridleways() {
        #expect(ride(["highway": "bridleway", "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "bridleway", "foot": "yes"]) == both("pushing bike 4"))
        #expect(ride(["highway": "bridleway", "horse": "designated"]) == refused)
        #expect(ride(["highway": "runway", "foot": "yes"]) == both("pushing bike 4"))
        #expect(ride(["highway": "motorway", "foot": "yes"]) == ["pushing bike 4", "-"])
        #expect(ride(["highway": "pier", "foot": "yes"]) == both("pushing bike 4"))
    }

    @Test func accessPerDirection() {
        #expect(ride(["highway": "primary", "vehicle:forward": "agricultural"]) == ["-", "cycling 15"])
        #expect(ride(["highway": "primary", "vehicle:backward": "agricultural"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "vehicle:forward": "agricultural", "vehicle:backward": "agricultural"]) == refused)
        #expect(ride(["highway": "primary", "vehicle:forward": "agricultural", "vehicle:backward": "agricultural",
                      "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "vehicle:forward": "agricultural", "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "bicycle": "agricultural"]) == refused)
        #expect(ride(["highway": "primary", "bicycle:backward": "no"]) == ["cycling 15", "-"])
        // The closed direction is not pushed either.
        #expect(ride(["highway": "footway", "vehicle:forward": "no"]) == ["-", "pushing bike 4"])
        #expect(ride(["highway": "primary", "oneway": "yes", "bicycle:backward": "no"]) == ["cycling 15", "-"])
    }

    @Test func separatelyMappedCycleways() {
        for key in ["cycleway", "cycleway:both", "cycleway:left", "cycleway:right"] {
            #expect(ride(["highway": "primary", key: "separate"]) == refused, "\(key)=separate")
        }
        for value in ["yes", "permissive", "designated", "destination"] {
            #expect(ride(["highway": "primary", "cycleway:right": "separate", "bicycle": value]) == both("cycling 15"))
        }
        #expect(ride(["highway": "primary", "cycleway:right": "separate", "vehicle": "yes"]) == refused)
        #expect(ride(["highway": "primary", "cycleway:right": "separate", "access": "yes"]) == refused)
        #expect(ride(["highway": "footway", "cycleway": "separate"]) == refused)
    }

    // MARK: - One-way (§3.1 e)

    @Test func onewayValues() {
        for value in ["", "nonsense", "no", "false", "0", "reverse", "reversible", "alternating"] {
            #expect(ride(["highway": "primary", "foot": "no", "oneway": value]) == both("cycling 15"), "oneway=\(value)")
        }
        for value in ["yes", "true", "1"] {
            #expect(ride(["highway": "primary", "foot": "no", "oneway": value]) == ["cycling 15", "-"], "oneway=\(value)")
        }
        #expect(ride(["highway": "primary", "foot": "no", "oneway": "-1"]) == ["-", "cycling 15"])
        // Pushed against the one-way unless walkers are kept off.
        #expect(ride(["highway": "primary", "oneway": "yes"]) == ["cycling 15", "pushing bike 4"])
        #expect(ride(["highway": "primary", "oneway": "-1"]) == ["pushing bike 4", "cycling 15"])
        #expect(ride(["highway": "primary", "oneway": "yes", "foot": "private"]) == ["cycling 15", "pushing bike 4"])
        // The car's one-way keys are not the bicycle's.
        for key in ["oneway:car", "oneway:motorcar", "oneway:vehicle", "oneway:foot"] {
            #expect(ride(["highway": "primary", "foot": "no", key: "yes"]) == both("cycling 15"), "\(key)=yes")
        }
    }

    @Test func impliedOneways() {
        #expect(ride(["highway": "primary", "foot": "no", "junction": "roundabout"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "foot": "no", "junction": "circular"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "motorway_link", "foot": "no", "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "trunk", "foot": "no", "bicycle": "yes"]) == both("cycling 15"))
        #expect(ride(["highway": "motorway_link", "foot": "no", "bicycle": "yes", "junction": "roundabout"])
            == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "foot": "no", "junction": "roundabout", "oneway": "no"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "foot": "no", "junction": "roundabout", "oneway": "yes"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "foot": "no", "junction": "roundabout", "oneway": "-1"]) == ["-", "cycling 15"])
        #expect(ride(["highway": "motorway_link", "foot": "no", "oneway": "-1"]) == refused)
        #expect(ride(["highway": "trunk_link", "foot": "no", "oneway": "-1"]) == refused)
        // Not pushed the wrong way round a roundabout, even one tagged `oneway=yes`...
        #expect(ride(["highway": "primary", "junction": "roundabout"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "junction": "roundabout", "oneway": "yes"]) == ["cycling 15", "-"])
        // ...but pushed with its flow where `oneway=-1` turns it round.
        #expect(ride(["highway": "primary", "junction": "roundabout", "oneway": "-1"]) == ["pushing bike 4", "cycling 15"])
        // Footways are pushed both ways whatever the one-way.
        #expect(ride(["highway": "footway", "junction": "roundabout"]) == both("pushing bike 4"))
    }

    @Test func onewayBicycleOverridesOneway() {
        let cases: [(bicycle: String, oneway: String?, junction: String?, expected: [String])] = [
            ("yes", nil, nil, ["cycling 15", "-"]), ("yes", "yes", nil, ["cycling 15", "-"]),
            ("yes", "no", nil, ["cycling 15", "-"]), ("yes", "-1", nil, ["cycling 15", "-"]),
            ("yes", nil, "roundabout", ["cycling 15", "-"]),
            ("no", nil, nil, ["cycling 15", "cycling 15"]), ("no", "yes", nil, ["cycling 15", "cycling 15"]),
            ("no", "-1", nil, ["cycling 15", "cycling 15"]), ("no", nil, "roundabout", ["cycling 15", "cycling 15"]),
            ("-1", nil, nil, ["-", "cycling 15"]), ("-1", "yes", nil, ["-", "cycling 15"]),
            ("-1", "no", nil, ["-", "cycling 15"]), ("-1", nil, "roundabout", ["-", "cycling 15"]),
            // An unknown value falls back on `oneway`.
            ("nonsense", "yes", nil, ["cycling 15", "-"]),
        ]
        for c in cases {
            var tags = ["highway": "primary", "foot": "no", "oneway:bicycle": c.bicycle]
            tags["oneway"] = c.oneway
            tags["junction"] = c.junction
            #expect(ride(tags) == c.expected, "\(tags)")
        }
        #expect(ride(["highway": "motorway", "bicycle": "yes", "oneway:bicycle": "no"]) == both("cycling 15"))
    }

    // MARK: - Cycle lanes (§3.1 f)

    @Test func cycleLanesOpenRoadsBicyclesMayNotUse() {
        for value in ["track", "lane", "shared", "share_busway", "sharrow", "shared_lane"] {
            #expect(ride(["highway": "motorway", "cycleway": value]) == ["cycling 15", "-"], "cycleway=\(value)")
            #expect(ride(["highway": "motorway", "cycleway:both": value]) == ["cycling 15", "-"], "cycleway:both=\(value)")
            #expect(ride(["highway": "some_tag", "cycleway": value]) == both("cycling 15"), "cycleway=\(value)")
        }
        // On an implied one-way a lane on either side re-opens the flow's direction only.
        #expect(ride(["highway": "motorway", "cycleway:left": "track"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "motorway", "cycleway:right": "track"]) == ["cycling 15", "-"])
        // Contraflow on any side opens both.
        for key in ["cycleway", "cycleway:left", "cycleway:right"] {
            #expect(ride(["highway": "motorway", key: "opposite"]) == both("cycling 15"), "\(key)=opposite")
        }
        #expect(ride(["highway": "motorway", "cycleway:left": "opposite_lane"]) == both("cycling 15"))
        // Two-way: each side its direction (left = backward, right = forward).
        #expect(ride(["highway": "trunk", "cycleway:left": "track"]) == ["-", "cycling 15"])
        #expect(ride(["highway": "trunk", "cycleway:right": "track"]) == ["cycling 15", "-"])
        // Values in neither list mark nothing.
        for value in ["yes", "no", "some_track"] {
            #expect(ride(["highway": "primary", "cycleway": value]) == both("cycling 15"), "cycleway=\(value)")
            #expect(ride(["highway": "motorway", "cycleway": value]) == refused, "cycleway=\(value)")
        }
        #expect(ride(["highway": "primary", "access": "no", "cycleway": "track"]) == refused)
        #expect(ride(["highway": "motorway", "access": "yes", "cycleway": "track"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "access": "yes", "cycleway": "track"]) == both("cycling 15"))
    }

    @Test func cycleLanesSetTheCyclewaySpeedPerSide() {
        #expect(ride(["highway": "track", "cycleway": "lane"]) == both("cycling 15"))
        #expect(ride(["highway": "track", "cycleway:both": "lane"]) == both("cycling 15"))
        #expect(ride(["highway": "track", "cycleway:right": "track"]) == ["cycling 15", "cycling 12"])
        #expect(ride(["highway": "track", "cycleway:left": "lane"]) == ["cycling 12", "cycling 15"])
        #expect(ride(["highway": "track", "cycleway:left": "opposite"]) == ["cycling 15", "cycling 12"])
        #expect(ride(["highway": "track", "cycleway:right": "opposite_track"]) == ["cycling 12", "cycling 15"])
        // `cycleway=opposite` on a two-way road marks nothing; `cycleway` is read before `cycleway:both`.
        #expect(ride(["highway": "track", "cycleway": "opposite"]) == both("cycling 12"))
        #expect(ride(["highway": "track", "cycleway": "no", "cycleway:both": "lane"]) == both("cycling 12"))
        // A lane on a platform, a ferry: ridden at the cycleway speed.
        #expect(ride(["railway": "platform", "cycleway": "lane"]) == both("cycling 15"))
        #expect(ride(["route": "ferry", "cycleway": "track"]) == both("cycling 15"))
    }

    @Test func contraflow() {
        for oneway in ["yes", "-1", "no"] {
            for value in ["opposite", "opposite_track", "opposite_lane"] {
                #expect(ride(["highway": "primary", "foot": "no", "oneway": oneway, "cycleway": value]) == both("cycling 15"),
                        "oneway=\(oneway), cycleway=\(value)")
            }
        }
        #expect(ride(["highway": "primary", "foot": "no", "oneway:bicycle": "yes", "cycleway": "opposite"]) == both("cycling 15"))
        #expect(ride(["highway": "primary", "foot": "no", "junction": "roundabout", "cycleway:right": "opposite"])
            == both("cycling 15"))
    }

    @Test func lanesWithTheFlowOfAOneway() {
        #expect(ride(["highway": "motorway", "oneway": "yes", "cycleway": "track"]) == ["cycling 15", "-"])
        for highway in ["residential", "cycleway", "footway"] {
            #expect(ride(["highway": highway, "oneway": "yes", "cycleway": "track"]) == ["cycling 15", "pushing bike 4"],
                    "highway=\(highway)")
        }
        for side in ["cycleway:left", "cycleway:right"] {
            #expect(ride(["highway": "primary", "oneway": "yes", side: "track"]) == ["cycling 15", "pushing bike 4"])
            #expect(ride(["highway": "primary", "oneway": "yes", side: "track", "foot": "no"]) == ["cycling 15", "-"])
        }
        // A reversed one-way: the lane runs backward; pushed forward where walkers may go.
        #expect(ride(["highway": "primary", "oneway": "-1", "cycleway:left": "track", "foot": "yes"])
            == ["pushing bike 4", "cycling 15"])
        #expect(ride(["highway": "track", "oneway": "-1", "cycleway": "lane", "foot": "no"]) == ["-", "cycling 15"])
    }

    // MARK: - Pushing (§3.1 g)

    @Test func pushing() {
        #expect(ride(["highway": "pedestrian", "oneway": "yes"]) == both("pushing bike 4"))
        #expect(ride(["highway": "pedestrian", "oneway": "-1"]) == both("pushing bike 4"))
        #expect(ride(["highway": "steps", "oneway": "yes"]) == both("pushing bike 2"))
        #expect(ride(["highway": "footway", "foot": "no"]) == refused)
        #expect(ride(["man_made": "pier", "foot": "no"]) == refused)
        #expect(ride(["highway": "bridleway", "foot:forward": "yes"]) == ["pushing bike 4", "-"])
        #expect(ride(["highway": "bridleway", "foot:backward": "yes"]) == ["-", "pushing bike 4"])
        // `foot:forward=yes` comes before the way type: only forward may be pushed, and it is ridden.
        #expect(ride(["highway": "primary", "oneway": "yes", "foot:forward": "yes"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "oneway": "yes", "foot:backward": "yes"]) == ["cycling 15", "pushing bike 4"])
        // `foot=yes` pushes against a roundabout no more than the way type does.
        #expect(ride(["highway": "primary", "junction": "roundabout", "foot": "yes"]) == ["cycling 15", "-"])
        #expect(ride(["highway": "primary", "junction": "roundabout", "foot:backward": "yes"]) == ["cycling 15", "pushing bike 4"])
    }

    @Test func pushingOnFerries() {
        // A ferry timed by its duration is pushed aboard where walkers may go; the duration stays.
        let pushed = access(["route": "ferry", "foot": "yes", "duration": "0:10"])
        #expect(ride(["route": "ferry", "foot": "yes", "duration": "0:10"]) == both("pushing bike 4"))
        #expect(pushed.duration == 600 && pushed.isStartpoint)
        // Without a duration it has a speed, and is not pushed.
        #expect(ride(["route": "ferry", "foot": "yes"]) == both("ferry 5"))
    }

    @Test func dismount() {
        #expect(ride(["highway": "primary", "bicycle": "dismount"]) == both("pushing bike 4"))
        #expect(ride(["highway": "primary", "oneway": "yes", "foot": "no", "bicycle": "dismount"]) == both("pushing bike 4"))
        #expect(ride(["highway": "primary", "junction": "roundabout", "bicycle": "dismount"]) == both("pushing bike 4"))
        #expect(ride(["highway": "steps", "bicycle": "dismount"]) == both("pushing bike 4"))
        #expect(ride(["route": "ferry", "bicycle": "dismount"]) == both("pushing bike 4"))
        #expect(ride(["highway": "motorway", "bicycle": "dismount"]) == both("pushing bike 4"))
    }
}
