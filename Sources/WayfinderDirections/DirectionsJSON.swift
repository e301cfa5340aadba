import Foundation
import WayfinderGraph
import WayfinderJSON
import WayfinderRouting

extension JSONBuffer {
    /// A line in the chosen format: a quoted polyline, or a GeoJSON LineString. A line of one
    /// point (a zero-length step) is written with that point twice, as OSRM does.
    @discardableResult
    public func line(_ points: ArraySlice<FixedCoordinate>, format: GeometryFormat) -> Range<Int>? {
        var points = points
        if points.count == 1 { points = [points.first!, points.first!][...] }
        switch format {
        case .polyline, .polyline6:
            return polyline(points, precision: format == .polyline6 ? 6 : 5)
        case .geojson:
            beginObject()
            key("type"); string("LineString")
            key("coordinates"); beginArray()
            for p in points { coordinate(p) }
            endArray()
            endObject()
            return nil
        }
    }
}

extension Directions {
    /// The line for the route's `geometry`: the whole line, a simplified one, or nil.
    public func overview(_ mode: Overview) -> [FixedCoordinate]? { mode.line(of: line) }

    /// The steps array of an OSRM v5 leg.
    public func writeSteps(into json: JSONBuffer, format: GeometryFormat, navigation: NavigationOptions = NavigationOptions()) {
        var lines: [Range<Int>] = []
        writeSteps(into: json, format: format, figures: RouteFigures.Leg(self, steps: true, annotations: []), lines: &lines,
                   navigation: navigation)
    }

    /// The same, noting where each step's polyline lies in the buffer. Each step object is
    /// written in one go by a `RawWriter`, into room reserved from a bound computed from its
    /// parts (a bound that came out short costs a copy of the buffer, never memory past it).
    func writeSteps(into json: JSONBuffer, format: GeometryFormat, figures: RouteFigures.Leg, lines: inout [Range<Int>],
                    navigation: NavigationOptions = NavigationOptions()) {
        lines.reserveCapacity(steps.count)
        let precision = format == .polyline6 ? 6 : 5
        json.beginArray()
        steps.withUnsafeBufferPointer { steps in
        for i in steps.indices {
            let step = steps.baseAddress! + i
            let m = step.pointee.maneuver
            var points = line[step.pointee.geometry]
            if points.count == 1 { points = [points.first!, points.first!][...] }   // as OSRM does
            let roads = step.pointee.intersection
            let name = step.pointee.name, ref = step.pointee.ref
            let seconds = figures.stepDurations[i], distance = figures.stepDistances[i]
            let geometryBound = format == .geojson ? points.count * (RawWriter.maxCoordinateCount + 1) + 64
                : 2 * Polyline.maxEncodedCount(points.count, precision: precision) + 2
            let capacity = 768 + 64 + geometryBound + intersectionsBound(step.pointee) + RawWriter.maxQuotedCount(name)
                + RawWriter.maxQuotedCount(ref) + Instructions.maxJSONCount(name: name, ref: ref)
                + 2 * RawWriter.maxQuotedCount(step.pointee.rotaryName ?? "")
                + Self.signsBound(step.pointee) + InstructionWriter.bound(step.pointee)
                + (navigation.voiceInstructions ? voiceBound(i) : 0) + (navigation.bannerInstructions ? bannerBound(i) : 0)
            var w = json.rawValue(capacity: capacity)
                w.literal("{\"geometry\":")
                if format == .geojson {
                    w.literal("{\"type\":\"LineString\",\"coordinates\":[")
                    for (j, p) in points.enumerated() {
                        if j > 0 { w.byte(UInt8(ascii: ",")) }
                        w.coordinate(p)
                    }
                    w.literal("]}")
                } else {
                    let range = w.polyline(points, precision: precision)
                    lines.append((w.offset + range.lowerBound)..<(w.offset + range.upperBound))
                }
                w.literal(",\"maneuver\":{\"bearing_after\":")
                w.integer(m.bearingAfter)
                w.literal(",\"bearing_before\":")
                w.integer(m.bearingBefore)
                w.literal(",\"location\":")
                w.coordinate(m.location)
                if let modifier = m.modifier {
                    w.literal(",\"modifier\":")
                    w.quoted(modifier.name)
                }
                w.literal(",\"type\":")
                w.quoted(m.type.name)
                if let exit = m.exit {
                    w.literal(",\"exit\":")
                    w.integer(exit)
                }
                // The Mapbox extension's place for the text; the step's own "instruction"
                // (ours since before) repeats these bytes.
                w.literal(",\"instruction\":\"")
                var text = InstructionWriter(writer: w, step: step)
                let instructionStart = text.writer.count
                text.instruction(mode: mode)
                w = text.writer
                let instructionBytes = instructionStart..<w.count
                w.literal("\"},\"mode\":")
                switch step.pointee.transport {
                case .road:
                    switch mode {
                    case .driving: w.literal("\"driving\"")
                    case .walking: w.literal("\"walking\"")
                    case .cycling: w.literal("\"cycling\"")
                    }
                case .ferry: w.literal("\"ferry\"")
                case .train: w.literal("\"train\"")
                case .pushing: w.literal("\"pushing bike\"")
                }
                w.literal(",\"driving_side\":")
                w.literal(drivingSide == .left ? "\"left\"" : "\"right\"")
                w.literal(",\"name\":")
                w.string(name)
                if !ref.isEmpty {
                    w.literal(",\"ref\":")
                    w.string(ref)
                }
                if let rotaryName = step.pointee.rotaryName {
                    w.literal(",\"rotary_name\":")
                    w.string(rotaryName)
                }
                // The signs (OSRM writes each only when there is one).
                if let pronunciation = step.pointee.pronunciation {
                    w.literal(",\"pronunciation\":")
                    w.string(pronunciation)
                }
                if let destinations = step.pointee.destinations {
                    w.literal(",\"destinations\":")
                    w.string(destinations)
                }
                if let exits = step.pointee.exits {
                    w.literal(",\"exits\":")
                    w.string(exits)
                }
                w.literal(",\"intersections\":[")
                if step.pointee.intersections.isEmpty {
                    // A step made without its list (by hand): the maneuver's intersection.
                    writeIntersection(&w, StepIntersection(location: m.location, roads: roads, in: step.pointee.intersectionIn,
                                                           out: step.pointee.intersectionOut, classes: step.pointee.classes,
                                                           lanes: 0..<0))
                } else {
                    for j in step.pointee.intersections {
                        if j > step.pointee.intersections.lowerBound { w.byte(UInt8(ascii: ",")) }
                        writeIntersection(&w, intersections[j])
                    }
                }
                w.literal("],\"weight\":")
                w.fixed(seconds, decimals: 1)
                w.literal(",\"duration\":")
                w.fixed(seconds, decimals: 1)
                w.literal(",\"distance\":")
                w.fixed(distance, decimals: 1)
                w.literal(",\"instruction\":\"")
                w.repeatBytes(instructionBytes)
                w.byte(UInt8(ascii: "\""))
                if navigation.voiceInstructions {
                    writeVoiceInstructions(&w, step: i, length: Double(distance) / 10, units: navigation.voiceUnits)
                }
                if navigation.bannerInstructions { writeBannerInstructions(&w, step: i, length: Double(distance) / 10) }
                w.byte(UInt8(ascii: "}"))
            json.commit(w)
        }
        }
        json.endArray()
    }

