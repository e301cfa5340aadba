import Foundation
import Glibc
import Testing
import WayfinderCLI

/// `wayfinder serve`'s arguments and exit codes (a successful start runs until a signal,
/// so the server itself is tested through `Server` in the other suites).
@Suite struct ServeCommandTests {
    func serve(_ words: [String]) -> (code: Int32, err: String) {
        let console = Console(capturing: true)
        return (WayfinderCommand.run(["serve"] + words, console: console), console.errors)
    }

    @Test func badArgumentsAndFiles() throws {
        let graph = try TestGraphs.path("andorra")
        #expect(serve([]).code == 2)
        #expect(serve(["--graph", graph, "--port", "70000"]).code == 2)
        #expect(serve(["--graph", graph, "--threads", "0"]).code == 2)
        #expect(serve(["--graph", graph, "--verbose"]).code == 2)
        #expect(serve(["--graph", "/nonexistent/x.wfg"]).code == 3)
        #expect(serve(["--graph", graph, "--bind", "localhost"]).code == 2)  // an address, not a name
        // A damaged section: refused at start only when asked to verify first (otherwise the
        // server starts and refuses requests once found: ChecksumTimingTests).
        let damaged = TestGraphs.scratch("serve-damaged.wfg")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: graph)))
        bytes[bytes.count / 2] ^= 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let refused = serve(["--graph", damaged, "--port", "0", "--verify-before-serving"])
        #expect(refused.code == 3 && refused.err.contains("checksum"), "\(refused)")
        let help = Console(capturing: true)
        #expect(WayfinderCommand.run(["serve", "--help"], console: help) == 0 && help.output.contains("SIGHUP"))
    }

    @Test func aPortInUseIsExitCode9() throws {
        let holder = try TestServer(graph: TestGraphs.path("andorra"))
        let (code, err) = serve(["--graph", try TestGraphs.path("andorra"), "--port", "\(holder.port)"])
        #expect(code == 9)
        #expect(err.contains("cannot listen"))
    }
}
