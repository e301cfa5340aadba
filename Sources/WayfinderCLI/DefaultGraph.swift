import Foundation
import WayfinderGraph
import WayfinderImport

/// The graph used when no `--graph` is given: built from the default extract in `data/`
/// on first use and cached, keyed by the extract's size and date and the format version.
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

    /// Path of the cached default graph, building it first if needed (progress to `console`'s stderr).
    public static func path(console: Console) throws(CommandError) -> String {
        guard let data = dataDirectory() else {
            throw .file("no --graph given and the default extract data/\(extract) was not found (set WAYFINDER_DATA)")
        }
        let source = data + "/" + extract
        let attributes = (try? FileManager.default.attributesOfItem(atPath: source)) ?? [:]
        let size = (attributes[.size] as? Int) ?? 0
        let mtime = Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let cache = cacheDirectory()
        let path = "\(cache)/\(extract.replacingOccurrences(of: ".osm.pbf", with: ""))-v\(GraphFile.formatVersion)-\(size)-\(mtime).wfg"
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
        return path
    }
}
