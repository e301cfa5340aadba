/// `wayfinder COMMAND …`: dispatches to the commands.
public enum WayfinderCommand {
    public static let help = HelpPage(
        usage: ["wayfinder COMMAND [options]", "wayfinder COMMAND --help", "wayfinder help COMMAND",
                "wayfinder --version"],
        summary: """
        commands:
          build      build a graph file from an OSM extract
          customize  today's traffic (OSRM's segment speed files) into a graph file, in seconds
          route      route between two places (the same as the `route` command)
          table      durations and distances from every source to every destination, as a CSV
          match      match GPS traces (CSV or GPX) to the roads travelled (OSRM's /match)
          isochrone  where one can get to from a point within some minutes or metres (GeoJSON)
          verify     check a graph file before putting it into service
          geocode    find addresses, places and POIs by name
          reverse    the address, street and POI at a coordinate
          search     POIs of a category near a point, e.g. "cafe"
          places     the POIs a device at a coordinate is most likely at
          serve      the HTTP service: OSRM and Nominatim APIs, map, health, metrics
          version    the program's version and the graph file format it reads and writes
        """,
        options: """
          -h, --help     a command's help: its options, exit codes and examples
          --version      the version (every command takes it)
        """,
        exitCodes: [(.ok, "help or version printed (each command lists its own codes)"),
                    (.badInput, "no command, or an unknown one")],
        examples: ["wayfinder build data/monaco.osm.pbf monaco.wfg",
                   "wayfinder help route",
                   "wayfinder --version"])

    /// The commands by name, each with its help page.
    static let commands: [(name: String, help: HelpPage, run: @Sendable ([String], Console) -> Int32)] = [
        ("build", BuildCommand.help, { BuildCommand.run($0, console: $1) }),
        ("customize", CustomizeCommand.help, { CustomizeCommand.run($0, console: $1) }),
        ("route", RouteCommand.help, { RouteCommand.run($0, console: $1) }),
        ("table", TableCommand.help, { TableCommand.run($0, console: $1) }),
        ("match", MatchCommand.help, { MatchCommand.run($0, console: $1) }),
        ("isochrone", IsochroneCommand.help, { IsochroneCommand.run($0, console: $1) }),
        ("verify", VerifyCommand.help, { VerifyCommand.run($0, console: $1) }),
        ("geocode", GeocodeCommands.geocodeHelp, { GeocodeCommands.geocode($0, console: $1) }),
        ("reverse", GeocodeCommands.reverseHelp, { GeocodeCommands.reverse($0, console: $1) }),
        ("search", GeocodeCommands.searchHelp, { GeocodeCommands.search($0, console: $1) }),
        ("places", GeocodeCommands.placesHelp, { GeocodeCommands.places($0, console: $1) }),
        ("serve", ServeCommand.help, { ServeCommand.run($0, console: $1) }),
    ]

    /// Every help page by the command line that shows it: for tests and the examples' test.
    public static var helpPages: [(command: String, page: HelpPage)] {
        [("wayfinder", help), ("route", RouteCommand.help)] + commands.map { ("wayfinder \($0.name)", $0.help) }
    }

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        let rest = Array(words.dropFirst())
        if let first = words.first, let command = commands.first(where: { $0.name == first }) {
            return command.run(rest, console)
        }
        switch words.first {
        case "version", "--version":
            console.write(HelpPage.version)
            return ExitCode.ok.rawValue
        case "help", "--help", "-h":
            // `wayfinder help route`: that command's page.
            if let name = rest.first, let command = commands.first(where: { $0.name == name }) {
                console.write(command.help.text)
            } else if let name = rest.first {
                console.error("error: unknown command \"\(name)\"; see wayfinder --help\n")
                return ExitCode.badInput.rawValue
            } else {
                console.write(help.text)
            }
            return ExitCode.ok.rawValue
        case nil:
            console.error(help.text)
            return ExitCode.badInput.rawValue
        case let other?:
            console.error("error: unknown command \"\(other)\"; see wayfinder --help\n")
            return ExitCode.badInput.rawValue
        }
    }
}
