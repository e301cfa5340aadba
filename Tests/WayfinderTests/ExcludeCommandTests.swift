import Foundation
import Testing
import WayfinderCLI
import WayfinderGraph

/// `route --exclude`: the same route as the library's, slower without the Envalira toll
/// tunnel, and bad classes or a walking route are usage errors before any graph is read.
@Suite struct ExcludeCommandTests {
    func run(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = RouteCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    /// The route's duration in a JSON answer.
    func duration(_ extra: [String]) throws -> Double {
        let r = run(["--from", "42.5424,1.7336", "--to", "42.5766,1.6676", "--graph", try ExtractGraphs.shared.path("andorra"),
                     "--format", "json"] + extra)
        #expect(r.code == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        return try #require((json["routes"] as? [[String: Any]])?.first?["duration"] as? Double)
    }

    @Test func excludingTheTollRoadTakesThePass() throws {
        let plain = try duration([])
        #expect(try duration(["--exclude", "toll"]) > plain + 60)
        #expect(try duration(["--exclude", "motorway,ferry"]) == plain)
    }

    @Test(arguments: [["--exclude", "banana"], ["--exclude", "toll", "--mode", "walking"], ["--exclude", ""]])
    func badExclusionsAreUsageErrors(extra: [String]) {
        let r = run(["--from", "42.5063,1.5218", "--to", "42.5425,1.7336", "--graph", "/nonexistent.wfg"] + extra)
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains("--exclude"))
    }

    @Test func helpNamesTheOption() {
        #expect(run(["--help"]).out.contains("--exclude CLASSES"))
    }
}