    /// Most bytes a step's signs take: each value quoted once with its key, and copied once
    /// more into the instruction (with a few words around it).
    @inline(__always) static func signsBound(_ step: RouteStep) -> Int {
        guard step.destinations != nil || step.exits != nil || step.pronunciation != nil else { return 0 }
        return 128 + 2 * RawWriter.maxQuotedCount(step.destinations ?? "") + 2 * RawWriter.maxQuotedCount(step.exits ?? "")
            + RawWriter.maxQuotedCount(step.pronunciation ?? "")
    }

    /// A GeoJSON FeatureCollection: the route's line, then a point per maneuver carrying its
    /// instruction.
    public func writeFeatureCollection(into json: JSONBuffer, overview lineMode: Overview = .full) {
        json.beginObject()
        json.key("type"); json.string("FeatureCollection")
        json.key("features"); json.beginArray()
        json.beginObject()
        json.key("type"); json.string("Feature")
        json.key("properties"); json.beginObject()
        json.key("kind"); json.string("route")
        json.key("mode"); json.string(mode.description)
        json.key("summary"); json.string(summary)
        json.key("distance"); json.number(distance, decimals: 1)
        json.key("duration"); json.number(duration, decimals: 3)
        json.endObject()
        json.key("geometry"); json.line((overview(lineMode == .none ? .full : lineMode) ?? line)[...], format: .geojson)
        json.endObject()
        for (index, step) in steps.enumerated() {
            let m = step.maneuver
            json.beginObject()
            json.key("type"); json.string("Feature")
            json.key("properties"); json.beginObject()
            json.key("kind"); json.string("maneuver")
            json.key("step"); json.integer(index + 1)
            json.key("instruction"); json.string(step.instruction)
            json.key("type"); json.string(m.type.description)
            if let modifier = m.modifier { json.key("modifier"); json.string(modifier.description) }
            if let exit = m.exit { json.key("exit"); json.integer(exit) }
            json.key("name"); json.string(step.name)
            json.key("distance"); json.number(step.distance, decimals: 1)
            json.key("duration"); json.number(step.duration, decimals: 1)
            json.endObject()
            json.key("geometry"); json.beginObject()
            json.key("type"); json.string("Point")
            json.key("coordinates"); json.coordinate(m.location)
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
