import FuzzSupport
import Foundation
import WayfinderImport

/// OSRM's segment speed files as `wayfinder customize` reads them: the input is the file's
/// bytes (any bytes: the reader works on bytes, not on decoded text).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSegmentSpeeds(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? TrafficFiles.segmentSpeeds(in: Array(UnsafeBufferPointer(start: data, count: size)), path: "fuzz.csv")
    return 0
}
FuzzDriver.run(fuzzSegmentSpeeds)
