import Foundation
import WayfinderGeocoding
import WayfinderGraph

/// `wayfinder geocode|reverse|search|places`: the geocoder index of a graph file from the
/// command line, as text or JSON.
public enum GeocodeCommands {
    /// The options every geocoder command has.
    static let commonOptions = """
      --graph GRAPH      graph file made by `wayfinder build` (default: the cached default graph,
                         built from data/\(DefaultGraph.extract) on first use)
      --format FORMAT    text (default) or json
    """

    /// What every geocoder command's JSON holds, and how coordinates outside the graph are told.
    static let commonNotes = """
    JSON results carry lat, lon, name, kind (address, poi, street, place), category,
    address {housenumber, street, postcode, city}, osm_type, osm_id, score, distance_m (when a
    point was given), and label, type, phone, website, opening_hours and extratags (wikidata,
    cuisine, wheelchair… as Nominatim's extratags) where known, and areas {country, country_code,
    state, county, city, suburb, postcode}: those the boundaries give. An unnamed POI's name is its
    kind ("ATM"), its label adds the address ("ATM, Kaivokatu 1, 00100 Helsinki"). Text: one
    line a result, with its coordinate and the distance from the given point to that coordinate.

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

    static let partialBatchCode: (code: ExitCode, meaning: String) =
        (.partialBatch, "--batch: every line answered, but some were bad input (BadInput objects; messages on stderr)")

    static let graphCode: (code: ExitCode, meaning: String) =
        (.fileError, "missing, unreadable or corrupt graph file, a graph of another format version,\nor a graph without a geocoder index")

    public static let geocodeHelp = HelpPage(
        usage: ["wayfinder geocode TEXT [--near LAT,LON] [--limit N] [--graph GRAPH] [--format text|json]",
                "wayfinder geocode --text TEXT [options]",
                "wayfinder geocode --batch FILE [--strict] [--near LAT,LON] [--limit N] [--graph GRAPH]"],
        summary: """
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
        """,
        options: """
          TEXT, --text TEXT  what to look up (quote it); --text also takes a text starting with "-"
          --near LAT,LON     favour results near this point (text: distances from it)
          --limit N          at most N results (default 5)
          --batch FILE       one query per line; prints one JSON array per line
          --strict           --batch: all or nothing (exit 2 at the first bad line, no output)
        \(commonOptions)
        """,
        notes: batchHelp + "\n\n" + commonNotes,
        exitCodes: [(.ok, "found (--batch: every line answered, found or not, none bad)"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option, empty TEXT, malformed --near or number,\nbad batch line with --strict"),
                    graphCode,
                    (.placeNotFound, "nothing found: no address, place or POI matches the text"),
                    partialBatchCode],
        examples: ["wayfinder geocode \"Senate Square\" --graph helsinki.wfg",
                   "wayfinder geocode aleksanterinkatu --near 60.1699,24.9384 --limit 3 --graph helsinki.wfg --format json",
                   "wayfinder geocode --batch data/examples/helsinki-queries.txt --graph helsinki.wfg"])

    public static let reverseHelp = HelpPage(
        usage: ["wayfinder reverse LAT,LON [--graph GRAPH] [--format text|json]",
                "wayfinder reverse --at LAT,LON [--graph GRAPH] [--format text|json]",
                "wayfinder reverse --batch FILE [--strict] [--graph GRAPH]"],
        summary: """
        The nearest address (within \(Int(Geocoder.addressRadius)) m), else the nearest street (within \
        \(Int(Geocoder.streetRadius)) m), and the POI at the point (within \(Int(Geocoder.poiRadius)) m, as "poi").
        A street is printed with its point nearest LAT,LON (JSON: the street's own point, and
        distance_m to the street's line).
        --batch reads CSV rows LAT,LON (a header on line 1 optional, blank lines skipped) and prints
        one JSON object per row ({} when nothing is near); a malformed or out-of-range row is
        answered {"line":N,"code":"BadInput","message":"…"}.
        """,
        options: """
          LAT,LON, --at LAT,LON  the point (decimal degrees, latitude first)
          --batch FILE       LAT,LON per line (a header line is skipped); one JSON object per line
          --strict           --batch: all or nothing (exit 2 at the first bad line, no output)
        \(commonOptions)
        """,
        notes: batchHelp + "\n\n" + commonNotes,
        exitCodes: [(.ok, "an address or street found (--batch: every line answered, found or not, none bad)"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option, malformed or out-of-range coordinate,\nbad batch line with --strict"),
                    graphCode,
                    (.placeNotFound, "no address or street within \(Int(Geocoder.streetRadius)) m of the point"),
                    partialBatchCode],
        examples: ["wayfinder reverse 60.1699,24.9384 --graph helsinki.wfg",
                   "wayfinder reverse --at 43.7384,7.4246 --graph monaco.wfg --format json",
                   "wayfinder reverse --batch data/examples/helsinki-points.csv --graph helsinki.wfg"])

    public static let searchHelp = HelpPage(
        usage: ["wayfinder search CATEGORY --near LAT,LON [--radius M] [--limit N] [--graph GRAPH] [--format text|json]"],
        summary: """
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
        """,
        options: """
          CATEGORY           what to look for (several words are one phrase)
          --near LAT,LON     centre of the search (required)
          --radius M         metres (default 1000)
          --limit N          at most N results (default 10)
        \(commonOptions)
        """,
        notes: commonNotes,
        exitCodes: [(.ok, "answered, also when nothing of the category is near"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option or category, missing --near, malformed coordinate or number"),
                    graphCode],
        examples: ["wayfinder search cafe --near 60.1699,24.9384 --radius 500 --graph helsinki.wfg",
                   "wayfinder search amenity=atm --near 60.1699,24.9384 --graph helsinki.wfg --format json",
                   "wayfinder search pizza --near 43.7384,7.4246 --graph monaco.wfg"])

    public static let placesHelp = HelpPage(
        usage: ["wayfinder places LAT,LON [--accuracy M] [--limit N] [--graph GRAPH] [--format text|json]",
                "wayfinder places --at LAT,LON [options]"],
        summary: """
        The POIs a device at LAT,LON (located to within --accuracy metres) is most likely at,
        with likelihoods (in score) that sum to at most 1: the rest is the chance of being at
        none of them. Being inside a POI's area or building, and places people visit (shops,
        restaurants over benches), count most; a wider accuracy spreads the likelihood over the
        \(Geocoder.fieldSize) most likely places around the point.
        """,
        options: """
          LAT,LON, --at LAT,LON  the device's location (decimal degrees, latitude first)
          --accuracy M       radius of the location's uncertainty in metres (default 20)
          --limit N          at most N results (default 5)
        \(commonOptions)
        """,
        notes: commonNotes,
        exitCodes: [(.ok, "answered, also when no POI is within reach"), HelpPage.internalError,
                    (.badInput, "bad input: unknown option, missing or malformed coordinate, bad number"),
                    graphCode],
        examples: ["wayfinder places 60.1699,24.9384 --accuracy 30 --graph helsinki.wfg",
                   "wayfinder places --at 43.7311,7.4197 --graph monaco.wfg --format json"])

    public static func geocode(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["near", "limit", "batch", "text"], flags: ["strict"], help: geocodeHelp,
                console: console) { (args, format) throws(CommandError) in
            let near = try args["near"].map { text throws(CommandError) in try parseCoordinate(text, option: "--near") }
            let limit = try positive(args, "limit", default: 5)
            if let batch = args["batch"] {
                guard args["text"] == nil else { throw .usage("give --text TEXT or --batch FILE, not both; see wayfinder geocode --help") }
                try geocodeBatch(args, path: batch, near: near, limit: limit, console: console)
                return
            }
            let text = try one(args, option: "text", what: "TEXT to look up (quote it) or --batch FILE; see wayfinder geocode --help")
            guard !text.allSatisfy(\.isWhitespace) else { throw .badInput("TEXT is empty: give an address, place or POI name to look up") }
            let geocoder = try openGeocoder(graph: args["graph"], console: console)
            if let near { warnIfOutside(near, option: "--near", text: args["near"]!, geocoder: geocoder, console: console) }
            let answer = geocoder.lookup(text, near: near, limit: limit)
            if format == "json" { console.write(json(answer.results) + "\n") }
            guard !answer.results.isEmpty else { throw .placeNotFound(notFound(text, answer)) }
            if format == "text" { console.write(self.text(answer.results, from: "from --near")) }
        }
    }

    public static func reverse(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["batch", "at"], flags: ["strict"], help: reverseHelp, console: console) { (args, format) throws(CommandError) in
            if let batch = args["batch"] {
                guard args["at"] == nil else { throw .usage("give --at LAT,LON or --batch FILE, not both; see wayfinder reverse --help") }
                try reverseBatch(args, path: batch, console: console)
                return
            }
            let pointText = try one(args, option: "at", what: "LAT,LON (or --at LAT,LON) or --batch FILE; see wayfinder reverse --help")
            let point = try parseCoordinate(pointText, option: args["at"] == nil ? "LAT,LON" : "--at")
            let geocoder = try openGeocoder(graph: args["graph"], console: console)
            let answer = geocoder.reverse(point)
            if format == "json" { console.write(json(answer) + "\n") }
            guard answer.best != nil else {
                let hint = self.hint(point, geocoder: geocoder).map { "; " + $0 } ?? ""
                throw .placeNotFound("no address or street within \(Int(Geocoder.streetRadius)) m of \(pointText)\(hint)")
            }
            if format == "text" { console.write(text(answer)) }
        }
    }

    public static func search(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["near", "radius", "limit"], help: searchHelp, console: console) { (args, format) throws(CommandError) in
            guard !args.positional.isEmpty else { throw .usage("give a CATEGORY, e.g. cafe; see wayfinder search --help") }
            let phrase = args.positional.joined(separator: " ")
            guard let nearText = args["near"] else { throw .usage("--near LAT,LON is required; see wayfinder search --help") }
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
            console.write(format == "json" ? json(results) + "\n"
                          : results.isEmpty ? "no \(category.name) within \(Int(radius)) m\n" : text(results, from: "away"))
        }
    }

    public static func places(_ words: [String], console: Console = Console()) -> Int32 {
        command(words, valued: ["at", "accuracy", "limit"], help: placesHelp, console: console) { (args, format) throws(CommandError) in
            let atText = try one(args, option: "at", what: "LAT,LON (or --at LAT,LON); see wayfinder places --help")
            let option = args["at"] == nil ? "LAT,LON" : "--at"
            let at = try parseCoordinate(atText, option: option)
            let accuracy = try positive(args, "accuracy", default: 20.0)
            let limit = try positive(args, "limit", default: 5)
            let geocoder = try openGeocoder(graph: args["graph"], console: console)
            warnIfOutside(at, option: option, text: atText, geocoder: geocoder, console: console)
            let results = geocoder.likelyPlaces(at: at, accuracy: accuracy, limit: limit)
            console.write(format == "json" ? json(results) + "\n" : results.isEmpty ? "no POI within reach\n" : text(results, from: "away"))
        }
    }

    /// The one value given either as the positional word or as `--option`: both forms of
    /// the same thing, so `places LAT,LON` and `places --at LAT,LON` are one command.
    static func one(_ args: Arguments, option: String, what: String) throws(CommandError) -> String {
        switch (args.positional.count, args[option]) {
        case (1, nil): return args.positional[0]
        case (0, let value?): return value
        case (0, nil): throw .usage("give " + what)
        case (_, nil): throw .usage("give one " + what + " (got \(args.positional.count) words: quote a text with spaces)")
        default: throw .usage("give --\(option) or the positional value, not both")
        }
    }

    /// Parses the options shared by every command and runs `body` with them and the format;
    /// `-h`, `--help` and `--version` are answered before anything else.
    private static func command(_ words: [String], valued: Set<String>, flags: Set<String> = [], help: HelpPage, console: Console,
                                _ body: (Arguments, String) throws(CommandError) -> Void) -> Int32 {
        if let code = help.answer(words, console: console) { return code }
        return runCommand(console) { () throws(CommandError) in
            let args = try Arguments(words, valued: valued.union(["graph", "format"]))
            try args.allowOnly(flags: flags)
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
        let path = useDefault ? try GraphArgument.defaultPath(console: console) : graph!
        do throws(GraphFileError) {
            return try Geocoder(path: path)
        } catch {
            guard useDefault, case .missingSection = error else { throw CommandError(error) }
        }
        try? FileManager.default.removeItem(atPath: path)
        let rebuilt = try GraphArgument.defaultPath(console: console)
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
        var lines = try CoordinateCSV.lines(path, what: "batch file").map(String.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
