import Foundation
import WayfinderService
import WayfinderEngine

/// What the URL fuzz targets share: a fuzz input read as a request line, answered by the
/// same `ServiceState.answer` that libmicrohttpd's threads call (`Server.swift`), on the small
/// graph `scripts/fuzz` builds (its path in `WAYFINDER_FUZZ_GRAPH`).
public enum FuzzedRequest {
    /// The server every input is answered by, opened once per fuzzing process.
    public static let server: ServiceState = {
        guard let path = ProcessInfo.processInfo.environment["WAYFINDER_FUZZ_GRAPH"] else {
            fatalError("set WAYFINDER_FUZZ_GRAPH to a graph file (scripts/fuzz builds one)")
        }
        do { return try ServiceState(graphPath: path, limits: EngineLimits(), endpoints: .standard, log: nil) } catch {
            fatalError("cannot open the fuzz graph: \(error)")
        }
    }()

    /// Answers `url` (`path?query`, bytes as they arrive: escapes left in, as libmicrohttpd
    /// leaves them) as a GET. The query is split at `&` and each item at its first `=`, as
    /// libmicrohttpd splits it. Any answer is fine but a crash, a status outside 200–599, or
    /// a JSON content type whose body is not JSON.
    public static func answer(_ url: UnsafeRawBufferPointer, acceptLanguage: String? = nil) {
        let question = url.firstIndex(of: UInt8(ascii: "?")) ?? url.endIndex
        let path = UnsafeRawBufferPointer(rebasing: url[..<question])
        var parameters: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] = []
        if question < url.endIndex {
            for item in url[(question + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
                let value = equals < item.endIndex ? item[(equals + 1)...] : item[item.endIndex...]
                parameters.append((UnsafeRawBufferPointer(rebasing: item[..<equals]), UnsafeRawBufferPointer(rebasing: value)))
            }
        }
        _ = server.answer(method: "GET", rawPath: path, rawParameters: parameters, hasBody: false, start: 0,
                          acceptLanguage: acceptLanguage) { response in
            guard (200...599).contains(response.status) else { fatalError("status \(response.status)") }
            guard response.contentType.hasPrefix("application/json") else { return }
            response.body.withUnsafeBytes { body in
                guard (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil else {
                    fatalError("a JSON answer that is not JSON: \(String(decoding: body.prefix(300), as: UTF8.self))")
                }
            }
        }
    }
}
