import Dispatch
import Foundation
import Glibc
import Synchronization
import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting

/// One mapped graph file as the server answers from it: the routing graph of each mode it
/// holds and its geocoder. Immutable; shared by every request context made for it. Each
/// context holds it strongly, so the file stays mapped until the last request that
/// started on it is done, even after a reload has put a newer one in service.
public final class ServedGraph: Sendable {
    public let path: String
    public let file: GraphFile
    /// Indexed by `TravelMode.index`; nil for a mode the file does not hold.
    private let routing: [RoutingGraph?]
    /// Nil for a graph built before the geocoder existed (its endpoints then answer 503).
    public let geocoder: Geocoder?
    /// The geocoder's items by OSM object (Nominatim's /lookup and /details), built at open.
    public let osmIndex: GeocoderOSMIndex?
    /// The area the geocoder covers, for hints about points outside it.
    public let area: GraphArea?
    /// Each street's lines (Nominatim's polygon_geojson), sorted by item at open.
    public let streetLines: GeocoderStreetLines?
    /// The base map (`/tiles` areas, lines, buildings); nil for a file built without it.
    public let baseMap: BaseMap?
    /// The place names tiles write, from the base map or else the geocoder.
    public let placeLabels: PlaceLabels
    /// Names this build of the graph: a hash of its sections' checksums, 8 hex digits.
    /// Changes whenever any byte of the data does, so it versions cached tiles
    /// (`/tiles` ETag; the page's `tileVersion`).
    public let buildId: String
    /// Whether its sections matched their checksums (`ChecksumTiming`).
    public let integrity: FileIntegrity
    /// Which file on disk this is, to notice when another is renamed over the path.
    public let identity: FileIdentity
    /// Counts loads in this process: 1 for the first graph, +1 per reload.
    public let generation: Int
    public let loadedAt: Date
    /// When `wayfinder build` wrote the file (its `built` metadata), if known.
    public let builtAt: Date?
    /// `builtAt` as written in the file (ISO 8601).
    public let builtText: String?
    /// 0 for the weights the import gave; one more per `wayfinder customize` since.
    public var metricVersion: Int { Int(file.metadata["metric_version"] ?? "") ?? 0 }
    /// `loadedAt` in ISO 8601: when this server put the file in service.
    public var loadedText: String { ISO8601DateFormatter().string(from: loadedAt) }
    /// Each mode's base graph turned around, for arriving isochrones: built on first use and
    /// shared by every thread (not stored in the file: most servers never need it, and the
    /// file is over its size budget already).
    private let transposedBases = Mutex<[BaseGraph?]>(Array(repeating: nil, count: TravelMode.allCases.count))

    /// Maps `path`, checks its header and table and, by `checksums`, every section's checksum
    /// (as `wayfinder verify` does), then views each mode and the geocoder. `damaged` hears
    /// of a section that fails its checksum in the background.
    public init(path: String, generation: Int, checksums: ChecksumTiming = .beforeService,
                damaged: (@Sendable (GraphFileError) -> Void)? = nil) throws(GraphFileError) {
        let identity = FileIdentity(path: path)
        let file = try GraphFile(path: path, verifyChecksums: checksums == .beforeService)
        let integrity = FileIntegrity(checksums, of: file, found: damaged)
        // Unpacking core hops follows the hierarchy's arcs: from sound bytes only.
        let sound: (@Sendable () -> Bool)? = checksums == .inBackground ? { @Sendable in integrity.waitUntilChecked() } : nil
        // Each mode and the geocoder check their sections as they open, reading most of
        // their pages: one after another, 0.7 s with a 20x20 file not yet in the page cache
        // and 0.22 s with it there. Side by side, the disk has several reads to serve at
        // once and every core validates.
        let modes = TravelMode.allCases
        let opened = Mutex<[Result<RoutingGraph?, GraphFileError>?]>(Array(repeating: nil, count: modes.count))
        let modesOpened = DispatchGroup()
        for (i, mode) in modes.enumerated() {
            DispatchQueue.global().async(group: modesOpened) {
                let result: Result<RoutingGraph?, GraphFileError>
                do throws(GraphFileError) {
                    result = .success(try RoutingGraph(file: file, mode: mode, unpackingAfter: sound))
                } catch {
                    if case .missingSection = error { result = .success(nil) } else { result = .failure(error) }
                }
                opened.withLock { $0[i] = result }
            }
        }
        let geocodingOpened = Result { () throws(GraphFileError) in try GeocodingViews(file: file) }
        modesOpened.wait()
        // The first failure in the order they used to open in, whatever finished first.
        var routing: [RoutingGraph?] = []
        for result in opened.withLock({ $0 }) { routing.append(try result?.get() ?? nil) }
        guard routing.contains(where: { $0 != nil }) else {
            throw .missingSection(path: path, section: "routing graph of any mode")
        }
        let geocoding = try geocodingOpened.get()
        let geocoder = geocoding.geocoder
        self.baseMap = geocoding.baseMap
        placeLabels = geocoding.placeLabels
        buildId = Self.buildId(of: file)
        self.path = path
        self.file = file
        self.routing = routing
        self.geocoder = geocoder
        osmIndex = geocoding.osmIndex
        area = geocoder?.area
        streetLines = geocoding.streetLines
        self.identity = identity ?? FileIdentity(device: 0, inode: 0, size: 0, modified: 0)
        self.generation = generation
        loadedAt = Date()
        builtText = file.metadata["built"]
        builtAt = builtText.flatMap { ISO8601DateFormatter().date(from: $0) }
        self.integrity = integrity
    }

