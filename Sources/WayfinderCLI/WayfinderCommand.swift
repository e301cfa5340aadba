/// `wayfinder COMMAND …`: dispatches to the commands.
public enum WayfinderCommand {
    public static let help = """
    usage: wayfinder COMMAND [options]

    commands:
      build    build a graph file from an OSM extract (wayfinder build --help)
      route    route between two points (same as the `route` command; route --help)
      table    durations and distances from every source to every destination, as a CSV (wayfinder table --help)
      verify   check a graph file before putting it into service (wayfinder verify --help)
      geocode  find addresses, places and POIs by name (wayfinder geocode --help)
      reverse  the address, street and POI at a coordinate (wayfinder reverse --help)
      search   POIs of a category near a point, e.g. "cafe" (wayfinder search --help)
      places   the POIs a device at a coordinate is most likely at (wayfinder places --help)
      serve    the HTTP service: OSRM and Nominatim APIs, health, metrics (wayfinder serve --help)

    """

    public static func run(_ words: [String], console: Console = Console()) -> Int32 {
        switch words.first {
        case "build": return BuildCommand.run(Array(words.dropFirst()), console: console)
        case "route": return RouteCommand.run(Array(words.dropFirst()), console: console)
        case "table": return TableCommand.run(Array(words.dropFirst()), console: console)
        case "verify": return VerifyCommand.run(Array(words.dropFirst()), console: console)
        case "geocode": return GeocodeCommands.geocode(Array(words.dropFirst()), console: console)
        case "reverse": return GeocodeCommands.reverse(Array(words.dropFirst()), console: console)
        case "search": return GeocodeCommands.search(Array(words.dropFirst()), console: console)
        case "places": return GeocodeCommands.places(Array(words.dropFirst()), console: console)
        case "serve": return ServeCommand.run(Array(words.dropFirst()), console: console)
        case "help", "--help", "-h", nil:
            console.write(help)
            return words.isEmpty ? ExitCode.badInput.rawValue : ExitCode.ok.rawValue
        case let other?:
            console.error("error: unknown command \"\(other)\"; see wayfinder --help\n")
            return ExitCode.badInput.rawValue
        }
    }
}
