import Foundation
import WayfinderGeocoding
import WayfinderGraph

/// `wayfinder geocode|reverse|search|places`: the geocoder index of a graph file from the
/// command line, as text or JSON.
public enum GeocodeCommands {
    static let common = """
      --graph GRAPH      graph file made by `wayfinder build` (default: the cached default graph)
      --format FORMAT    text (default) or json

    JSON results carry lat, lon, name, kind (address, poi, street, place), category,
    address {housenumber, street, postcode, city}, osm_type, osm_id, score, distance_m (when a
    point was given), and label, type, phone, website, opening_hours and extratags (wikidata,
    cuisine, wheelchair… as Nominatim's extratags) where known, and areas {country, country_code,
    state, county, city, suburb, postcode}: those the boundaries give. An unnamed POI's name is its
    kind ("ATM"), its label adds the address ("ATM, Kaivokatu 1, 00100 Helsinki").

    exit codes:
      0  answered (--batch: every line answered, found or not; search and places: also when nothing is near)
      1  internal error
      2  bad input: unknown option, malformed coordinate or number, unknown category, bad batch line with --strict
      3  missing, unreadable or corrupt graph file, or a graph without a geocoder index
      6  nothing found: no address, place or POI matches the text, or nothing near the coordinate
      10 --batch: every line answered, but some were bad input (BadInput objects; messages on stderr)

    A coordinate outside the graph's area is named as such, with the area's box and its
    biggest place; one that would be inside with latitude and longitude swapped gets
    "did you mean LAT,LON?" (an error's message, else a warning on stderr).

    """

    /// The `--batch` paragraph of geocode and reverse (`GeocodeBatch.swift`).
    static let batchHelp = """
    Batches print JSON lines (--format text is refused), written as they come, in input
    order. A bad line costs that line only: {"line":N,"code":"BadInput","message":"FILE:N: …"}
    in its place (N counts the file's lines from 1), its message on stderr (the first \(BatchReport.shown)),
    every other line answered, and exit 10 at the end (0 when no line was bad); --strict
    refuses the whole file at its first bad line instead (exit 2, no output).
    """

    public static let geocodeHelp = """
    usage: wayfinder geocode "TEXT" [--near LAT,LON] [--limit N] [--graph GRAPH] [--format text|json]
           wayfinder geocode --batch FILE [--strict] [--near LAT,LON] [--limit N] [--graph GRAPH]

    Finds addresses ("Mannerheimintie 5, Helsinki", "5 Mannerheimintie"), POIs, streets and
    places by name, in any language the data names them (name:xx, alt_name, old_name,
    official_name, short_name, loc_name). Case and accents do not matter, words may come
    in any order, the last word may be unfinished, and a typo is forgiven (one in words of
    4-7 letters, two in longer words). House numbers and postcodes must be exact.
    --batch reads one query per line and prints one JSON array per line, line N answering
    line N; an empty line is bad input, answered {"line":N,"code":"BadInput","message":"…"}.

    score is the confidence: the share of the query the result explains (rare words count
    more than "de" or "street"; a word may also be explained by the result's kind, e.g.
    "cathedral", or the area it lies in). Below \(Geocoder.minimumConfidence) a result is
    no answer: exit 6, with the best such candidates offered as "did you mean". A street
    without the house number asked for is answered as the street, marked "number N not
    found" (housenumber_not_found in JSON).

    \(batchHelp)

      --near LAT,LON     favour results near this point
      --limit N          at most N results (default 5)
      --strict           --batch: all or nothing (exit 2 at the first bad line, no output)
    \(common)
    """

    public static let reverseHelp = """
    usage: wayfinder reverse LAT,LON [--graph GRAPH] [--format text|json]
           wayfinder reverse --batch FILE [--strict] [--graph GRAPH]

    The nearest address (within \(Int(Geocoder.addressRadius)) m), else the nearest street (within \
    \(Int(Geocoder.streetRadius)) m), and the POI at the point (within \(Int(Geocoder.poiRadius)) m, as "poi").
    --batch reads CSV rows LAT,LON (a header on line 1 optional, blank lines skipped) and prints
    one JSON object per row ({} when nothing is near); a malformed or out-of-range row is
    answered {"line":N,"code":"BadInput","message":"…"}.

    \(batchHelp)

      --strict           --batch: all or nothing (exit 2 at the first bad line, no output)
    \(common)
    """

