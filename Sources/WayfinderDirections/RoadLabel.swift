import WayfinderGraph

/// What an instruction calls a road, as osrm-text-instructions' `getWayName` decides: the
/// name with the ref in brackets ("Mannerheimintie (51)"), the ref alone on a motorway whose
/// ref has a number (drivers follow "A 1", not the motorway's name), else whichever there is.
/// A name equal to the whole ref is taken for the ref standing in for a missing name.
enum RoadLabel: Equatable {
    case none, name, ref, nameAndRef

    /// The road as the label names it: "Name (Ref)", the name, the ref, or nothing.
    func write<Sink: InstructionSink>(_ out: inout Sink) {
        switch self {
        case .none: break
        case .name: out.name()
        case .ref: out.ref()
        case .nameAndRef:
            out.name()
            out.phrase(" (")
            out.ref()
            out.phrase(")")
        }
    }

    /// Read off the UTF-8 in place: this runs for every step of every response.
    @inline(__always)
    init(name: String, ref: String, classes: WayClasses) {
        if ref.isEmpty { self = name.isEmpty ? .none : .name; return }   // most steps
        let motorway = classes.contains(.motorway)
        let label = name.utf8.withContiguousStorageIfAvailable { name in
            ref.utf8.withContiguousStorageIfAvailable { ref in RoadLabel(name: name, ref: ref, motorway: motorway) }
        }
        self = (label ?? nil) ?? RoadLabel(name: Array(name.utf8), ref: Array(ref.utf8), motorway: motorway)
    }

    private init(name: UnsafeBufferPointer<UInt8>, ref: UnsafeBufferPointer<UInt8>, motorway: Bool) {
        let firstRef = UnsafeBufferPointer(rebasing: ref[..<(ref.firstIndex(of: UInt8(ascii: ";")) ?? ref.count)])
        let hasName = !name.isEmpty && !name.elementsEqual(ref), hasRef = !firstRef.isEmpty
        switch (hasName, hasRef) {
        case (false, false): self = .none
        case (false, true): self = .ref
        case (true, false): self = .name
        case (true, true):
            if motorway {
                self = firstRef.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? .ref : .name
            } else {
                self = name.elementsEqual(firstRef) ? .name : .nameAndRef
            }
        }
    }

    private init(name: [UInt8], ref: [UInt8], motorway: Bool) {
        self = name.withUnsafeBufferPointer { name in
            ref.withUnsafeBufferPointer { ref in RoadLabel(name: name, ref: ref, motorway: motorway) }
        }
    }
}

/// How an unnamed way is described to a walker, and which kinds count as the same path
/// (a footway that becomes a path is not worth a step; stairs always are).
struct WalkKind {
    let phrase: StaticString
    let group: UInt8

    init(_ roadClass: UInt8) {
        switch RoadClass(rawValue: roadClass) ?? .other {
        case .steps: (phrase, group) = ("the stairs", 1)
        case .footway: (phrase, group) = ("the footway", 2)
        case .path: (phrase, group) = ("the path", 2)
        case .cycleway: (phrase, group) = ("the cycleway", 2)
        case .pedestrian: (phrase, group) = ("the pedestrian street", 2)
        case .track: (phrase, group) = ("the track", 2)
        case .service: (phrase, group) = ("the service road", 3)
        default: (phrase, group) = ("the road", 3)
        }
    }
}
