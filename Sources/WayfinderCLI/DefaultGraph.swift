import Foundation
import WayfinderGraph
import WayfinderImport

/// The graph used when no `--graph` is given: built from the default extract in `data/`
/// on first use and cached, keyed by the extract's content, the format version and what the
/// importer writes (`ImportRevision`).
public enum DefaultGraph {
    public static let extract = "andorra.osm.pbf"

    /// `data/` of the checkout: `$WAYFINDER_DATA`, else found above the executable or the
    /// working directory, else the source tree this binary was built from.
    public static func dataDirectory() -> String? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["WAYFINDER_DATA"] { return env }
        var starts = [URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent(),
                      URL(fileURLWithPath: fm.currentDirectoryPath)]
        starts.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        for start in starts {
            var dir = start
            for _ in 0..<8 {
                let candidate = dir.appendingPathComponent("data")
                if fm.fileExists(atPath: candidate.appendingPathComponent(extract).path) { return candidate.path }
                dir.deleteLastPathComponent()
            }
        }
        return nil
    }

    public static func cacheDirectory() -> String {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["WAYFINDER_CACHE"] { return dir }
        let base = env["XDG_CACHE_HOME"] ?? ((env["HOME"] ?? NSTemporaryDirectory()) + "/.cache")
        return base + "/wayfinder"
    }

    /// Path of the cached default graph, building it first if needed (progress to `console`'s
    /// stderr). The name holds the format version, the import revision and the extract's
    /// content hash (`ContentHash`, ~1 ms to compute, so it is not cached itself): a copy with
    /// other dates reuses the graph, changed bytes, a new format or an importer that writes
    /// other sections build a new one, and after that build the default extract's other cached
    /// graphs are removed. `data` and `cache` override `dataDirectory()` and `cacheDirectory()`
    /// (tests).
    public static func path(console: Console, data: String? = nil, cache: String? = nil) throws(CommandError) -> String {
        guard let data = data ?? dataDirectory() else {
            throw .file("no --graph given and the default extract data/\(extract) was not found (set WAYFINDER_DATA)")
        }
        let source = data + "/" + extract
        guard let hash = ContentHash.ofFile(atPath: source) else { throw .file("cannot read the default extract \(source)") }
        let cache = cache ?? cacheDirectory()
        let name = fileName(hash: hash)
        let path = "\(cache)/\(name)"
        if (try? GraphFile(path: path, verifyChecksums: false)) != nil { return path }
        do {
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        } catch {
            throw .file("cannot create the cache directory \(cache): \(error.localizedDescription)")
        }
        console.error("building the default graph from \(source) (first use; cached in \(cache))\n")
        do throws(BuildError) {
            _ = try GraphBuilder.build(input: source, output: path)
        } catch {
            throw CommandError(error)
        }
        removeOtherGraphs(in: cache, keeping: name)
        return path
    }

    /// `andorra-v12-r3-0123456789abcdef.wfg`: the extract, the format version, the import
    /// revision, the content hash.
    static func fileName(hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return "\(stem)-v\(GraphFile.formatVersion)-r\(ImportRevision.current)-"
            + String(repeating: "0", count: 16 - hex.count) + hex + ".wfg"
    }

    static var stem: String { extract.replacingOccurrences(of: ".osm.pbf", with: "") }

    /// Removes the cached graphs of the default extract other than `name` (older data, other
    /// format versions or import revisions, and the names used before), so they do not pile up.
    /// A server still holding one open keeps its mapping; only the name goes.
    @discardableResult
    static func removeOtherGraphs(in cache: String, keeping name: String) -> [String] {
        let fm = FileManager.default
        let stale = ((try? fm.contentsOfDirectory(atPath: cache)) ?? []).filter {
            $0 != name && $0.hasPrefix("\(stem)-v") && $0.hasSuffix(".wfg")
        }
        return stale.filter { (try? fm.removeItem(atPath: "\(cache)/\($0)")) != nil }
    }
}
