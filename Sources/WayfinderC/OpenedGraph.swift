import Glibc
import WayfinderGraph
import WayfinderRouting
import WayfinderEngine

/// What a `wf_graph *` points to: the engine over one mapped graph file, whose pool of query
/// objects gives each call its own router, table query and JSON buffer (made on a thread's
/// first use, then reused), exactly as the HTTP server's request threads get them.
final class OpenedGraph {
    let engine: Engine

    init(path: String, verify: Bool) throws(GraphFileError) {
        engine = try Engine(graphPath: path, checksums: verify ? .beforeService : .skipped)
    }

    /// The object behind a handle; `.badInput` for NULL.
    static func from(_ handle: OpaquePointer?) throws(CallError) -> OpenedGraph {
        guard let handle else { throw CallError(.badInput, "graph is NULL (open one with wf_open)") }
        return Unmanaged<OpenedGraph>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }
}

/// `enum wf_mode` as a travel mode.
func travelMode(_ mode: Int32) throws(CallError) -> TravelMode {
    switch mode {
    case 0: return .driving
    case 1: return .walking
    case 2: return .cycling
    default: throw CallError(.badInput, "unknown mode \(mode): WF_DRIVING (0), WF_WALKING (1) or WF_CYCLING (2)")
    }
}

/// The error of a mode the graph lacks.
func missingMode(_ mode: TravelMode) -> CallError { CallError(.noMode, "this graph has no \(mode) network") }

/// A latitude/longitude pair checked as the CLI's `parseCoordinate` checks it.
@inline(__always)
func coordinate(_ lat: Double, _ lon: Double, _ what: @autoclosure () -> String) throws(CallError) -> FixedCoordinate {
    guard lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon) else {
        throw CallError(.badInput, "\(what()): coordinate out of range (latitude -90..90, longitude -180..180): \(lat),\(lon)")
    }
    return FixedCoordinate(latitude: lat, longitude: lon)
}

/// "wayfinder X.Y.Z (graph format N)", made once.
nonisolated(unsafe) private let versionText: UnsafeMutablePointer<CChar> = strdup("wayfinder \(wayfinderVersion) (graph format \(GraphFile.formatVersion))")!

@_cdecl("wf_version")
public func wf_version() -> UnsafePointer<CChar> { UnsafePointer(versionText) }

@_cdecl("wf_last_error")
public func wf_last_error() -> UnsafePointer<CChar> { lastError() }

@_cdecl("wf_open")
public func wf_open(_ path: UnsafePointer<CChar>?, _ verify: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    call { () throws(CallError) in
        guard let out else { throw CallError(.badInput, "out is NULL") }
        out.pointee = nil
        guard let path else { throw CallError(.badInput, "path is NULL") }
        let opened: OpenedGraph
        do throws(GraphFileError) {
            opened = try OpenedGraph(path: String(cString: path), verify: verify != 0)
        } catch {
            throw CallError(.file, error.description)
        }
        out.pointee = OpaquePointer(Unmanaged.passRetained(opened).toOpaque())
    }
}

@_cdecl("wf_close")
public func wf_close(_ graph: OpaquePointer?) {
    clearLastError()
    guard let graph else { return }
    Unmanaged<OpenedGraph>.fromOpaque(UnsafeRawPointer(graph)).release()
}

@_cdecl("wf_free")
public func wf_free(_ text: UnsafeMutablePointer<CChar>?) { free(text) }

/// Hands `bytes` to the caller as a malloc'd NUL-terminated string (freed by `wf_free`).
func giveText(_ bytes: UnsafeRawBufferPointer, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
              _ length: UnsafeMutablePointer<Int>?) -> Bool {
    guard let text = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return false }
    if let base = bytes.baseAddress { memcpy(text, base, bytes.count) }
    text[bytes.count] = 0
    out.pointee = text
    length?.pointee = bytes.count
    return true
}

func giveText(_ string: String, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
              _ length: UnsafeMutablePointer<Int>?) throws(CallError) {
    var string = string
    guard string.withUTF8({ giveText(UnsafeRawBufferPointer($0), out, length) }) else {
        throw CallError(.internal, "out of memory for \(string.utf8.count) bytes")
    }
}
