import Foundation
import Testing
import WayfinderCLI
@testable import WayfinderGeocoding
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// The geocoder's contract on a hand-written map (every rule, one at a time) and on the
/// Helsinki extract (routes between geocoded ends).
@Suite struct GeocoderTests {
    // MARK: Text folding, typos, categories

    @Test func foldsCaseDiacriticsAndJoiners() {
        #expect(TextFolding.key("Hämeentie") == TextFolding.key("hameentie"))
        #expect(TextFolding.key("São João") == "sao joao")
        #expect(TextFolding.key("Straße") == "strasse")
        #expect(TextFolding.key("McDonald’s") == "mcdonalds")
        #expect(TextFolding.key("Col·legi Sant Ermengol") == "collegi sant ermengol")
        #expect(TextFolding.key("Rua D. João I, 4000-208 PORTO") == "rua d joao i 4000 208 porto")
        #expect(TextFolding.key("Ærø Łódź Øst") == "aero lodz ost")
        #expect(TextFolding.key("Μύκονος Москва") == "μυκονος москва")
        #expect(TextFolding.tokens("  ,, ").isEmpty)
    }

    @Test func boundedEditDistance() {
        func distance(_ a: String, _ b: String, _ limit: Int) -> Int {
            Array(a.utf8).withUnsafeBufferPointer { x in Array(b.utf8).withUnsafeBufferPointer { TextFolding.editDistance(x, $0, limit: limit) } }
        }
        #expect(distance("pousada", "pousda", 2) == 1)
        #expect(distance("joao", "jaoo", 1) == 1)  // a transposition is one edit
        #expect(distance("kitten", "sitting", 3) == 3)
        #expect(distance("kitten", "sitting", 2) == 3)  // over the limit: limit + 1
        #expect(distance("abc", "abc", 0) == 0)
        #expect(TextFolding.allowedEdits(length: 3) == 0 && TextFolding.allowedEdits(length: 7) == 1 && TextFolding.allowedEdits(length: 8) == 2)
    }

    @Test func categoriesUnderstandPluralsAndSynonyms() throws {
        #expect(Categories.all.count >= 25)
        func name(_ phrase: String) -> String? { Categories.category(matching: phrase)?.name }
        #expect(name("cafes") == "cafe" && name("Coffee Shops") == "cafe" && name("café") == "cafe")
        #expect(name("restaurants") == "restaurant" && name("pharmacies") == "pharmacy" && name("chemist") == "pharmacy")
        #expect(name("ATMs") == "atm" && name("bus stops") == "bus stop" && name("petrol station") == "fuel")
        #expect(name("churches") == "place of worship" && name("hotels") == "hotel" && name("accommodation") == "hotel")
        #expect(name("pharmcy") == "pharmacy")  // one typo
        #expect(name("zebra crossing") == nil && name("") == nil)
        let cafe = try #require(Categories.category(matching: "cafe"))
        #expect(Categories.id(key: "amenity", value: "cafe") == cafe.id)
        #expect(Categories.category(id: Categories.id(key: "shop", value: "bakery"))?.name == "bakery")
        #expect(Categories.category(id: Categories.id(key: "shop", value: "anything"))?.name == "shop")
        #expect(Categories.id(key: "amenity", value: "bench") == 0)
    }

    // MARK: The hand-written map