    public static let searchHelp = """
    usage: wayfinder search CATEGORY --near LAT,LON [--radius M] [--limit N] [--graph GRAPH] [--format text|json]

    POIs of a category within a radius, nearest first, named or not (an unnamed one is
    described by its kind and address: "ATM, Kaivokatu 1"). CATEGORY is one of:
      - a word or phrase: cafe, restaurants, pharmacy, atm, "bus stop", hotel; plurals and
        common synonyms work. Grouped categories: \(Categories.all.map(\.name).joined(separator: ", ")).
      - the words for one tag or cuisine: bookshop, florist, laundry, electronics, hostel,
        toilets, benches, pizza, kebab, burger, sushi, bureau de change, defibrillator…
      - a raw OSM tag KEY=VALUE (or KEY=*) of a POI key (amenity, shop, tourism, leisure,
        office, healthcare, craft, public_transport, emergency, railway, highway, aeroway,
        historic, natural, man_made, building) or cuisine=VALUE: shop=books, amenity=atm;
      - any tag value or cuisine present in the graph, in words: "car wash", "chinese".
    A phrase that is none of these is an unknown category (exit 2).

      --near LAT,LON     centre of the search (required)
      --radius M         metres (default 1000)
      --limit N          at most N results (default 10)
    \(common)
    """

    public static let placesHelp = """
    usage: wayfinder places --at LAT,LON [--accuracy M] [--limit N] [--graph GRAPH] [--format text|json]

    The POIs a device at LAT,LON (located to within --accuracy metres) is most likely at,
    with likelihoods (in score) that sum to at most 1: the rest is the chance of being at
    none of them. Being inside a POI's area or building, and places people visit (shops,
    restaurants over benches), count most; a wider accuracy spreads the likelihood over the
    \(Geocoder.fieldSize) most likely places around the point.

      --at LAT,LON       the device's location (required)
      --accuracy M       radius of the location's uncertainty in metres (default 20)
      --limit N          at most N results (default 5)
    \(common)
    """

