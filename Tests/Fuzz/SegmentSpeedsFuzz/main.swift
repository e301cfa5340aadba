import FuzzSupport
import Foundation
import WayfinderImport

/// OSRM's traffic files as `wayfinder customize` reads them, segment speeds and turn
/// penalties: the input is the file's bytes (any bytes: the readers work on bytes, not on
/// decoded text).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTrafficFiles(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? TrafficFiles.segmentSpeeds(in: bytes, path: "fuzz.csv")
    _ = try? TrafficFiles.turnPenalties(in: bytes, path: "fuzz.csv")
    return 0
}
FuzzDriver.run(fuzzTrafficFiles)
