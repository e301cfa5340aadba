import FuzzSupport
import Glibc
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// `wayfinder build` on an OSM file of mutated bytes: OSM XML when they start with `<`
/// (after blanks), else PBF. libosmium parses the file, and its complaints are the build's
/// readable input errors; then the reader's own code (the relations pass's search over PBF
/// blob headers, the areas of simple closed ways), every profile's reading of tags, the
/// networks, turn restrictions, contractions, geocoder and base map take whatever the file
/// holds. The build may fail with a `BuildError`, never crash. A graph it writes must open
/// and pass the checks `wayfinder verify` runs before its sample routes (each mode's
/// hierarchy, base graph and search nodes), or the target stops.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOSMFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let xml = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<")
    let input = FuzzFiles.write(bytes, xml ? "in.osm" : "in.osm.pbf"), output = FuzzFiles.path("out.wfg")
    unlink(output)
    guard (try? GraphBuilder.build(input: input, output: output, threads: 1)) != nil else { return 0 }
    let file: GraphFile
    do { file = try GraphFile(path: output) } catch { fatalError("the build wrote a graph that does not open: \(error)") }
    for mode in TravelMode.allCases {
        let graph: RoutingGraph
        do { graph = try RoutingGraph(file: file, mode: mode, unpackCoreHops: false) } catch {
            fatalError("the build wrote a \(mode) graph that does not open: \(error)")
        }
        let problem = graph.hierarchy.validationError() ?? graph.base.validationError()
            ?? SearchNodeValidation.validationError(
                mode: mode, segmentCount: graph.segments.count, intersectionCount: graph.nodeFirst.count - 1,
                copies: graph.searchNodeCopies, hierarchy: graph.hierarchy, base: graph.base)
        if let problem { fatalError("the build wrote a \(mode) graph that fails verify: \(problem)") }
    }
    return 0
}

FuzzDriver.run(fuzzOSMFile)
