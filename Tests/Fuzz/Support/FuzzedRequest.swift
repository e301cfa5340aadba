import Foundation
import WayfinderService
import WayfinderEngine

/// What the HTTP fuzz targets share: a fuzz input read as a request line (or a POST body),
/// answered by the same `ServiceState.answer` that libmicrohttpd's threads call
/// (`Server.swift`), on the small graph `scripts/fuzz` builds (its path in
/// `WAYFINDER_FUZZ_GRAPH`).
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
        deliver(method: "GET", path: path, parameters: parameters, body: nil, acceptLanguage: acceptLanguage)
    }

    /// POSTs `body` (the bytes as they arrive) to `path`, as libmicrohttpd hands a collected
    /// body over; the answer is checked as `answer`'s.
    public static func post(_ body: UnsafeRawBufferPointer, to path: String) {
        var path = path
        path.withUTF8 { path in
            deliver(method: "POST", path: UnsafeRawBufferPointer(path), parameters: [], body: Array(body), acceptLanguage: nil)
        }
    }

    private static func deliver(method: String, path: UnsafeRawBufferPointer,
                                parameters: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)],
                                body: [UInt8]?, acceptLanguage: String?) {
        _ = server.answer(method: method, rawPath: path, rawParameters: parameters, hasBody: body != nil, body: body,
                          start: 0, acceptLanguage: acceptLanguage) { response in
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