    public static func geocode(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["near", "limit", "batch"], flags: ["strict"], help: geocodeHelp, console: console) { (args, format) throws(CommandError) in
            let near = try args["near"].map { text throws(CommandError) in try parseCoordinate(text, option: "--near") }
            let limit = try positive(args, "limit", default: 5)
            if let batch = args["batch"] {
                try geocodeBatch(args, path: batch, near: near, limit: limit, console: console)
                return
            }
            guard args.positional.count == 1, let text = args.positional.first else {
                throw .usage("give one TEXT to look up (quote it) or --batch FILE; see wayfinder geocode --help")
            }
            let geocoder = try openGeocoder(graph: args["graph"], console: console)
            if let near { warnIfOutside(near, option: "--near", text: args["near"]!, geocoder: geocoder, console: console) }
            let answer = geocoder.lookup(text, near: near, limit: limit)
            if format == "json" { console.write(json(answer.results) + "\n") }
            guard !answer.results.isEmpty else { throw .placeNotFound(notFound(text, answer)) }
            if format == "text" { console.write(self.text(answer.results)) }
        }
    }

    public static func reverse(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["batch"], flags: ["strict"], help: reverseHelp, console: console) { (args, format) throws(CommandError) in
            if let batch = args["batch"] {
                try reverseBatch(args, path: batch, console: console)
                return
            }
            guard args.positional.count == 1 else { throw .usage("give one LAT,LON or --batch FILE; see wayfinder reverse --help") }
            let point = try parseCoordinate(args.positional[0], option: "LAT,LON")
            let geocoder = try openGeocoder(graph: args["graph"], console: console)
            let answer = geocoder.reverse(point)
            if format == "json" { console.write(json(answer) + "\n") }
            guard let best = answer.best else {
                let hint = self.hint(point, geocoder: geocoder).map { "; " + $0 } ?? ""
                throw .placeNotFound("no address or street within \(Int(Geocoder.streetRadius)) m of \(args.positional[0])\(hint)")
            }
            if format == "text" { console.write(text([best] + (answer.poi.map { [$0] } ?? []))) }
        }
    }

    public static func search(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["near", "radius", "limit"], help: searchHelp, console: console) { (args, format) throws(CommandError) in
            guard !args.positional.isEmpty else { throw .usage("give a CATEGORY, e.g. cafe; see wayfinder search --help") }
            let phrase = args.positional.joined(separator: " ")
            guard let nearText = args["near"] else { throw .usage("--near LAT,LON is required") }
            let near = try parseCoordinate(nearText, option: "--near")
            let radius = try positive(args, "radius", default: 1000.0)
            let limit = try positive(args, "limit", default: 10)
            let geocoder = try openGeocoder(graph: args["graph"], console: console)
            warnIfOutside(near, option: "--near", text: nearText, geocoder: geocoder, console: console)
            guard let category = geocoder.categoryQuery(phrase) else {
                throw .badInput("unknown category \"\(phrase)\": neither a category word, a KEY=VALUE tag nor a type or cuisine in this graph; "
                                + "categories: \(Categories.all.map(\.name).joined(separator: ", "))")
            }
            let results = geocoder.search(category, near: near, radius: radius, limit: limit)
            console.write(format == "json" ? json(results) + "\n" : results.isEmpty ? "no \(category.name) within \(Int(radius)) m\n" : text(results))
        }
    }

    public static func places(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["at", "accuracy", "limit"], help: placesHelp, console: console) { (args, format) throws(CommandError) in
            guard let atText = args["at"], args.positional.isEmpty else { throw .usage("--at LAT,LON is required") }
            let at = try parseCoordinate(atText, option: "--at")
            let accuracy = try positive(args, "accuracy", default: 20.0)
            let limit = try positive(args, "limit", default: 5)
            let geocoder = try openGeocoder(graph: args["graph"], console: console)
            warnIfOutside(at, option: "--at", text: atText, geocoder: geocoder, console: console)
            let results = geocoder.likelyPlaces(at: at, accuracy: accuracy, limit: limit)
            console.write(format == "json" ? json(results) + "\n" : results.isEmpty ? "no POI within reach\n" : text(results))
        }
    }

    /// Parses the options shared by every command and runs `body` with them and the format.
    private static func command(_ words: [String], valued: Set<String>, flags: Set<String> = [], help: String, console: Console,
                                _ body: (Arguments, String) throws(CommandError) -> Void) -> Int32 {
        runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: valued.union(["graph", "format"]))
            try args.allowOnly(flags: flags)
            if args.has("help") {
                console.write(help)
                return
            }
            guard !args.has("strict") || args["batch"] != nil else { throw .usage("--strict applies to --batch only") }
            let format = args["format"] ?? "text"
            guard ["text", "json"].contains(format) else { throw .usage("--format must be text or json, got \"\(format)\"") }
            try body(args, format)
        }
    }

    /// The geocoder of `graph`, or of the default graph. A cached default graph built
    /// before graphs carried a geocoder index is built again.
    public static func openGeocoder(graph: String?, console: Console) throws(CommandError) -> Geocoder {
        let useDefault = graph?.isEmpty ?? true
        let path = useDefault ? try DefaultGraph.path(console: console) : graph!
        do throws(GraphFileError) {
            return try Geocoder(path: path)
        } catch {
            guard useDefault, case .missingSection = error else { throw CommandError(error) }
        }
        try? FileManager.default.removeItem(atPath: path)
        let rebuilt = try DefaultGraph.path(console: console)
        do throws(GraphFileError) {
            return try Geocoder(path: rebuilt)
        } catch {
            throw CommandError(error)
        }
    }

    static func positive<T: LosslessStringConvertible & Comparable & Numeric>(
        _ args: Arguments, _ option: String, default value: T
    ) throws(CommandError) -> T {
        guard let text = args[option] else { return value }
        // The upper bound also turns away "inf" (and "nan" fails both comparisons).
        guard let number = T(text), number > 0, number <= 1_000_000_000 else {
            throw .usage("--\(option) must be a positive number, got \"\(text)\"")
        }
        return number
    }

    /// The lines of a batch file, without the empty line after a final newline.
    public static func readLines(_ path: String) throws(CommandError) -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { throw .file("batch file not found: \(path)") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .file("cannot read batch file \(path) as UTF-8 text")
        }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
