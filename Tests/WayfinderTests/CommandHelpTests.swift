import Foundation
import Testing
import WayfinderCLI
import WayfinderGraph

/// The manners of every command: `-h`/`--help` and `--version` answered before anything
/// else, a help page of the command's own, one form per concept (positional or option),
/// and exit codes by the kind of failure.
@Suite struct CommandHelpTests {
    func wayfinder(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    func route(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = RouteCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    static let subcommands = ["build", "route", "table", "match", "isochrone", "verify", "geocode", "reverse", "search", "places", "serve"]

    /// Arguments that would fail (or build the default graph, or geocode "-h") if help were
    /// not answered first.
    static let troublesome = ["--graph", "/nonexistent/g.wfg", "--colour", "red", "stray"]

    @Test(arguments: subcommands)
    func helpComesFirstAndOpensNothing(command: String) throws {
        let page = try #require(WayfinderCommand.helpPages.first { $0.command == "wayfinder \(command)" }?.page)
        for flag in ["-h", "--help"] {
            for words in [[flag], Self.troublesome + [flag], [flag] + Self.troublesome] {
                let r = wayfinder([command] + words)
                #expect(r.code == 0, "\(command) \(words)")
                #expect(r.out == page.text, "\(command) \(words)")
                #expect(r.err.isEmpty, "\(command) \(words): \(r.err)")
            }
        }
        #expect(wayfinder(["help", command]).out == page.text)
        let version = wayfinder([command, "--version"] + Self.troublesome)
        #expect(version.code == 0 && version.out == HelpPage.version && version.err.isEmpty, "\(command)")
    }

    @Test func routeAndWayfinderThemselves() {
        for flag in ["-h", "--help"] {
            let r = route([flag, "--from", "x"])
            #expect(r.code == 0 && r.out == RouteCommand.help.text && r.err.isEmpty)
            #expect(wayfinder([flag]).out == WayfinderCommand.help.text)
        }
        for words in [["--version"], ["version"]] {
            #expect(wayfinder(words).code == 0 && wayfinder(words).out == HelpPage.version)
        }
        #expect(route(["--version"]).out == HelpPage.version)
        #expect(HelpPage.version == "wayfinder \(wayfinderVersion) (graph format \(GraphFile.formatVersion))\n")
        #expect(wayfinder([]).code == 2 && wayfinder(["fly"]).code == 2 && wayfinder(["help", "fly"]).code == 2)
    }

    /// Each page: its usage, options, exit codes (0 first, no code twice, nothing from another
    /// command's list) and two to four examples of that very command.
    @Test func everyPageIsItsOwn() throws {
        for (command, page) in WayfinderCommand.helpPages {
            let text = page.text
            let command = command == "wayfinder route" ? "route" : command   // the same page as `route`
            #expect(text.hasPrefix("usage: \(command)"), "\(command)")
            #expect(text.contains("\nexit codes:\n  0  "), "\(command)")
            let codes = page.exitCodes.map(\.code.rawValue)
            #expect(Set(codes).count == codes.count && codes.first == 0, "\(command)")
            #expect((2...4).contains(page.examples.count), "\(command)")
            #expect(page.examples.allSatisfy { $0.hasPrefix(command) || $0.hasPrefix("wayfinder build") }, "\(command)")
        }
        let reverse = GeocodeCommands.reverseHelp.text, search = GeocodeCommands.searchHelp.text
        #expect(!reverse.contains("unknown category") && search.contains("unknown category"))
        #expect(!search.contains("\n  6  ") && !GeocodeCommands.placesHelp.text.contains("\n  6  "))
        #expect(GeocodeCommands.geocodeHelp.text.contains("\n  6  ") && reverse.contains("\n  6  "))
        #expect(ServeCommand.help.text.contains("\n  9  ") && !RouteCommand.help.text.contains("\n  9  "))
        #expect(BuildCommand.help.text.contains("\n  8  ") && !VerifyCommand.help.text.contains("\n  8  "))
        #expect(VerifyCommand.help.text.contains("\n  7  ") && !TableCommand.help.text.contains("\n  7  "))
    }

    // MARK: One form per concept

    @Test func placesAndReverseTakeThePointEitherWay() throws {
        let helsinki = try ExtractGraphs.shared.path("helsinki")
        for command in ["places", "reverse"] {
            let positional = wayfinder([command, "60.1699,24.9384", "--graph", helsinki])
            let option = wayfinder([command, "--at", "60.1699,24.9384", "--graph", helsinki])
            #expect(positional.code == 0 && !positional.out.isEmpty, "\(command): \(positional.err)")
            #expect(option.out == positional.out && option.code == 0, "\(command)")
            let both = wayfinder([command, "60.1699,24.9384", "--at", "60.1699,24.9384", "--graph", helsinki])
            #expect(both.code == ExitCode.badInput.rawValue && both.err.contains("not both"), "\(command)")
            let none = wayfinder([command, "--graph", helsinki])
            #expect(none.code == ExitCode.badInput.rawValue && none.err.contains("LAT,LON"), "\(command)")
        }
        let text = wayfinder(["geocode", "--text", "Senate Square", "--graph", helsinki])
        #expect(text.code == 0 && text.out == wayfinder(["geocode", "Senate Square", "--graph", helsinki]).out)
    }

    @Test func buildVerifyAndServeTakeTheirFilesEitherWay() throws {
        let dir = temporaryDirectory()
        let built = wayfinder(["build", "\(dataDirectory)/monaco.osm.pbf", "\(dir)/m.wfg", "--quiet"])
        #expect(built.code == 0, "\(built.err)")
        #expect(wayfinder(["build", "--input", "\(dataDirectory)/monaco.osm.pbf", "\(dir)/n.wfg", "--quiet"]).code == 0)
        #expect(FileManager.default.fileExists(atPath: "\(dir)/m.wfg") && FileManager.default.fileExists(atPath: "\(dir)/n.wfg"))
        #expect(wayfinder(["build", "\(dataDirectory)/monaco.osm.pbf"]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["build", "a.pbf", "b.wfg", "c"]).code == ExitCode.badInput.rawValue)
        let verify = wayfinder(["verify", "\(dir)/m.wfg", "--routes", "5"])
        #expect(verify.code == 0 && verify.out.contains("every checksum valid"), "\(verify.err)")
        #expect(wayfinder(["verify", "\(dir)/m.wfg", "--graph", "\(dir)/m.wfg"]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["verify"]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["serve", "\(dir)/missing.wfg"]).code == ExitCode.fileError.rawValue)
        #expect(wayfinder(["serve", "\(dir)/m.wfg", "--graph", "\(dir)/m.wfg"]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["route", "43.7384,7.4246", "--graph", "\(dir)/m.wfg"]).err.contains("--from and --to"))
    }

    // MARK: Exit codes by kind of failure, checked before any work

    @Test func emptyTextIsBadInputNotNotFound() throws {
        let helsinki = try ExtractGraphs.shared.path("helsinki")
        for text in ["", "   ", "\t"] {
            let r = wayfinder(["geocode", text, "--graph", helsinki])
            #expect(r.code == ExitCode.badInput.rawValue && r.err.contains("empty") && r.out.isEmpty, "\"\(text)\"")
        }
        // Checked before the graph is opened: no default graph is built for it either.
        #expect(wayfinder(["geocode", "", "--graph", "/nonexistent.wfg"]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["geocode", "xyzzy plugh", "--graph", helsinki]).code == ExitCode.placeNotFound.rawValue)
    }

    @Test func bindThatIsNoAddressIsBadInputBeforeTheGraphLoads() throws {
        for bind in ["999.1.1.1", "localhost", "1.2.3", ""] {
            let r = wayfinder(["serve", "/nonexistent/g.wfg", "--bind", bind])
            #expect(r.code == ExitCode.badInput.rawValue, "\(bind)")
            #expect(r.err.contains("not an IPv4 or IPv6 address"), "\(bind)")
        }
        // An address this machine does not have: a valid one, so the graph loads, then 9.
        let andorra = try ExtractGraphs.shared.path("andorra")
        let r = wayfinder(["serve", andorra, "--bind", "192.0.2.1", "--port", "0"])
        #expect(r.code == ExitCode.cannotListen.rawValue, "\(r.err)")
    }

    @Test func shortOptionsOtherThanHelpAreUnknown() {
        for command in ["geocode", "reverse", "places", "search"] {
            let r = wayfinder([command, "-x", "--graph", "/nonexistent.wfg"])
            #expect(r.code == ExitCode.badInput.rawValue && r.err.contains("unknown option -x"), "\(command)")
        }
        // A negative coordinate is a value, not an option.
        #expect(!wayfinder(["reverse", "-8.6,41.1", "--graph", "/nonexistent.wfg"]).err.contains("unknown option"))
    }

    @Test func batchAndOutputAreCheckedBeforeAnyGraphIsOpened() throws {
        let dir = temporaryDirectory()
        let missing = "\(dir)/none.csv", graph = "\(dir)/none.wfg"
        #expect(route(["--graph", graph, "--batch", missing]).err.contains("batch file not found"))
        #expect(wayfinder(["geocode", "--batch", missing, "--graph", graph]).err.contains("batch file not found"))
        #expect(wayfinder(["reverse", "--batch", missing, "--graph", graph]).err.contains("batch file not found"))
        let points = "\(dir)/p.csv"
        try "43.7384,7.4246\n".write(toFile: points, atomically: true, encoding: .utf8)
        let table = wayfinder(["table", "--graph", graph, "--sources", points, "--destinations", points,
                               "--output", "\(dir)/no/such/dir/od.csv"])
        #expect(table.code == ExitCode.writeFailed.rawValue && table.err.contains("od.csv"))
    }
}