    @Test func findsAddressesInAnyOrderWithPostcodeCityAndTypos() throws {
        let g = try GeocoderFixture.shared.geocoder()
        for text in ["Rua de São João 12", "12 rua de sao joao", "RUA DE SAO JOAO 12, 4000-123 Porto", "Rua de Sao Jaoo 12",
                     "rua de sao joao 12 porto"] {
            let top = try #require(g.geocode(text).first, "\(text)")
            #expect(top.kind == .address && top.housenumber == "12" && top.street == "Rua de São João", "\(text)")
            #expect(top.postcode == "4000-123" && top.city == "Porto" && top.osmType == .node && top.osmId == 100, "\(text)")
        }
        // A building's address, by the mean of its nodes.
        let building = try #require(g.geocode("Avnida Central 7").first)
        #expect(building.kind == .address && building.osmType == .way && building.osmId == 14)
        #expect(Geo.distance(building.location, GeocoderFixture.at(41.14982, -8.6085)) < 2)
        // No city tagged: the nearest town's.
        #expect(g.geocode("Avenida Central 5").first?.city == "Porto")
        #expect(g.geocode("Avenida Central 5, Porto").first?.housenumber == "5")
    }

    @Test func mergesStreetPiecesAndFavoursTheFocus() throws {
        let g = try GeocoderFixture.shared.geocoder()
        let streets = g.geocode("Rua de São João", limit: 10).filter { $0.kind == .street }
        #expect(streets.count == 2)  // two touching pieces merged; the piece 3 km away stays apart
        #expect(g.geocode("Rua de São João").first?.kind == .street)
        let far = GeocoderFixture.at(41.18, -8.6095)
        let near = try #require(g.geocode("Rua de São João", near: far).first)
        #expect(near.kind == .street && Geo.distance(near.location, far) < 100 && near.distance! < 100)
        // Typing: the last word is a prefix.
        #expect(g.geocode("Rua de São Jo").first?.name == "Rua de São João")
        #expect(g.geocode("Avenida Cent").first?.name == "Avenida Central")
        #expect(g.geocode("xyzzy plugh").isEmpty)
    }

    @Test func findsPOIsAndPlacesWithTheirDetails() throws {
        let g = try GeocoderFixture.shared.geocoder()
        let cafe = try #require(g.geocode("cafe central").first)
        #expect(cafe.kind == .poi && cafe.category == "cafe" && cafe.type == "amenity=cafe" && cafe.osmId == 103)
        #expect(cafe.phone == "+351 222 000 000" && cafe.website == "https://cafe.example" && cafe.openingHours == "Mo-Fr 08:00-18:00")
        #expect(cafe.street == "Avenida Central" && cafe.housenumber == "9")
        // The cafe's address is an address too.
        #expect(g.geocode("Avenida Central 9").first?.kind == .address)
        let place = try #require(g.geocode("Porto").first)
        #expect(place.kind == .place && place.category == "city")
        // A boundary with no place node: placed at the box of its member ways.
        let boundary = try #require(g.geocode("Bairro Alto").first)
        #expect(boundary.kind == .place && boundary.osmType == .relation && boundary.osmId == 1)
        #expect(Geo.distance(boundary.location, GeocoderFixture.at(41.1605, -8.6005)) < 5)
    }

    @Test func reverseGivesTheAddressTheStreetOrNothing() throws {
        let g = try GeocoderFixture.shared.geocoder()
        let atHouse = g.reverse(GeocoderFixture.at(41.15010, -8.6095))
        #expect(atHouse.best?.kind == .address && atHouse.best?.housenumber == "12" && atHouse.street?.name == "Rua de São João")
        // On the road far from any house: the street alone.
        let onRoad = g.reverse(GeocoderFixture.at(41.1500, -8.6082))
        #expect(onRoad.best?.kind == .street && onRoad.best?.name == "Rua de São João" && onRoad.address == nil)
        let atCafe = g.reverse(GeocoderFixture.at(41.14983, -8.6090))
        #expect(atCafe.poi?.name == "Café Central" && atCafe.best?.housenumber == "9")
        #expect(g.reverse(GeocoderFixture.at(41.3, -8.3)).best == nil)
        #expect(g.reverse(FixedCoordinate(latitude: -80, longitude: 170)).best == nil)
    }

