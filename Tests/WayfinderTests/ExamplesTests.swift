import Foundation
import Glibc
import Testing
import WayfinderCLI

/// The README's command lines and every help page's examples, run as written with this
/// build's binaries, from a scratch folder laid out as a checkout (data/ and scripts/
/// linked): a user who copies them must get exit 0. The README's lines run first, in order,
/// so the graphs they build (monaco.wfg, helsinki.wfg) serve the help pages' examples, as
/// those pages say. `wayfinder serve` lines run in the background on a free port, and the
/// README's curl lines against them.
@Suite(.serialized) struct ExamplesTests {
    static let root = URL(fileURLWithPath: dataDirectory).deletingLastPathComponent().path

    /// The only lines not run, and why; any other line of a ```sh block runs.
    static let notRun: [String: String] = [
        "scripts/demo": "installs system packages and builds this tree (the test runs inside that build)",
        "scripts/test": "installs system packages and runs this whole test suite",
        "swift build -c release": "this build is the one under test; B names its bin directory",
        "B=$(swift build -c release --show-bin-path)": "B is set to this build's bin directory",
        "scripts/load-test": "installs wrk and loads a server for half a minute (a benchmark, BENCHMARKS.md)",
        "scripts/build-wheel": "builds libWayfinderC.so and a wheel with its own swift build (scripts/python-test runs it)",
        "pip install dist/wayfinder-*.whl": "installs the wheel scripts/build-wheel makes (scripts/python-test does)",
    ]

    /// The command lines of README.md's ```sh blocks, without blank and comment-only lines.
    static func readmeLines() throws -> [String] {
        let readme = try String(contentsOfFile: "\(root)/README.md", encoding: .utf8)
        var lines: [String] = [], inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inShell && !trimmed.isEmpty && !trimmed.hasPrefix("#") { lines.append(trimmed) }
        }
        return lines
    }

    /// The command part of a line: its trailing "  # comment" cut off.
    static func command(_ line: String) -> String {
        guard let range = line.range(of: #"\s+#\s.*$"#, options: .regularExpression) else { return line }
        return String(line[..<range.lowerBound])
    }

    /// A scratch checkout and the environment the lines run in.
    struct Workspace {
        let dir = temporaryDirectory()
        let environment: [String: String]

        init(bin: String) throws {
            for link in ["data", "scripts"] {
                try FileManager.default.createSymbolicLink(atPath: "\(dir)/\(link)", withDestinationPath: "\(ExamplesTests.root)/\(link)")
            }
            var environment = ProcessInfo.processInfo.environment
            environment["B"] = bin
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["WAYFINDER_CACHE"] = "\(dir)/cache"   // the default graph, built here once
            environment["WAYFINDER_BIN"] = bin
            self.environment = environment
        }

        /// Runs `line` with bash; stdout and stderr through files (no pipe to fill up).
        func run(_ line: String) throws -> (code: Int32, out: String, err: String) {
            let process = try start(line, out: "\(dir)/.out", err: "\(dir)/.err")
            process.waitUntilExit()
            return (process.terminationStatus, read("\(dir)/.out"), read("\(dir)/.err"))
        }

        func start(_ line: String, out: String, err: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "{ \(line)\n} > \"$0\" 2> \"$1\"", out, err]
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            process.environment = environment
            try process.run()
            return process
        }

        func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

        /// Runs a `wayfinder serve` line on `port` in the background until it logs that it
        /// serves, calls `body`, then stops it with SIGTERM: it must exit 0.
        func serving(_ line: String, port: UInt16, _ body: () throws -> Void) throws {
            var serve = ExamplesTests.command(line)
            serve = serve.replacingOccurrences(of: #"--port \d+"#, with: "", options: .regularExpression) + " --port \(port)"
            let log = "\(dir)/.serve-\(port).log"
            let process = try start("exec " + serve, out: "/dev/null", err: log)
            var ready = false
            for _ in 0..<200 where !ready {
                ready = read(log).contains("serving")
                if !ready { usleep(50_000) }
            }
            #expect(ready, "\(line): \(read(log))")
            try body()
            process.terminate()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(line) stopped with \(process.terminationStatus): \(read(log))")
        }
    }

    /// A TCP port nobody listens on now.
    static func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 ? getsockname(fd, pointer, &length) : -1
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Lines that print nothing on stdout when they succeed.
    static func quiet(_ line: String) -> Bool {
        [" build ", "--output", "nightly-rebuild", "traffic-update", "mkdir", "serve"].contains { line.contains($0) }
    }

    @Test func readmeAndHelpExamplesRunAsWritten() throws {
        let bin = try #require(NightlyRebuildTests.binDirectory, "wayfinder binary not found beside the test runner")
        let workspace = try Workspace(bin: bin)
        let lines = try Self.readmeLines()
        var ran = 0, skipped: Set<String> = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if let key = Self.notRun.keys.first(where: { Self.command(line) == $0 || Self.command(line).hasPrefix($0 + " ") }) {
                skipped.insert(key)
                continue
            }
            if line.contains("wayfinder serve") {
                // The curl lines that follow go to this server.
                let port = Self.freePort()
                var calls: [String] = []
                while index < lines.count && lines[index].hasPrefix("curl ") {
                    calls.append(lines[index].replacingOccurrences(of: "localhost:5000", with: "localhost:\(port)"))
                    index += 1
                }
                #expect(calls.count >= 2, "the README's server block lost its curl lines")
                try workspace.serving(line, port: port) {
                    for call in calls {
                        let r = try workspace.run(call)
                        #expect(r.code == 0 && (r.out.hasPrefix("{") || r.out.hasPrefix("[")), "\(call): \(r.out.prefix(300)) \(r.err)")
                        if call.contains("/route/") { #expect(r.out.contains("\"code\":\"Ok\""), "\(call): \(r.out.prefix(300))") }
                    }
                }
                ran += 1 + calls.count
                continue
            }
            let r = try workspace.run(line)
            #expect(r.code == 0, "README: \(line)\n\(r.err)")
            #expect(!r.out.isEmpty || Self.quiet(line), "README: \(line) printed nothing")
            ran += 1
        }
        // Every line left out is one of the known few, and the rest ran.
        #expect(skipped == Set(Self.notRun.keys), "not run: \(skipped); expected \(Self.notRun.keys)")
        #expect(ran >= 20, "only \(ran) README lines ran")

        for (command, page) in WayfinderCommand.helpPages {
            for example in page.examples {
                if example.contains("wayfinder serve") {
                    try workspace.serving(example, port: Self.freePort()) {}
                    continue
                }
                let r = try workspace.run(example)
                #expect(r.code == 0, "\(command) --help: \(example)\n\(r.err)")
                #expect(!r.out.isEmpty || Self.quiet(example), "\(command) --help: \(example) printed nothing")
            }
        }
    }
}
