import Foundation
import Testing
import WayfinderCLI

/// Forgiving batches (`route`, `geocode`, `reverse --batch`): a bad row is answered with an
/// error row in its place and costs nothing else; `--strict` keeps all-or-nothing; exit 10
/// tells "answered, some rows bad" from 0 and from 2.
@Suite struct BatchTests {
    func route(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = RouteCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    func wayfinder(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    func file(_ text: String, _ name: String = "in.csv") throws -> String {
        let path = "\(temporaryDirectory())/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func lines(_ out: String) -> [String] { out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    var andorra: String { get throws { try ExtractGraphs.shared.path("andorra") } }

    static let good = ["42.5063,1.5218,42.5425,1.7336", "42.5094,1.5381,42.5063,1.5218", "42.5063,1.5218,10.0,10.0"]

    /// Lines 1 header, 2 good, 3 bad (NaN), 4 good, 5 blank (skipped), 6 good (NoSegment), 7 bad (3 fields, last).
    static let mixed = "from_lat,from_lon,to_lat,to_lon\n\(good[0])\n42.5,nan,42.5,1.6\n\(good[1])\n\n\(good[2])\n42.5,1.5,42.5"

    @Test func badRouteRowsAreAnsweredInPlaceAndTheOthersAsACleanRun() throws {
        let clean = route(["--graph", try andorra, "--batch", try file(Self.good.joined(separator: "\n") + "\n")])
        #expect(clean.code == 0 && clean.err.isEmpty, "\(clean.err)")
        let r = route(["--graph", try andorra, "--batch", try file(Self.mixed)])
        #expect(r.code == ExitCode.partialBatch.rawValue, "\(r.err)")
        let answered = lines(r.out), expected = lines(clean.out)
        #expect(answered.count == 6 && expected.count == 4)
        #expect(answered[0] == "code,distance_m,duration_s")
        #expect(answered[1] == expected[1] && answered[3] == expected[2] && answered[4] == expected[3])
        #expect(answered[2] == "BadInput,," && answered[5] == "BadInput,,")
        #expect(expected[1].hasPrefix("Ok,") && expected[3] == "NoSegment,,")
        // Each bad row's message on its own line, file and line number first, then the count.
        let messages = r.err.split(separator: "\n")
        #expect(messages.count == 3)
        #expect(messages[0].hasSuffix("\"42.5,nan\"") && messages[0].contains("in.csv:3 from: "))
        #expect(messages[1].contains("in.csv:7: expected from_lat,from_lon,to_lat,to_lon"))
        #expect(messages[2].hasPrefix("warning: 2 of 5 rows of ") && messages[2].contains("--strict"))
    }

    @Test func strictRefusesTheWholeFileBeforeAnyOutput() throws {
        let r = route(["--graph", try andorra, "--batch", try file(Self.mixed), "--strict"])
        #expect(r.code == ExitCode.badInput.rawValue && r.out.isEmpty)
        #expect(r.err.hasPrefix("error: ") && r.err.contains("in.csv:3 from: ") && !r.err.contains("in.csv:7"))
        let clean = route(["--graph", try andorra, "--batch", try file(Self.good.joined(separator: "\n")), "--strict"])
        #expect(clean.code == 0 && lines(clean.out).count == 4)
        // A row past line 1 that is not numbers is a bad row, not a second header.
        let late = route(["--graph", try andorra, "--batch", try file("\(Self.good[0])\nfrom_lat,from_lon,to_lat,to_lon\n")])
        #expect(late.code == ExitCode.partialBatch.rawValue && lines(late.out).last == "BadInput,,")
    }

    @Test func jsonRouteBatchEqualsTheCSV() throws {
        let path = try file(Self.mixed)
        let csv = route(["--graph", try andorra, "--batch", path])
        let json = route(["--graph", try andorra, "--batch", path, "--format", "json"])
        #expect(json.code == ExitCode.partialBatch.rawValue && json.err == csv.err)
        let rows = lines(csv.out).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let objects = try lines(json.out).map(object)
        #expect(objects.count == rows.count)
        for (row, object) in zip(rows, objects) {
            #expect(object["code"] as? String == row[0])
            guard row[0] != "BadInput" else { continue }
            #expect(object.count == 3)
            #expect((object["distance_m"] as? Double).map { String(format: "%.1f", $0) } == (row[1].isEmpty ? nil : row[1]))
            #expect((object["duration_s"] as? Double).map { String(format: "%.3f", $0) } == (row[2].isEmpty ? nil : row[2]))
            #expect(row[1].isEmpty == (object["distance_m"] is NSNull))
        }
        #expect(objects[1]["line"] as? Int == 3 && (objects[1]["message"] as? String)?.contains("in.csv:3 from: ") == true)
        #expect(objects[4]["line"] as? Int == 7 && objects[4].count == 3)
    }

    /// Order holds across threads and rounds: row i answers as row i mod 3.
    @Test func largeBatchKeepsInputOrder() throws {
        let text = (0..<1500).map { Self.good[$0 % 3] }.joined(separator: "\n")
        let r = route(["--graph", try andorra, "--batch", try file(text)])
        #expect(r.code == 0)
        let answered = Array(lines(r.out).dropFirst())
        #expect(answered.count == 1500)
        #expect(Set(answered.prefix(3)).count == 3)
        #expect(answered.indices.allSatisfy { answered[$0] == answered[$0 % 3] })
    }

    @Test func stderrNamesTheFirstBadRowsAndCountsTheRest() throws {
        let text = (0..<25).map { _ in "1,2,3" }.joined(separator: "\n") + "\n" + Self.good[0]
        let r = route(["--graph", try andorra, "--batch", try file(text)])
        #expect(r.code == ExitCode.partialBatch.rawValue)
        #expect(lines(r.out).filter { $0 == "BadInput,," }.count == 25 && lines(r.out).last!.hasPrefix("Ok,"))
        let messages = r.err.split(separator: "\n")
        #expect(messages.count == 21 && messages[19].contains("in.csv:20:"))
        #expect(messages[20].contains("25 of 26 rows") && messages[20].contains("5 not shown"))
    }

    @Test(arguments: [["--format", "geojson"], ["--overview", "false"], ["--geometry", "geojson"], ["--from", "42.5,1.5"],
                      ["--voice-instructions"], ["--alternatives", "0"], ["--no-continue-straight"], ["stray"]])
    func optionsThatWouldBeIgnoredAreRefused(extra: [String]) throws {
        let r = route(["--graph", try andorra, "--batch", try file(Self.good[0])] + extra)
        #expect(r.code == ExitCode.badInput.rawValue && r.out.isEmpty, "\(extra)")
        #expect(r.err.contains("--batch"), "\(r.err)")
    }

    @Test func strictWithoutBatchAndTheHelpPages() throws {
        #expect(route(["--from", "42.5063,1.5218", "--to", "42.5094,1.5381", "--graph", try andorra, "--strict"]).code == 2)
        #expect(wayfinder(["geocode", "Porto", "--strict"]).code == 2)
        for help in [route(["--help"]).out, wayfinder(["geocode", "--help"]).out, wayfinder(["reverse", "--help"]).out] {
            #expect(help.contains("--strict") && help.contains("\n  10 ") && help.contains("\"code\":\"BadInput\""))
        }
    }

    @Test func geocodeBatchAnswersEveryLineAndFlagsEmptyOnes() throws {
        let graph = try GeocoderFixture.shared.path()
        let clean = wayfinder(["geocode", "--batch", try file("Rua de São João 14\nPorto\n", "q.txt"), "--graph", graph, "--limit", "1"])
        #expect(clean.code == 0 && clean.err.isEmpty)
        let path = try file("Rua de São João 14\n\nPorto\n   \n", "q.txt")
        let r = wayfinder(["geocode", "--batch", path, "--graph", graph, "--limit", "1"])
        #expect(r.code == ExitCode.partialBatch.rawValue)
        let answered = lines(r.out)
        #expect(answered.count == 4 && [answered[0], answered[2]] == lines(clean.out))
        for (i, number) in [(1, 2), (3, 4)] {
            let error = try object(answered[i])
            #expect(error["line"] as? Int == number && error["code"] as? String == "BadInput")
            #expect((error["message"] as? String)?.hasPrefix("\(path):\(number): empty query") == true)
        }
        #expect(r.err.contains("q.txt:2: ") && r.err.contains("q.txt:4: ") && r.err.contains("2 of 4 rows"))
        let strict = wayfinder(["geocode", "--batch", path, "--graph", graph, "--strict"])
        #expect(strict.code == ExitCode.badInput.rawValue && strict.out.isEmpty && strict.err.contains("q.txt:2: "))
        for extra in [["--format", "text"], ["Porto"]] {
            let refused = wayfinder(["geocode", "--batch", path, "--graph", graph] + extra)
            #expect(refused.code == ExitCode.badInput.rawValue && refused.out.isEmpty, "\(extra)")
        }
    }

    @Test func reverseBatchAnswersEveryRowAndFlagsBadOnes() throws {
        let graph = try GeocoderFixture.shared.path()
        let clean = wayfinder(["reverse", "--batch", try file("41.15010,-8.6095\n41.3,-8.3\n"), "--graph", graph])
        #expect(clean.code == 0)
        // Lines: 1 header, 2 good, 3 out of range, 4 blank (skipped), 5 good (nothing near), 6 not a coordinate.
        let r = wayfinder(["reverse", "--batch", try file("lat,lon\n41.15010,-8.6095\n91,0\n\n41.3,-8.3\nfoo\n"), "--graph", graph])
        #expect(r.code == ExitCode.partialBatch.rawValue)
        let answered = lines(r.out)
        #expect(answered.count == 4 && [answered[0], answered[2]] == lines(clean.out))
        #expect(answered[2] == "{}" && answered[0].contains("\"housenumber\":\"12\""))
        let range = try object(answered[1]), malformed = try object(answered[3])
        #expect(range["line"] as? Int == 3 && (range["message"] as? String)?.contains("in.csv:3: coordinate out of range") == true)
        #expect(malformed["line"] as? Int == 6 && malformed["code"] as? String == "BadInput")
        let strict = wayfinder(["reverse", "--batch", try file("41.15010,-8.6095\n91,0\n"), "--graph", graph, "--strict"])
        #expect(strict.code == ExitCode.badInput.rawValue && strict.out.isEmpty && strict.err.contains("in.csv:2"))
    }
}