    public func graph(_ mode: TravelMode) -> RoutingGraph? { routing[mode.index] }

    /// `mode`'s base graph with every arc turned around (`BaseGraph.transposed`), built by the
    /// first caller while the others wait; nil for a mode the file does not hold.
    public func transposedBase(_ mode: TravelMode) -> BaseGraph? {
        guard let graph = routing[mode.index] else { return nil }
        return transposedBases.withLock { made in
            if let built = made[mode.index] { return built }
            let built = graph.base.transposed()
            made[mode.index] = built
            return built
        }
    }

    private static func buildId(of file: GraphFile) -> String {
        var hash: UInt32 = 2_166_136_261  // FNV-1a over the sections' crcs and lengths
        for section in file.sections {
            for word in [section.crc, UInt32(truncatingIfNeeded: section.length), section.kind] {
                for shift in stride(from: 0, to: 32, by: 8) { hash = (hash ^ (word >> UInt32(shift) & 0xff)) &* 16_777_619 }
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Seconds since the file was built (since it was loaded when the build time is unknown).
    public var ageSeconds: Double { -(builtAt ?? loadedAt).timeIntervalSinceNow }

    /// `version`: the graph format version and the generator, e.g. "1 (wayfinder 0.1)".
    public var version: String {
        "\(GraphFile.formatVersion)" + (file.metadata["generator"].map { " (\($0))" } ?? "")
    }
}

/// Device, inode, size and modification time of a file: changes when a file is renamed over
/// the path or rewritten in place.
public struct FileIdentity: Sendable, Equatable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// Nanoseconds since the epoch.
    public var modified: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    /// The file at `path` now, nil when it cannot be stat'ed.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}

/// What the geocoder and the base map open into, made on one thread while the modes open on
/// others (`ServedGraph.init`).
private struct GeocodingViews: Sendable {
    var geocoder: Geocoder?
    var osmIndex: GeocoderOSMIndex?
    var streetLines: GeocoderStreetLines?
    var baseMap: BaseMap?
    var placeLabels: PlaceLabels

    init(file: GraphFile) throws(GraphFileError) {
        do throws(GraphFileError) {
            geocoder = try Geocoder(file: file)
        } catch {
            guard case .missingSection = error else { throw error }
        }
        osmIndex = geocoder.map { GeocoderOSMIndex($0) }
        streetLines = geocoder.map { GeocoderStreetLines($0) }
        baseMap = try BaseMap(file: file)
        placeLabels = PlaceLabels(baseMap: baseMap, geocoder: geocoder)
    }
}

extension TravelMode {
    /// 0-based position in `allCases`, for per-mode arrays.
    @inline(__always) public var index: Int { Int(rawValue) - 1 }
}
