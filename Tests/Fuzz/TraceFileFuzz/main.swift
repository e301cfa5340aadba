import FuzzSupport
@testable import WayfinderCLI

/// `wayfinder match`'s trace files: the input is the file's bytes, read as `--trace` reads
/// them (CSV with or without a header, trace_id groups, or GPX through libexpat, told by
/// content), then every trace that reads is checked as the command checks it.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTraceFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = TraceFile.parse(bytes, path: "fuzz.trace", name: "fuzz.trace", maxPoints: 10_000)
    for entry in file.entries {
        switch entry.trace {
        case .success(let trace):
            precondition(trace.points.count >= 2 && trace.points.count <= 10_000)
            precondition(trace.radiuses.count == trace.points.count && trace.lines.count == trace.points.count)
            if let times = trace.timestamps {
                precondition(times.count == trace.points.count && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
            }
            precondition(trace.radiuses.allSatisfy { $0.map { $0.isFinite && $0 >= 0 } ?? true })
        case .failure(let bad):
            precondition(bad.message.hasPrefix("fuzz.trace"))
        }
    }
    // The ISO 8601 converter alone, on the same bytes as text.
    _ = ISOTime.epochSeconds(String(decoding: bytes.prefix(64), as: UTF8.self))
    return 0
}
FuzzDriver.run(fuzzTraceFile)
