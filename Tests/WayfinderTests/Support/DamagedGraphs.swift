import WayfinderCLI
import WayfinderGraph

/// Monaco's graph with one section replaced, added or dropped, its checksums right: what the
/// `verify` and open tests feed a file that passes the container's checks but not the data's.
/// Every section but `kind` of `mode` is copied; `body` adds what replaces it (or nothing).
func monacoWithSection(_ name: String, kind: SectionKind, mode: UInt32,
                       _ body: (GraphFile, inout GraphFileWriter) throws -> Void) throws -> String {
    let monaco = try GraphFile(path: try ExtractGraphs.shared.path("monaco"))
    var writer = GraphFileWriter()
    writer.metadata = monaco.metadata
    for section in monaco.sections where section.kind != GraphFile.metadataKind
        && !(section.kind == kind.rawValue && section.mode == mode) {
        writer.add(copyOf: monaco, kind: section.kind, mode: section.mode)
    }
    try body(monaco, &writer)
    let path = "\(temporaryDirectory())/\(name).wfg"
    try writer.write(to: path)
    return path
}

/// `wayfinder verify GRAPH --routes 5`: its exit code and everything it printed.
func verifyGraph(_ path: String) -> (code: Int32, output: String) {
    let console = Console(capturing: true)
    let code = WayfinderCommand.run(["verify", path, "--routes", "5"], console: console)
    return (code, console.output + console.errors)
}
