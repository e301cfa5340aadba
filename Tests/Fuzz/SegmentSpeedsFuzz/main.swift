import FuzzSupport
import Foundation
import WayfinderImport

/// The traffic files `wayfinder customize` reads: OSRM's segment speeds and turn penalties,
/// and closed areas' GeoJSON (parsed, checked by GEOS, indexed). The input is the file's
/// bytes (any bytes: the CSV readers work on bytes, not on decoded text).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTrafficFiles(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? TrafficFiles.segmentSpeeds(in: bytes, path: "fuzz.csv")
    _ = try? TrafficFiles.turnPenalties(in: bytes, path: "fuzz.csv")
    _ = try? ClosedAreas(bytes: bytes, path: "fuzz.geojson")
    return 0
}
FuzzDriver.run(fuzzTrafficFiles)
