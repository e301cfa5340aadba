import WayfinderGraph
import WayfinderJSON

extension LaneIndications {
    /// `names`, quoted, for writing without escaping.
    static let quotedNames: [StaticString] = ["\"none\"", "\"straight\"", "\"sharp left\"", "\"left\"", "\"slight left\"",
                                              "\"slight right\"", "\"right\"", "\"sharp right\"", "\"uturn\"",
                                              "\"merge to left\"", "\"merge to right\""]
}

/// OSRM's intersection objects of a step (`intersections[]`), written into the step's raw
/// writer: location, bearings, entry, classes, in, out and lanes.
extension Directions {
    /// Most bytes the intersections of `step` take.
    @inline(__always) func intersectionsBound(_ step: RouteStep) -> Int {
        guard !step.intersections.isEmpty else { return 160 + step.intersection.count * 12 }
        var bound = 0
        for j in step.intersections {
            let x = intersections[j]
            bound += 160 + 2 * RawWriter.maxCoordinateCount + x.roads.count * 12 + x.lanes.count * 240
        }
        return bound
    }

    /// One intersection object.
    func writeIntersection(_ w: inout RawWriter, _ x: StepIntersection) {
        w.literal("{\"location\":")
        w.coordinate(x.location)
        w.literal(",\"bearings\":[")
        intersectionRoads.withUnsafeBufferPointer { all in
            for j in x.roads {
                if j > x.roads.lowerBound { w.byte(UInt8(ascii: ",")) }
                w.integer(Int(all[j].bearing))
            }
            w.literal("],\"entry\":[")
            for j in x.roads {
                if j > x.roads.lowerBound { w.byte(UInt8(ascii: ",")) }
                w.bool(all[j].entry)
            }
        }
        w.byte(UInt8(ascii: "]"))
        if !x.classes.isEmpty {
            // OSRM's `classes` of the road taken, in the profile's order.
            w.literal(",\"classes\":[")
            var first = true
            for (c, name) in WayClasses.named where x.classes.contains(c) {
                if !first { w.byte(UInt8(ascii: ",")) }
                first = false
                w.string(name)
            }
            w.byte(UInt8(ascii: "]"))
        }
        if let i = x.in {
            w.literal(",\"in\":")
            w.integer(i)
        }
        if let o = x.out {
            w.literal(",\"out\":")
            w.integer(o)
        }
        if !x.lanes.isEmpty {
            w.literal(",\"lanes\":[")
            for j in x.lanes {
                if j > x.lanes.lowerBound { w.byte(UInt8(ascii: ",")) }
                let lane = lanes[j]
                w.literal("{\"indications\":")
                w.laneIndications(lane.indications)
                w.literal(",\"valid\":")
                w.bool(lane.valid)
                w.byte(UInt8(ascii: "}"))
            }
            w.byte(UInt8(ascii: "]"))
        }
        w.byte(UInt8(ascii: "}"))
    }
}

extension RawWriter {
    /// `["left","straight"]`: a lane's arrows by OSRM's names, in the order of `quotedNames`
    /// (an intersection's `lanes` and a banner's lane components both write them).
    mutating func laneIndications(_ indications: LaneIndications) {
        byte(UInt8(ascii: "["))
        var first = true
        for bit in LaneIndications.quotedNames.indices where indications.rawValue & (1 << UInt16(bit)) != 0 {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            literal(LaneIndications.quotedNames[bit])
        }
        byte(UInt8(ascii: "]"))
    }
}
