import FuzzSupport
import Foundation
@testable import WayfinderCLI

/// The coordinate rows of `route --batch` (from_lat,from_lon,to_lat,to_lon) and of
/// `reverse --batch` / `wayfinder table` (lat,lon): the input is the file's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzCoordinateCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(data: Data(bytes: data, count: size), encoding: .utf8) else { return 0 }
    _ = CoordinateCSV.rows(text: text, path: "fuzz.csv", columns: "from_lat,from_lon,to_lat,to_lon", names: ["from", "to"])
    _ = CoordinateCSV.rows(text: text, path: "fuzz.csv", columns: "lat,lon", names: [""])
    return 0
}
FuzzDriver.run(fuzzCoordinateCSV)
