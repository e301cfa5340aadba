import CZlib
import FuzzSupport
import Glibc
import WayfinderGeocoding
import WayfinderGraph
import WayfinderRouting

/// Opening a graph file of mutated bytes. Each input is opened twice:
/// - as it is, checked and unchecked (`verifyChecksums: false`, as `wf_open(path, 0)`): the
///   header and section table must keep every view inside the file, whatever the bytes;
/// - with its header and section checksums made right again, so that mutations of the table
///   and of section contents get past the checksums, as `wayfinder verify` checks a file
///   before a server takes it: each mode viewed without following arcs, its base graph's
///   `validationError()` and, when that finds nothing, a Dijkstra search over it (as
///   verify's sample routes); its hierarchy's `validationError()`, and, when that finds
///   nothing, the core hops unpacked as every server does at opening (`CoreExpansions`),
///   which must then be safe, and the search nodes checked against the roads
///   (`SearchNodeValidation`).
/// The geocoder, when it opens, answers the lookups a server makes from its order by OSM
/// object and its street pieces, which the open checks only for range (`wayfinder verify`
/// checks the order in full, also run here).
/// The OSM node ids are decoded whole whether or not their blocks validate: decoding a
/// damaged table must stay inside the sections too.
/// Opening may fail with any `GraphFileError` and validation may fail; neither may crash.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzGraphFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let asIs = FuzzFiles.write(bytes, "as-is.wfg")
    _ = try? GraphFile(path: asIs, verifyChecksums: true)
    _ = try? GraphFile(path: asIs, verifyChecksums: false)
    guard FuzzFiles.fixChecksums(&bytes), let file = try? GraphFile(path: FuzzFiles.write(bytes, "fixed.wfg")) else { return 0 }
    let nodeIds = PointNodeIds(file: file)
    if !nodeIds.isEmpty { _ = (nodeIds.all(), nodeIds[nodeIds.count / 2]) }
    if let geocoder = try? Geocoder(file: file) {
        let index = GeocoderOSMIndex(geocoder), lines = GeocoderStreetLines(geocoder)
        _ = GeocoderOSMIndex.validationError(geocoder)
        for id: Int64 in [1, 1 << 20, 1 << 40] { _ = (index.items(.node, id), index.items(.way, id)) }
        for item in [0, geocoder.itemCount / 2, geocoder.itemCount - 1] { _ = lines.lines(Int32(item)) }
    }
    for mode in TravelMode.allCases {
        guard let graph = try? RoutingGraph(file: file, mode: mode, unpackCoreHops: false) else { continue }
        if graph.base.validationError() == nil, graph.base.nodeCount > 0 {
            // A valid base graph must be safe to search, as `wayfinder verify`'s Dijkstra does.
            let node = SearchEntry(node: Int32(graph.base.nodeCount / 2), weight: 0)
            _ = DijkstraQuery(graph.base).search(sources: [node], targets: [SearchEntry(node: 0, weight: 0)])
        }
        guard graph.hierarchy.validationError() == nil else { continue }
        _ = CoreExpansions(graph.hierarchy)
        if graph.base.validationError() == nil {
            _ = SearchNodeValidation.validationError(
                mode: mode, segmentCount: graph.segments.count, intersectionCount: graph.nodeFirst.count - 1,
                copies: graph.searchNodeCopies, hierarchy: graph.hierarchy, base: graph.base)
        }
    }
    return 0
}

FuzzDriver.run(fuzzGraphFile)

extension FuzzFiles {
    /// Sets the declared file size, every in-bounds section's crc32 and the header's crc32
    /// (the layout of `GraphFile.swift`); false when the bytes have no header to fix.
    static func fixChecksums(_ bytes: inout [UInt8]) -> Bool {
        guard bytes.count >= 32 else { return false }
        func u32(_ at: Int) -> UInt32 { bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) } }
        func u64(_ at: Int) -> UInt64 { bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) } }
        func store<T: FixedWidthInteger>(_ value: T, at: Int) {
            withUnsafeBytes(of: value.littleEndian) { for (i, b) in $0.enumerated() { bytes[at + i] = b } }
        }
        func crc(_ range: Range<Int>, _ start: UInt32 = 0) -> UInt32 {
            bytes.withUnsafeBufferPointer { UInt32(crc32_z(UInt(start), $0.baseAddress! + range.lowerBound, z_size_t(range.count))) }
        }
        let tableEnd = Int(u32(12)), count = Int(u32(28))
        guard tableEnd >= 32, tableEnd <= bytes.count, count <= (tableEnd - 32) / 32 else { return false }
        store(UInt64(bytes.count), at: 16)
        for i in 0..<count {
            let at = 32 + 32 * i
            let offset = u64(at + 8), length = u64(at + 16)
            guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { continue }
            store(crc(Int(offset)..<Int(offset + length)), at: at + 28)
        }
        store(crc(28..<tableEnd, crc(0..<24)), at: 24)
        return true
    }
}
