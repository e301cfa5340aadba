import Foundation
import Testing
import WayfinderCLI
import WayfinderGraph

/// `wayfinder build --modes`: the modes chosen are built and the others are absent (said
/// by `verify`, refused by `route` with one message), and a bad list is a usage error.
@Suite struct BuildModesTests {
    func command(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    @Test func onlyTheModesAskedForAreBuilt() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let graph = "\(dir)/monaco.wfg"
        let built = command(["build", "\(dataDirectory)/monaco.osm.pbf", graph, "--modes", "walking,bike", "--quiet", "--no-basemap"])
        #expect(built.code == 0, "\(built.err)")
        let file = try GraphFile(path: graph)
        #expect(file.metadata["modes"] == "walking,cycling")
        let verified = command(["verify", graph])
        #expect(verified.code == 0, "\(verified.out)\(verified.err)")
        #expect(verified.out.contains("driving: not built"))
        let console = Console(capturing: true)
        let refused = RouteCommand.run(["--graph", graph, "--from", "43.7384,7.4246", "--to", "43.7311,7.4197", "--mode", "driving"],
                                       console: console)
        #expect(refused != 0 && console.errors.contains("no driving segments section"), "\(console.errors)")
        let ridden = RouteCommand.run(["--graph", graph, "--from", "43.7384,7.4246", "--to", "43.7311,7.4197", "--mode", "cycling"],
                                      console: Console(capturing: true))
        #expect(ridden == 0)
    }

    @Test(arguments: ["", "driving,flying", "walking,"])
    func aBadListIsAUsageError(list: String) throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = command(["build", "\(dataDirectory)/monaco.osm.pbf", "\(dir)/x.wfg", "--modes", list, "--quiet"])
        #expect(r.code == ExitCode.badInput.rawValue && r.err.contains("--modes takes driving, walking and cycling"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/x.wfg"))
    }
}