    @Test func searchesCategoriesAndLikelyPlaces() throws {
        let g = try GeocoderFixture.shared.geocoder()
        let here = GeocoderFixture.at(41.1500, -8.6090)
        let cafes = g.search(Categories.category(matching: "cafes")!, near: here, radius: 500)
        #expect(cafes.map(\.name) == ["Café Central"] && cafes[0].distance! > 15 && cafes[0].distance! < 25)
        #expect(g.search(Categories.category(matching: "cafes")!, near: here, radius: 10).isEmpty)
        #expect(g.search(Categories.category(matching: "pharmacy")!, near: here, radius: 500).first?.name == "Farmácia Lopes")
        let likely = g.likelyPlaces(at: GeocoderFixture.at(41.14983, -8.6090), accuracy: 20)
        #expect(likely.first?.name == "Café Central")
        #expect(likely.reduce(0) { $0 + $1.score } <= 1)
        #expect(zip(likely, likely.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(g.likelyPlaces(at: GeocoderFixture.at(41.3, -8.3)).isEmpty)
    }

    // MARK: Command line and route ends

    func wayfinder(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    @Test func geocodeCommandPrintsTheDocumentedJSON() throws {
        let graph = try GeocoderFixture.shared.path()
        let r = wayfinder(["geocode", "Rua de São João 12", "--graph", graph, "--format", "json", "--near", "41.15,-8.61", "--limit", "3"])
        #expect(r.code == 0, "\(r.err)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
        let top = try #require(results.first)
        for key in ["lat", "lon", "name", "kind", "category", "address", "osm_type", "osm_id", "score", "distance_m"] {
            #expect(top[key] != nil, "missing \(key)")
        }
        let address = try #require(top["address"] as? [String: Any])
        #expect(address["housenumber"] as? String == "12" && address["street"] as? String == "Rua de São João")
        #expect(address["postcode"] as? String == "4000-123" && address["city"] as? String == "Porto")
        #expect(top["osm_type"] as? String == "node" && top["osm_id"] as? Int == 100 && top["kind"] as? String == "address")
        #expect(results.count <= 3)
        let text = wayfinder(["geocode", "cafe central", "--graph", graph])
        #expect(text.code == 0 && text.out.contains("Café Central") && text.out.contains("node 103"))
    }

    @Test func batchFormsAnswerEveryLineInOrder() throws {
        let graph = try GeocoderFixture.shared.path(), dir = temporaryDirectory()
        try "Rua de São João 14\n\nxyzzy plugh\nPorto\n".write(toFile: "\(dir)/q.txt", atomically: true, encoding: .utf8)
        let forward = wayfinder(["geocode", "--batch", "\(dir)/q.txt", "--graph", graph, "--limit", "1"])
        // The empty line 2 is an empty query: bad input, answered in its place (BatchTests).
        #expect(forward.code == ExitCode.partialBatch.rawValue, "\(forward.err)")
        let lines = forward.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)
        #expect(lines[0].contains("\"housenumber\":\"14\"") && lines[1].hasPrefix("{\"line\":2,\"code\":\"BadInput\"")
                && lines[2] == "[]" && lines[3].contains("\"kind\":\"place\""))
        try "lat,lon\n41.15010,-8.6095\n41.3,-8.3\n".write(toFile: "\(dir)/p.csv", atomically: true, encoding: .utf8)
        let reverse = wayfinder(["reverse", "--batch", "\(dir)/p.csv", "--graph", graph])
        #expect(reverse.code == 0, "\(reverse.err)")
        let objects = reverse.out.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 2 && (objects[0]?["address"] as? [String: Any])?["housenumber"] as? String == "12" && objects[1]?.isEmpty == true)
        try "41.15,-8.61\n91,0\n".write(toFile: "\(dir)/bad.csv", atomically: true, encoding: .utf8)
        let bad = wayfinder(["reverse", "--batch", "\(dir)/bad.csv", "--graph", graph, "--strict"])
        #expect(bad.code == ExitCode.badInput.rawValue && bad.out.isEmpty && bad.err.contains("bad.csv:2"))
    }

    @Test func searchPlacesAndErrorsHaveTheirExitCodes() throws {
        let graph = try GeocoderFixture.shared.path()
        let search = wayfinder(["search", "cafes", "--near", "41.15,-8.609", "--radius", "300", "--graph", graph, "--format", "json"])
        #expect(search.code == 0 && search.out.contains("\"distance_m\":"), "\(search.err)")
        // JSON output is ASCII (non-ASCII escaped as \uXXXX): decode it to read the names.
        let found = try #require(try JSONSerialization.jsonObject(with: Data(search.out.utf8)) as? [[String: Any]])
        #expect(found.contains { $0["name"] as? String == "Café Central" })
        let places = wayfinder(["places", "--at", "41.14983,-8.6090", "--accuracy", "15", "--graph", graph, "--format", "json"])
        #expect(places.code == 0 && places.out.hasPrefix("[{") && places.out.contains("\"score\":"), "\(places.err)")
        #expect(wayfinder(["reverse", "41.15010,-8.6095", "--graph", graph]).out.contains("Rua de São João 12"))
        #expect(wayfinder(["geocode", "xyzzy plugh", "--graph", graph]).code == ExitCode.placeNotFound.rawValue)
        #expect(wayfinder(["reverse", "41.3,-8.3", "--graph", graph]).code == ExitCode.placeNotFound.rawValue)
        #expect(wayfinder(["search", "zebras", "--near", "41.15,-8.61", "--graph", graph]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["search", "cafe", "--graph", graph]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["places", "--at", "41.15,-8.61", "--accuracy", "-3", "--graph", graph]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["geocode", "x", "--limit", "0", "--graph", graph]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["reverse", "91,0", "--graph", graph]).code == ExitCode.badInput.rawValue)
        #expect(wayfinder(["geocode", "Porto", "--graph", "/nonexistent.wfg"]).code == ExitCode.fileError.rawValue)
        for command in ["geocode", "reverse", "search", "places"] {
            let help = wayfinder([command, "--help"])
            #expect(help.code == 0 && help.out.contains("\n  6  "), "\(command)")
        }
    }

    @Test func routeEndsAreCoordinatesOrGeocodedText() throws {
        let g = try GeocoderFixture.shared.geocoder()
        func resolve(_ text: String) throws(CommandError) -> ResolvedEndpoint {
            try resolveEndpoint(text, option: "--from", geocoder: { () throws(CommandError) in g })
        }
        let coordinate = try resolve("41.15, -8.61")
        #expect(coordinate.place == nil && coordinate.coordinate == FixedCoordinate(latitude: 41.15, longitude: -8.61))
        #expect(coordinate.description == "coordinate 41.150000,-8.610000")
        let address = try resolve("Rua de São João 12")
        #expect(address.place?.osmId == 100 && address.coordinate == address.place?.location)
        #expect(address.description.contains("Rua de São João 12") && address.description.contains("(address, node 100) at 41.15"))
        for (text, code) in [("xyzzy plugh", ExitCode.placeNotFound), ("abc,def", .placeNotFound), ("42.5", .badInput),
                             ("42.5,nan", .badInput), ("91,1.5", .badInput), ("42.5,1.5,3", .badInput)] {
            #expect(throws: CommandError.self, "\(text)") { try resolve(text) }
            do { _ = try resolve(text) } catch { #expect(error.exitCode == code, "\(text)") }
        }
        // Coordinates never open the index.
        _ = try resolveEndpoint("1,2", option: "--to", geocoder: { () throws(CommandError) in throw .file("opened") })
    }

    @Test func helsinkiRouteBetweenAnAddressAndADistrict() throws {
        let path = try ExtractGraphs.shared.path("helsinki")
        let open = { () throws(CommandError) in try GeocodeCommands.openGeocoder(graph: path, console: Console(capturing: true)) }
        let from = try resolveEndpoint("Mannerheimintie 5, Helsinki", option: "--from", geocoder: open)
        let to = try resolveEndpoint("Kamppi", option: "--to", near: from.coordinate, geocoder: open)
        #expect(from.place?.kind == .address && from.place?.housenumber == "5" && from.place?.street == "Mannerheimintie")
        #expect(to.place?.kind == .place && to.place?.name == "Kamppi" && to.place?.osmType == .relation)
        let route = try Router(graph: RoutingGraph(path: path, mode: .walking)).route(from: from.coordinate, to: to.coordinate)
        #expect(route.duration > 60 && route.duration < 1800)
    }
}

