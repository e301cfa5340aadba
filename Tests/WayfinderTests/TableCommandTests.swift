import Foundation
import Glibc
import Testing
import WayfinderCLI
import WayfinderGraph
import WayfinderRouting
import WayfinderHTTPServer

/// `wayfinder table`: the server's /table numbers from the shell, blocks written in order,
/// empty cells for no route, the exit codes of bad input and paths, and progress on stderr.
@Suite struct TableCommandTests {
    func table(_ words: [String], terminal: Bool = false) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true, terminal: terminal)
        let code = WayfinderCommand.run(["table"] + words, console: console)
        return (code, console.output, console.errors)
    }

    /// The cells of the output, keyed "source,destination" → "duration,distance".
    func cells(_ csv: String) -> [String: String] {
        var cells: [String: String] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            cells["\(f[0]),\(f[1])"] = "\(f[2]),\(f[3])"
        }
        return cells
    }

    func writePoints(_ points: [FixedCoordinate], header: Bool = true) -> String {
        let path = "\(temporaryDirectory())/points.csv"
        let rows = points.map { "\($0.latitude),\($0.longitude)" }
        try! ((header ? ["lat,lon"] : []) + rows).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Random Andorra points, both modes, several blocks on two threads: every cell is the
    /// server's /table for the same coordinates (sources then destinations), number for number.
    @Test(arguments: TravelMode.allCases)
    func cellsEqualTheServersTable(mode: TravelMode) throws {
        let path = try ExtractGraphs.shared.path("andorra")
        let graph = try RoutingGraph(path: path, mode: mode)
        var rng = SplitMix64(seed: 0x7AB1E + UInt64(mode.rawValue))
        let snapper = Snapper(graph: graph)
        // Points the server can snap (it refuses the whole request otherwise).
        var points: [FixedCoordinate] = []
        while points.count < 60 {
            let p = randomCoordinate(graph, &rng)
            if snapper.nearest(to: p, maxDistance: 5000) != nil { points.append(p) }
        }
        let sources = Array(points.prefix(25)), destinations = Array(points.suffix(35))
        let r = table(["--graph", path, "--mode", "\(mode)", "--sources", writePoints(sources),
                       "--destinations", writePoints(destinations, header: false), "--block", "4", "--threads", "2"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("source,destination,duration_s,distance_m\n"))
        let lines = r.out.split(separator: "\n").dropFirst()
        #expect(lines.count == 25 * 35)
        // Source order, then destination order.
        #expect(lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(2).joined(separator: ",") }
                == (0..<25).flatMap { i in (0..<35).map { "\(i),\($0)" } })

        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        configuration.log = nil
        let server = try Server(graphPath: path, configuration: configuration)
        defer { server.stop() }
        let coordinates = (sources + destinations).map { "\($0.longitude),\($0.latitude)" }.joined(separator: ";")
        let query = "sources=" + (0..<25).map(String.init).joined(separator: ";")
            + "&destinations=" + (25..<60).map(String.init).joined(separator: ";") + "&annotations=duration,distance"
        let body = try httpGet(port: server.port, "/table/v1/\(mode)/\(coordinates)?\(query)")
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let durations = try #require(json["durations"] as? [[Any]]), distances = try #require(json["distances"] as? [[Any]])
        let ours = cells(r.out)
        var differ: [String] = [], empty = 0
        for i in 0..<25 {
            for j in 0..<35 {
                let cell = try #require(ours["\(i),\(j)"]).split(separator: ",", omittingEmptySubsequences: false)
                let duration = durations[i][j] as? Double, distance = distances[i][j] as? Double
                if duration == nil { empty += 1 }
                if cell[0].isEmpty ? duration != nil : Double(cell[0]) != duration { differ.append("\(i),\(j) duration \(cell[0]) vs \(String(describing: duration))") }
                if cell[1].isEmpty ? distance != nil : Double(cell[1]) != distance { differ.append("\(i),\(j) distance \(cell[1]) vs \(String(describing: distance))") }
            }
        }
        #expect(differ.isEmpty, "\(differ.count) cells differ from /table: \(differ.prefix(5))")
        #expect(empty < 25 * 35 / 2)
    }

    /// A one-way street: from its end back to its start there is no route (empty cell), the
    /// other way there is; a point far from any road gets empty cells and a note.
    @Test func noRouteCellsAreEmpty() throws {
        var map = MapFixture("""
            a----------b
            """)
        map.way("ab", ["highway": "residential", "oneway": "yes"])
        let dir = temporaryDirectory()
        try map.xml.write(toFile: "\(dir)/stub.osm", atomically: true, encoding: .utf8)
        let build = Console(capturing: true)
        #expect(WayfinderCommand.run(["build", "--input", "\(dir)/stub.osm", "--output", "\(dir)/stub.wfg", "--quiet"], console: build) == 0)
        let points = writePoints([map.coordinate(near: "a", east: 20), map.coordinate(near: "a", east: 80),
                                  FixedCoordinate(latitude: 10, longitude: 10)])
        let r = table(["--graph", "\(dir)/stub.wfg", "--sources", points, "--destinations", points])
        #expect(r.code == 0, "\(r.err)")
        let ours = cells(r.out)
        #expect(ours["0,1"]!.first != ",")   // along the one-way: a route
        #expect(ours["1,0"] == ",")          // against it: none
        #expect(ours["0,0"] == "0,0")
        for k in 0..<3 { #expect(ours["2,\(k)"] == "," && ours["\(k),2"] == ",") }
        #expect(r.err.contains("1 of 3 sources have no road") && r.err.contains("lines 4"))
        #expect(!r.err.contains("table:"))   // a small table: no progress
    }

    @Test func badInputAndPathsHaveTheirExitCodes() throws {
        let andorra = try ExtractGraphs.shared.path("andorra")
        let good = writePoints([FixedCoordinate(latitude: 42.5063, longitude: 1.5218)])
        let dir = temporaryDirectory()
        func expectCode(_ words: [String], _ code: ExitCode, _ says: String) {
            let r = table(words)
            #expect(r.code == code.rawValue, "\(words): \(r.err)")
            #expect(r.out.isEmpty && r.err.hasPrefix("error: ") && r.err.contains(says), "\(words): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1)
        }
        try "lat,lon\n42.5,1.5\n42.5,nan\n".write(toFile: "\(dir)/nan.csv", atomically: true, encoding: .utf8)
        try "42.5,1.5,3\n".write(toFile: "\(dir)/three.csv", atomically: true, encoding: .utf8)
        try "lat,lon\n\n".write(toFile: "\(dir)/empty.csv", atomically: true, encoding: .utf8)
        try "lat,lon\n91,1.5\n".write(toFile: "\(dir)/range.csv", atomically: true, encoding: .utf8)
        let both = ["--graph", andorra, "--destinations", good]
        expectCode(both + ["--sources", "\(dir)/nan.csv"], .badInput, "nan.csv:3")
        expectCode(both + ["--sources", "\(dir)/three.csv"], .badInput, "three.csv:1: expected lat,lon")
        expectCode(both + ["--sources", "\(dir)/empty.csv"], .badInput, "no lat,lon rows")
        expectCode(both + ["--sources", "\(dir)/range.csv"], .badInput, "out of range")
        expectCode(both, .badInput, "--sources and --destinations are required")
        expectCode(both + ["--sources", good, "--mode", "flying"], .badInput, "--mode")
        expectCode(both + ["--sources", good, "--threads", "0"], .badInput, "--threads")
        expectCode(both + ["--sources", good, "--colour"], .badInput, "--colour")
        expectCode(both + ["--sources", "\(dir)/missing.csv"], .fileError, "missing.csv")
        expectCode(["--graph", "\(dir)/nope.wfg", "--sources", good, "--destinations", good], .fileError, "nope.wfg")
        // The output path is checked before any work: nothing is read, nothing left behind.
        expectCode(both + ["--sources", "\(dir)/missing.csv", "--output", "\(dir)/no/such/dir/out.csv"], .writeFailed, "out.csv")
        expectCode(both + ["--sources", good, "--output", dir], .writeFailed, "is a directory")
        // A failure after the output was opened leaves no file under its name.
        expectCode(["--graph", "\(dir)/nope.wfg", "--sources", good, "--destinations", good, "--output", "\(dir)/t.csv"], .fileError, "nope.wfg")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("t.csv") }.isEmpty)
        let help = table(["--help"])
        #expect(help.code == 0 && help.out.contains("source,destination,duration_s,distance_m"))
        for code in [2, 3, 8] { #expect(help.out.contains("\n  \(code)  ")) }
    }

    /// A table of a million cells reports progress by itself: on a pipe or file, a line per
    /// tenth at most, ending at 100%; on a terminal, one line redrawn (carriage returns), ended
    /// once. The output file is the whole table.
    @Test func progressOnStderr() throws {
        let andorra = try ExtractGraphs.shared.path("andorra")
        let graph = try RoutingGraph(path: andorra, mode: .driving)
        let points = graph.randomRoadPoints(count: 1000, seed: 5)
        let csv = writePoints(points), out = "\(temporaryDirectory())/big.csv"
        let plain = table(["--graph", andorra, "--sources", csv, "--destinations", csv, "--output", out])
        #expect(plain.code == 0, "\(plain.err)")
        let lines = plain.err.split(separator: "\n")
        #expect(lines.count >= 1 && lines.count <= 10 && lines.allSatisfy { $0.hasPrefix("table: ") })
        #expect(lines.last?.contains("100.0%  1,000,000/1,000,000 cells") == true && !plain.err.contains("\r"))
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 1_000_001)
        let terminal = table(["--graph", andorra, "--sources", csv, "--destinations", csv, "--output", out], terminal: true)
        #expect(terminal.err.hasPrefix("\r[") && terminal.err.hasSuffix(" cells/s\n"), "\(terminal.err)")
        #expect(terminal.err.split(separator: "\r").last?.contains("100.0%  1,000,000/1,000,000 cells") == true)
        #expect(terminal.err.filter { $0 == "\n" }.count == 1)
        let quiet = table(["--graph", andorra, "--sources", csv, "--destinations", csv, "--output", out, "--no-progress"])
        #expect(quiet.err.isEmpty)
    }
}

/// The body of a GET to the loopback server (Connection: close, read to the end).
func httpGet(port: UInt16, _ target: String) throws -> Data {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    struct Failure: Error { let message: String }
    guard fd >= 0, connected == 0 else { throw Failure(message: "connect: \(errno)") }
    let request = Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var answer: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        answer += chunk[..<n]
    }
    let separator = Array("\r\n\r\n".utf8)
    guard let end = answer.indices.first(where: { answer[$0...].starts(with: separator) }) else { throw Failure(message: "no HTTP answer") }
    return Data(answer[(end + 4)...])
}
