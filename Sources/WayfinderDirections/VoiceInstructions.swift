import WayfinderGraph
import WayfinderJSON

/// Where a step's announcements go, as the Mapbox Directions API places its
/// `voiceInstructions`: each step announces the maneuver that ends it, a few times, at
/// distances (`distanceAlongGeometry`, metres back from the end of the step) that suit the
/// speed of its road; the departure is announced at the start of the first step.
///
/// With `v` the step's mean speed (metres per second):
/// - at the maneuver: `min(length, max(15 m, 4 s · v))` before it, the bare instruction
///   ("Turn right onto Main Street"), chained with the maneuver after it when that one
///   follows within 10 s ("…, then turn left onto Elm Road");
/// - near: about 15 s before, said as a round distance ("In 500 feet, turn right …") and
///   placed exactly that far before the maneuver, if that leaves room (`gap`, the larger of
///   15 m and 3 s · v) before the announcement at the maneuver;
/// - far: at the start of a step of 30 s or more, the whole step's length rounded down
///   ("In 2 miles, keep left …"), when that is at least twice the near distance;
/// - the departure: at the start, "Head north on Main Street", chained with the first
///   maneuver when there is no near announcement.
struct VoicePlan: Equatable {
    var departure: Bool
    /// The departure announcement is chained with the first maneuver.
    var departureThen: Bool
    var far: SpokenDistance?
    var near: SpokenDistance?
    /// Metres before the maneuver of the announcement at the maneuver; nil when a chained
    /// departure already said it and there is no room for it again.
    var atManeuver: Double?

    init(distance: Double, duration: Double, departure: Bool, units: VoiceUnits) {
        let v = duration > 0 ? max(1, distance / duration) : 10
        let gap = max(15, 3 * v)
        let final = min(distance, max(15, 4 * v))
        self.departure = departure
        near = SpokenDistance(atMost: min(distance, 15 * v), units: units)
        if let n = near, n.metres < final + gap || (departure && n.metres > distance - gap) { near = nil }
        far = nil
        if !departure, let n = near, distance >= 30 * v, let f = SpokenDistance(atMost: distance, units: units),
           f.metres >= 2 * n.metres {
            far = f
        }
        departureThen = departure && near == nil
        atManeuver = departureThen && distance - final < gap ? nil : final
    }
}

extension Directions {
    /// Most bytes `writeVoiceInstructions` takes for step `i`.
    func voiceBound(_ i: Int) -> Int {
        guard i + 1 < steps.count else { return 32 }
        let next = InstructionWriter.bound(steps[i + 1])
        let after = i + 2 < steps.count ? InstructionWriter.bound(steps[i + 2]) : 0
        return 1024 + 8 * (next + after) + (i == 0 ? 2 * InstructionWriter.bound(steps[0]) : 0)
    }

    /// `,"voiceInstructions":[…]` of step `i` (empty on the arrival), whose "distance" was
    /// written as `length` (the steps' rounded lengths add up to the route's: the farthest
    /// announcement is placed within the length the client reads). Steps are read in place.
    func writeVoiceInstructions(_ w: inout RawWriter, step i: Int, length: Double, units: VoiceUnits) {
        w.literal(",\"voiceInstructions\":[")
        defer { w.byte(UInt8(ascii: "]")) }
        guard i + 1 < steps.count else { return }
        steps.withUnsafeBufferPointer { all in
            let s = all.baseAddress!
            let plan = VoicePlan(distance: length, duration: s[i].duration, departure: i == 0, units: units)
            // The maneuver after the next one is chained when it follows closely (not the exit
            // of the ring the next one enters: that is one maneuver).
            let then = i + 2 < all.count && s[i + 1].duration <= 10 && !s[i + 2].maneuver.type.leavesRing ? i + 2 : -1
            var first = true
            if plan.departure {
                announce(&w, &first, at: length, .departure(then: plan.departureThen ? i + 1 : -1), s, i)
            }
            if let far = plan.far { announce(&w, &first, at: far.metres, .ahead(far), s, i) }
            if let near = plan.near { announce(&w, &first, at: near.metres, .ahead(near), s, i) }
            if let final = plan.atManeuver { announce(&w, &first, at: final, .atManeuver(then: then), s, i) }
        }
    }

    /// What one announcement of step `i` says (of the maneuver ending it, step `i + 1`).
    private enum Announcement {
        /// The departure, chained with step `then` unless -1.
        case departure(then: Int)
        /// "In 500 feet, turn right …".
        case ahead(SpokenDistance)
        /// The maneuver, chained with step `then` unless -1.
        case atManeuver(then: Int)
    }

    /// One `{"distanceAlongGeometry", "announcement", "ssmlAnnouncement"}`.
    private func announce(_ w: inout RawWriter, _ first: inout Bool, at metres: Double, _ kind: Announcement,
                          _ s: UnsafePointer<RouteStep>, _ i: Int) {
        if !first { w.byte(UInt8(ascii: ",")) }
        first = false
        w.literal("{\"distanceAlongGeometry\":")
        w.fixed(Int64((metres * 10).rounded()), decimals: 1)
        w.literal(",\"announcement\":\"")
        say(kind, &w, s, i, ssml: false)
        w.literal("\",\"ssmlAnnouncement\":\"<speak><amazon:effect name=\\\"drc\\\"><prosody rate=\\\"1.08\\\">")
        say(kind, &w, s, i, ssml: true)
        w.literal("</prosody></amazon:effect></speak>\"}")
    }

    private func say(_ kind: Announcement, _ w: inout RawWriter, _ s: UnsafePointer<RouteStep>, _ i: Int, ssml: Bool) {
        switch kind {
        case .departure(let then):
            say(s + i, &w, ssml: ssml)
            if then >= 0 {
                w.literal(", then ")
                say(s + then, &w, ssml: ssml, lowercase: true, future: true)
            }
        case .ahead(let distance):
            w.literal("In ")
            distance.write(into: &w)
            w.literal(", ")
            say(s + i + 1, &w, ssml: ssml, lowercase: true, future: true)
        case .atManeuver(let then):
            say(s + i + 1, &w, ssml: ssml)
            if then >= 0 {
                w.literal(", then ")
                say(s + then, &w, ssml: ssml, lowercase: true, future: true)
            }
        }
    }

    /// The instruction of `step`; an arrival still ahead (`future`) is "you will arrive at
    /// your destination"; `lowercase` when it follows other words.
    private func say(_ step: UnsafePointer<RouteStep>, _ w: inout RawWriter, ssml: Bool, lowercase: Bool = false,
                     future: Bool = false) {
        var out = InstructionWriter(writer: w, step: step, ssml: ssml)
        out.lowercaseNext = lowercase
        if future && step.pointee.maneuver.type == .arrive {
            out.phrase("You will arrive at your ")
            if let waypoint = step.pointee.arrivalWaypoint {
                out.number(waypoint)
                out.phrase(Instructions.ordinalSuffix(waypoint))
                out.phrase(" ")
            }
            out.phrase("destination")
        } else {
            out.instruction(mode: mode)
        }
        w = out.writer
    }
}
