import COsmium
import Foundation
import WayfinderGraph

/// Tags of one OSM object. **Valid only during the handler callback that received it**:
/// it points into libosmium's buffers; copy out what you need (e.g. `Array(tags)`).
/// Lookups compare C strings directly and allocate nothing unless a value is asked for.
public struct OSMTags: RandomAccessCollection {
    public typealias Element = (key: String, value: String)

    @usableFromInline let base: UnsafePointer<wf_tag>?
    public let count: Int
    /// Bit `b` set when some key begins with the ASCII byte `b` (all set when one begins
    /// with another byte): most lookups are for keys the object lacks, and most of those
    /// are then answered without a pass over the tags.
    @usableFromInline let firstBytes: (low: UInt64, high: UInt64)

    @usableFromInline init(_ base: UnsafePointer<wf_tag>?, _ count: Int) {
        self.base = base
        self.count = count
        var low: UInt64 = 0, high: UInt64 = 0
        for i in 0..<(base == nil ? 0 : count) {
            let first = UInt8(bitPattern: base![i].key![0])
            if first < 64 { low |= 1 << first } else if first < 128 { high |= 1 << (first - 64) } else { (low, high) = (~0, ~0) }
        }
        firstBytes = (low, high)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> (key: String, value: String) {
        precondition(position >= 0 && position < count, "tag index out of range")
        let tag = base![position]
        return (String(cString: tag.key), String(cString: tag.value))
    }

    /// The key and value of the tag at `position` as C strings borrowed from the reader
    /// (same lifetime as `self`): for passes that look at most tags and keep few.
    public func rawTag(_ position: Int) -> (key: UnsafePointer<CChar>, value: UnsafePointer<CChar>) {
        precondition(position >= 0 && position < count, "tag index out of range")
        let tag = base![position]
        return (tag.key!, tag.value!)
    }

    /// The value for `key`, or nil if the object has no such tag.
    public subscript(key: String) -> String? {
        rawValue(key).map { String(cString: $0) }
    }

    public func has(_ key: String) -> Bool {
        rawValue(key) != nil
    }

    /// True if `key` is present with exactly the value `candidate`.
    public func value(_ key: String, is candidate: String) -> Bool {
        guard let value = rawValue(key) else { return false }
        return candidate.withCString { strcmp($0, value) == 0 }
    }

    public func value(_ key: String, isAnyOf candidates: [String]) -> Bool {
        guard let value = rawValue(key) else { return false }
        for candidate in candidates where candidate.withCString({ strcmp($0, value) == 0 }) {
            return true
        }
        return false
    }

    /// False when no key begins with `byte` (true may still mean none does).
    @inline(__always) func mayHaveKey(startingWith byte: CChar) -> Bool {
        let b = UInt8(bitPattern: byte)
        return b < 64 ? firstBytes.low & (1 << b) != 0 : b >= 128 || firstBytes.high & (1 << (b - 64)) != 0
    }

    /// The value of `key` as a C string borrowed from the reader (same lifetime as `self`).
    /// `withCString` on a native Swift string hands out its own storage (small strings are
    /// copied to the stack), so a lookup costs no allocation. The profiles ask for dozens of
    /// keys a way, most of them absent, so the first bytes are compared before `strcmp` is
    /// called: that took the lookups from a fifth of the read phase to a few per cent.
    public func rawValue(_ key: String) -> UnsafePointer<CChar>? {
        guard let base, count > 0 else { return nil }
        return key.withCString { k in
            let first = k[0]
            guard mayHaveKey(startingWith: first) else { return nil }
            for i in 0..<count {
                let candidate = base[i].key!
                if candidate[0] == first && (first == 0 || strcmp(candidate + 1, k + 1) == 0) { return base[i].value }
            }
            return nil
        }
    }
}

/// The node refs of one way with their locations. **Valid only during the callback.**
public struct OSMWayNodes: RandomAccessCollection {
    @usableFromInline let refs: UnsafePointer<Int64>?
    @usableFromInline let lats: UnsafePointer<Int32>?
    @usableFromInline let lons: UnsafePointer<Int32>?
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// `(id, location)`; location is nil when the node is missing from the file.
    public subscript(i: Int) -> (id: Int64, location: FixedCoordinate?) { (id(i), location(i)) }