/// A small map with every kind of item, built once per test run.
enum GeocoderFixture {
    static let shared = HandWrittenMap("map") { xml }

    static func at(_ lat: Double, _ lon: Double) -> FixedCoordinate { FixedCoordinate(latitude: lat, longitude: lon) }

    static var xml: String {
        let sjoao = ["highway": "residential", "name": "Rua de São João"]
        let square = [(41.14985, -8.60853), (41.14985, -8.60847), (41.14979, -8.60847), (41.14979, -8.60853)]
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
            + OSMXML.node(1, 41.1500, -8.6100) + OSMXML.node(2, 41.1500, -8.6090) + OSMXML.node(3, 41.1500, -8.6080)
            + OSMXML.node(4, 41.1800, -8.6100) + OSMXML.node(5, 41.1800, -8.6090) + OSMXML.node(6, 41.1490, -8.6100) + OSMXML.node(7, 41.1490, -8.6080)
            + square.enumerated().map { OSMXML.node(20 + $0.offset, $0.element.0, $0.element.1) }.joined()
            + OSMXML.node(30, 41.160, -8.601) + OSMXML.node(31, 41.161, -8.601) + OSMXML.node(32, 41.161, -8.600) + OSMXML.node(33, 41.160, -8.600)
            + OSMXML.node(100, 41.15008, -8.6095, ["addr:street": "Rua de São João", "addr:housenumber": "12",
                                            "addr:postcode": "4000-123", "addr:city": "Porto"])
            + OSMXML.node(101, 41.15008, -8.6092, ["addr:street": "Rua de São João", "addr:housenumber": "14"])
            + OSMXML.node(102, 41.14982, -8.6095, ["addr:street": "Avenida Central", "addr:housenumber": "5"])
            + OSMXML.node(103, 41.14982, -8.6090, ["amenity": "cafe", "name": "Café Central", "phone": "+351 222 000 000",
                                            "website": "https://cafe.example", "opening_hours": "Mo-Fr 08:00-18:00",
                                            "addr:street": "Avenida Central", "addr:housenumber": "9"])
            + OSMXML.node(104, 41.1502, -8.6085, ["amenity": "pharmacy", "name": "Farmácia Lopes"])
            + OSMXML.node(105, 41.1495, -8.6110, ["place": "city", "name": "Porto"])
            + OSMXML.way(10, [1, 2], sjoao) + OSMXML.way(11, [2, 3], sjoao) + OSMXML.way(12, [4, 5], sjoao)
            + OSMXML.way(13, [6, 7], ["highway": "tertiary", "name": "Avenida Central"])
            + OSMXML.way(14, [20, 21, 22, 23, 20], ["building": "yes", "addr:street": "Avenida Central", "addr:housenumber": "7"])
            + OSMXML.way(15, [30, 31, 32], [:]) + OSMXML.way(16, [32, 33, 30], [:])
            + "<relation id=\"1\" version=\"1\"><member type=\"way\" ref=\"15\" role=\"outer\"/><member type=\"way\" ref=\"16\" role=\"outer\"/>"
            + OSMXML.tags(["type": "boundary", "boundary": "administrative", "admin_level": "10", "name": "Bairro Alto"]) + "</relation>\n"
            + "</osm>\n"
    }
}
