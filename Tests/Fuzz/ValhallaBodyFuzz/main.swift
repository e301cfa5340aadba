import FuzzSupport

/// Valhalla's `/isochrone` POST bodies (`ValhallaIsochroneQuery`: JSON with `locations`,
/// `costing`, `contours`, `polygons`, `denoise`, `generalize`, `reverse`), answered on the
/// fuzz graph through the server's own entry (`ServiceState.answer`). The input is the body
/// as it arrives; bodies over the endpoint's limit are refused before parsing, as served.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzValhallaBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzedRequest.post(UnsafeRawBufferPointer(start: data, count: size), to: "/isochrone")
    return 0
}
FuzzDriver.run(fuzzValhallaBody)