    @inlinable public func id(_ i: Int) -> Int64 {
        precondition(i >= 0 && i < count, "way node index out of range")
        return refs![i]
    }

    /// nil when the node is not in the file (clipped extracts).
    @inlinable public func location(_ i: Int) -> FixedCoordinate? {
        precondition(i >= 0 && i < count, "way node index out of range")
        let lat = lats![i]
        return lat == WF_NO_COORDINATE ? nil : FixedCoordinate(lat: lat, lon: lons![i])
    }
}

public enum OSMMemberType: Character, Sendable {
    case node = "n", way = "w", relation = "r"
}

public struct OSMMember: Hashable, Sendable {
    public var type: OSMMemberType
    public var ref: Int64
    public var role: String

    public init(type: OSMMemberType, ref: Int64, role: String) {
        self.type = type
        self.ref = ref
        self.role = role
    }
}

/// One ring of an assembled area, or (for a boundary the file holds only part of) one
/// located run of a member way.
public struct OSMRing: Sendable, Equatable {
    public enum Role: Int8, Sendable { case piece = -1, inner = 0, outer = 1 }
    public var role: Role
    /// Closed rings repeat their first point last.
    public var points: [FixedCoordinate]
}

/// Receives the objects of a file in file order (nodes, then ways, then relations in
/// sorted files). Every method has a no-op default.
public protocol OSMHandler: AnyObject {
    /// Only nodes with at least one tag (untagged nodes only feed way locations).
    func node(id: Int64, location: FixedCoordinate, tags: OSMTags)
    func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags)
    func relation(id: Int64, members: [OSMMember], tags: OSMTags)
    /// With `OSMEntityKinds.areas`: an administrative, postal code or settlement area
    /// (see `wf_osm.h` for the filter), from a closed way (`type` `.way`) or a relation.
    /// `complete` false: a relation not all of whose ways are in the file, its rings the
    /// located runs of the member ways that are (`.piece`). Called during the way pass and,
    /// for incomplete ones, after the whole file.
    func area(type: OSMMemberType, id: Int64, complete: Bool, tags: OSMTags, rings: [OSMRing])
    /// False when `area` does nothing: the reader then builds no rings for this handler
    /// (the routing collector, beside one that takes the areas).
    var receivesAreas: Bool { get }
}

extension OSMHandler {
    public var receivesAreas: Bool { true }
    public func node(id: Int64, location: FixedCoordinate, tags: OSMTags) {}
    public func way(id: Int64, nodes: OSMWayNodes, tags: OSMTags) {}
    public func relation(id: Int64, members: [OSMMember], tags: OSMTags) {}
    public func area(type: OSMMemberType, id: Int64, complete: Bool, tags: OSMTags, rings: [OSMRing]) {}
}

/// Which object types to decode. Skipping types saves decoding time; ways need nodes
/// (for locations), which the reader adds itself.
public struct OSMEntityKinds: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let nodes = OSMEntityKinds(rawValue: 1)
    public static let ways = OSMEntityKinds(rawValue: 2)
    public static let relations = OSMEntityKinds(rawValue: 4)
    public static let all: OSMEntityKinds = [.nodes, .ways, .relations]
    /// Assembled areas (`OSMHandler.area`); costs a first pass over the file's relations.
    public static let areas = OSMEntityKinds(rawValue: 8)
    /// With `areas`: also the base map's areas (buildings, land use, water…; `wf_osm.h`).
    public static let baseMapAreas = OSMEntityKinds(rawValue: 16)
}

