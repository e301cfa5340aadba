import FuzzSupport
@testable import WayfinderOSRM
import WayfinderGraph

/// `polyline(…)` and `polyline6(…)` coordinates of an OSRM URL: the input is the text
/// between the parentheses. A line that decodes must encode back to the same text's points.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzPolyline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for (prefix, precision) in [("polyline(", 5), ("polyline6(", 6)] {
        guard let line = try? OSRMRequest.coordinates(Substring(prefix + text + ")")) else { continue }
        let again = OSRMRequest.decodePolyline(Substring(Polyline.encode(line, precision: precision)), precision: precision)
        guard again == line else { fatalError("\(prefix)\(text)): \(line) encodes to \(again ?? [])") }
    }
    return 0
}
FuzzDriver.run(fuzzPolyline)
