import FuzzSupport

/// Nominatim's parameters (/search, /reverse, /lookup, /details, /category, /places…) and
/// the `Accept-Language` header: the input is the URL, then optionally a newline and the
/// header's value.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzNominatim(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
    let language = newline < input.endIndex ? String(decoding: input[(newline + 1)...], as: UTF8.self) : nil
    FuzzedRequest.answer(UnsafeRawBufferPointer(rebasing: input[..<newline]), acceptLanguage: language)
    return 0
}
FuzzDriver.run(fuzzNominatim)