public struct OSMReadStats: Sendable, Equatable {
    /// Objects decoded (all of them, tagged or not), per type.
    public var nodes: Int
    public var ways: Int
    public var relations: Int
    /// Way node refs whose node is not in the file.
    public var missingLocations: Int
    /// Wall-clock time of the read, callbacks included.
    public var seconds: Double
    /// The file header's box (an extract's clip box), when it has one.
    public var boundsMin: FixedCoordinate?
    public var boundsMax: FixedCoordinate?
    /// With `.areas`: the relations pass read only the last blobs, those that hold relations
    /// (the file's header declares it sorted by type then id); otherwise it read every blob.
    public var relationsFromTail = false
    /// With `.areas`: the areas of closed ways that are simple polygons, written without
    /// libosmium's general assembler (`COsmium/way_areas.hpp`).
    public var simpleWayAreas = 0
    /// With a scratch directory: the size its file of node locations reached (8 bytes per
    /// node id up to the largest).
    public var scratchBytes = 0

    public init(nodes: Int = 0, ways: Int = 0, relations: Int = 0, missingLocations: Int = 0, seconds: Double = 0) {
        self.nodes = nodes
        self.ways = ways
        self.relations = relations
        self.missingLocations = missingLocations
        self.seconds = seconds
    }
}

public enum OSMReadError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    /// The file exists but cannot be read (permissions, a directory, I/O error, unknown format).
    case unreadable(path: String, reason: String)
    /// Corrupt or truncated PBF/XML.
    case malformed(path: String, reason: String)
    /// The scratch file of node locations cannot be made in `directory`, or grown there (a
    /// full disk): nothing wrong with the input.
    case scratch(directory: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "input file not found: \(path)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .malformed(let path, let reason): "malformed OSM file \(path): \(reason)"
        case .scratch(let directory, let reason): "scratch directory \(directory): \(reason)"
        }
    }
}

