import FuzzSupport

/// OSRM v5 URLs (`/route|table|nearest|trip/v1/{profile}/{coordinates}?options`): the path's
/// coordinates and every service's options, answered on the fuzz graph. The input is the
/// URL as it arrives.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOSRMURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzedRequest.answer(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
FuzzDriver.run(fuzzOSRMURL)