public enum OSMReader {
    /// Reads PBF or OSM XML (`.osm`, `.osm.bz2`, `.osm.gz`; format by suffix), calling
    /// `handler` for each object. On error the handler may already have seen part of the file.
    /// - Parameters:
    ///   - kinds: object types to decode; the others are skipped (and not counted).
    ///   - threads: libosmium decoding threads. 1 is best on 2 cores; more may help on
    ///     bigger hosts at the cost of memory.
    ///   - progress: counts the bytes read of the file's size, every few thousand objects.
    ///   - relationsFromEveryBlob: with `.areas`, the relations pass inflates every blob even
    ///     of a file sorted by type then id (it reads only the last ones, which hold the
    ///     relations, otherwise); the tests compare the two.
    ///   - everyAreaByOsmium: with `.areas`, libosmium's assembler makes even the areas of
    ///     simple closed ways, which are otherwise written directly; the tests compare the two.
    ///   - alongside: a second handler, called on a thread of its own with every object in
    ///     the same order, beside `handler` (which alone counts progress). The two must share
    ///     no mutable state.
    ///   - scratch: a directory where the node locations are kept, in an unnamed
    ///     memory-mapped file (8 bytes per node id up to the largest: about 100 GB for the
    ///     planet), instead of in memory (`COsmium/node_locations.hpp`). Nil: in memory.
    public static func read(
        path: String, into handler: some OSMHandler, alongside: (any OSMHandler)? = nil, kinds: OSMEntityKinds = .all,
        threads: Int = 1, progress: BuildProgress.Track? = nil, relationsFromEveryBlob: Bool = false,
        everyAreaByOsmium: Bool = false, scratch: String? = nil
    ) throws(OSMReadError) -> OSMReadStats {
        // The C callbacks cannot capture the generic type, so they call through an existential.
        let box = HandlerBox(handler, progress), secondBox = alongside.map { HandlerBox($0, nil) }
        var handlers = wf_osm_handlers()
        handlers.context = Unmanaged.passUnretained(box).toOpaque()
        handlers.alongside_context = secondBox.map { Unmanaged.passUnretained($0).toOpaque() }
        handlers.threads = Int32(clamping: threads)
        handlers.relations_from_every_blob = relationsFromEveryBlob ? 1 : 0
        handlers.areas_by_osmium_only = everyAreaByOsmium ? 1 : 0
        if progress != nil {
            handlers.progress = { context, done, total in
                Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue().progress?.count(Int(done), of: Int(total))
            }
        }
        if kinds.contains(.nodes) {
            handlers.node = { context, id, lat, lon, tags, tagCount in
                let handler = Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue().handler
                handler.node(id: id, location: FixedCoordinate(lat: lat, lon: lon), tags: OSMTags(tags, tagCount))
            }
        }
        if kinds.contains(.ways) {
            handlers.way = { context, id, refs, lats, lons, refCount, tags, tagCount in
                let handler = Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue().handler
                let nodes = OSMWayNodes(refs: refs, lats: lats, lons: lons, count: refCount)
                handler.way(id: id, nodes: nodes, tags: OSMTags(tags, tagCount))
            }
        }
        if kinds.contains(.relations) {
            handlers.relation = { context, id, members, memberCount, tags, tagCount in
                let handler = Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue().handler
                let list = (0..<memberCount).map { i in
                    let m = members![i]
                    let type: OSMMemberType = m.type == CChar(UInt8(ascii: "n")) ? .node
                        : m.type == CChar(UInt8(ascii: "w")) ? .way : .relation
                    return OSMMember(type: type, ref: m.ref, role: String(cString: m.role))
                }
                handler.relation(id: id, members: list, tags: OSMTags(tags, tagCount))
            }
        }
        handlers.basemap_areas = kinds.contains(.baseMapAreas) ? 1 : 0
        if kinds.contains(.areas) {
            handlers.area = { context, type, id, complete, tags, tagCount, lats, lons, rings, ringCount in
                let box = Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue()
                guard box.receivesAreas else { return }
                let handler = box.handler
                let list = (0..<ringCount).map { i in
                    let r = rings![i]
                    let points = (r.first..<(r.first + r.count)).map { FixedCoordinate(lat: lats![$0], lon: lons![$0]) }
                    return OSMRing(role: OSMRing.Role(rawValue: Int8(r.role)) ?? .piece, points: points)
                }
                handler.area(type: type == CChar(UInt8(ascii: "w")) ? .way : .relation, id: id, complete: complete != 0,
                             tags: OSMTags(tags, tagCount), rings: list)
            }
        }

        var stats = wf_osm_stats()
        var message = [CChar](repeating: 0, count: 512)
        let start = ContinuousClock.now
        let code = withExtendedLifetime((box, secondBox)) {
            scratch.withOptionalCString { directory in
                handlers.scratch_dir = directory
                return wf_osm_read(path, &handlers, &stats, &message, message.count)
            }
        }
        let elapsed = ContinuousClock.now - start
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch code {
        case WF_OSM_OK:
            let c = elapsed.components
            var result = OSMReadStats(
                nodes: Int(stats.nodes), ways: Int(stats.ways), relations: Int(stats.relations),
                missingLocations: Int(stats.missing_locations),
                seconds: Double(c.seconds) + Double(c.attoseconds) * 1e-18)
            result.relationsFromTail = stats.relations_from_tail != 0
            result.simpleWayAreas = Int(stats.simple_way_areas)
            result.scratchBytes = Int(stats.scratch_bytes)
            if stats.has_bounds != 0 {
                result.boundsMin = FixedCoordinate(lat: stats.min_lat, lon: stats.min_lon)
                result.boundsMax = FixedCoordinate(lat: stats.max_lat, lon: stats.max_lon)
            }
            return result
        case WF_OSM_NOT_FOUND: throw .notFound(path: path)
        case WF_OSM_MALFORMED: throw .malformed(path: path, reason: reason)
        case WF_OSM_SCRATCH: throw .scratch(directory: scratch ?? "", reason: reason)
        default: throw .unreadable(path: path, reason: reason)
        }
    }
}

private final class HandlerBox {
    let handler: any OSMHandler
    let progress: BuildProgress.Track?
    let receivesAreas: Bool
    init(_ handler: any OSMHandler, _ progress: BuildProgress.Track?) {
        (self.handler, self.progress, receivesAreas) = (handler, progress, handler.receivesAreas)
    }
}

extension Optional<String> {
    /// `body` with the string's C form, or with nil.
    func withOptionalCString<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        switch self {
        case .some(let text): text.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
