import Foundation
import Testing
import WayfinderCLI
@testable import WayfinderGeocoding
import WayfinderGraph
import WayfinderImport

/// Every POI, named or not: category search by word, raw tag and cuisine, descriptions of
/// unnamed POIs, extra tags and likely places, on a hand-written block of Helsinki.
@Suite struct GeocoderPoiTests {
    static let fixture = PoiFixture.shared
    let here = FixedCoordinate(latitude: 60.1705, longitude: 24.9405)

    func names(_ g: Geocoder, _ phrase: String, radius: Double = 1000) throws -> [String] {
        let query = try #require(g.categoryQuery(phrase), "\(phrase)")
        return g.search(query, near: here, radius: radius, limit: 50).map(\.name).sorted()
    }

    @Test func unnamedAtmIsFoundByWordAndTagAndDescribedByItsAddress() throws {
        let g = try Self.fixture.geocoder()
        for phrase in ["atm", "ATMs", "amenity=atm", "cash machine"] {
            let found = g.search(try #require(g.categoryQuery(phrase)), near: here, radius: 500)
            #expect(found.count == 1, "\(phrase)")
            let atm = try #require(found.first)
            #expect(atm.name == "ATM" && atm.osmId == 101 && atm.street == "Kaivokatu" && atm.housenumber == "1", "\(phrase)")
            #expect(atm.label == "ATM, Kaivokatu 1, 00100 Helsinki")
        }
        // Reverse finds it at its point; a named POI a few metres farther would come first.
        #expect(g.reverse(FixedCoordinate(latitude: 60.17012, longitude: 24.94005)).poi?.osmId == 101)
        #expect(g.reverse(FixedCoordinate(latitude: 60.17015, longitude: 24.93915)).poi?.name == "Sushi and Flowers")
        // Never a forward match of a name it does not have.
        #expect(!g.geocode("ATM").contains { $0.osmId == 101 })
        #expect(g.geocode("Kaivokatu 1").first?.kind == .address)
    }

    @Test func singleTagsByWordPluralAndRawTag() throws {
        let g = try Self.fixture.geocoder()
        for phrase in ["books", "bookshop", "bookshops", "shop=books", "Shop = Books"] {
            #expect(try names(g, phrase) == ["Akateeminen"], "\(phrase)")
        }
        // A value only the data knows, singular or plural.
        #expect(try names(g, "breweries") == ["Brewery"] && names(g, "craft=brewery") == ["Brewery"])
        #expect(try names(g, "benches") == ["Bench"])
        #expect(try names(g, "shop=*").contains("Outside Boutique"))
        // A second POI tag counts as much as the main one.
        #expect(try names(g, "florist") == ["Sushi and Flowers"] && names(g, "shop=florist") == ["Sushi and Flowers"])
    }

    @Test func cuisinesArePreciseAndListsAreSplit() throws {
        let g = try Self.fixture.geocoder()
        #expect(try names(g, "pizza") == ["Pizza Kebab House", "Pizzeria Roma"])
        #expect(try names(g, "pizzas") == ["Pizza Kebab House", "Pizzeria Roma"])
        #expect(try names(g, "cuisine=pizza") == ["Pizza Kebab House", "Pizzeria Roma"])
        #expect(try names(g, "burger") == ["Burger Place"])
        #expect(try names(g, "kebab") == ["Pizza Kebab House"])
        #expect(try names(g, "hostel") == ["Hostel One"])
        #expect(try names(g, "hotels").contains("Hotel Grand"))
    }

    @Test func unknownOnlyWhenVocabularyAndDataHaveNothing() throws {
        let g = try Self.fixture.geocoder()
        #expect(g.categoryQuery("zebra crossing") == nil && g.categoryQuery("foo=bar") == nil && g.categoryQuery("") == nil)
        #expect(g.categoryQuery("sushi")?.cuisine == "sushi")  // in the vocabulary: an empty answer, not an error
        #expect(try names(g, "laundry").isEmpty)
        let console = Console(capturing: true)
        let path = try Self.fixture.path()
        #expect(WayfinderCommand.run(["search", "zebra", "--near", "60.1705,24.9405", "--graph", path], console: console) == 2)
        #expect(WayfinderCommand.run(["search", "shop=books", "--near", "60.1705,24.9405", "--graph", path], console: console) == 0)
        #expect(console.output.contains("Akateeminen"))
    }

    @Test func extraTagsAreKept() throws {
        let g = try Self.fixture.geocoder()
        let roma = try #require(g.geocode("Pizzeria Roma").first)
        #expect(roma.extraTags == [OSMTag("cuisine", "pizza"), OSMTag("opening_hours", "Mo-Su 11:00-22:00"),
                                   OSMTag("wheelchair", "yes"), OSMTag("wikidata", "Q123")])
        #expect(try #require(g.geocode("Akateeminen").first).extraTags.isEmpty)
    }

    @Test func likelyPlacesFavourWhatThePointIsInside() throws {
        let g = try Self.fixture.geocoder()
        let inStore = FixedCoordinate(latitude: 60.17235, longitude: 24.9437)
        let likely = g.likelyPlaces(at: inStore, accuracy: 20)
        #expect(likely.first?.name == "Stockmann" && likely.map(\.name).contains("Café Corner"))
        #expect(likely[0].score > 0.4 && likely.reduce(0) { $0 + $1.score } <= 1)
        // At the café's own point, inside the store, the café comes first.
        let atCafe = g.likelyPlaces(at: FixedCoordinate(latitude: 60.1721, longitude: 24.9431), accuracy: 20)
        #expect(atCafe.map(\.name).prefix(2) == ["Café Corner", "Stockmann"])
        // A vague fix: sensible, non-zero likelihoods of visited places, still summing to at most 1.
        let vague = g.likelyPlaces(at: inStore, accuracy: 1000, limit: 5)
        #expect(vague.count == 5 && vague.allSatisfy { $0.score >= 0.02 } && vague.reduce(0) { $0 + $1.score } <= 1)
        #expect(!vague.contains { $0.name == "Bench" || $0.name == "ATM" })
        #expect(zip(vague, vague.dropFirst()).allSatisfy { $0.score >= $1.score })
    }
}

/// A block of Helsinki: a street with an address, an unnamed ATM by it, a bookshop, food
/// places with cuisines, a hotel and a hostel, a department store building with a café
/// inside and a boutique outside, and unnamed street furniture.
enum PoiFixture {
    static let shared = HandWrittenMap("pois") { xml }
    static var xml: String {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
            + OSMXML.node(1, 60.1700, 24.9380) + OSMXML.node(2, 60.1700, 24.9420) + OSMXML.node(3, 60.1690, 24.9450)
            + OSMXML.node(30, 60.1720, 24.9430) + OSMXML.node(31, 60.1727, 24.9430) + OSMXML.node(32, 60.1727, 24.9444) + OSMXML.node(33, 60.1720, 24.9444)
            + OSMXML.node(40, 60.1800, 24.9500, ["place": "city", "name": "Helsinki"])
            + OSMXML.node(100, 60.17010, 24.9400, ["addr:street": "Kaivokatu", "addr:housenumber": "1", "addr:postcode": "00100"])
            + OSMXML.node(101, 60.17012, 24.94005, ["amenity": "atm"])
            + OSMXML.node(102, 60.1705, 24.9410, ["shop": "books", "name": "Akateeminen"])
            + OSMXML.node(103, 60.1710, 24.9400, ["amenity": "restaurant", "cuisine": "pizza", "name": "Pizzeria Roma", "wikidata": "Q123",
                                           "wheelchair": "yes", "opening_hours": "Mo-Su 11:00-22:00"])
            + OSMXML.node(104, 60.1711, 24.9402, ["amenity": "fast_food", "cuisine": "burger", "name": "Burger Place"])
            + OSMXML.node(105, 60.1712, 24.9404, ["amenity": "fast_food", "cuisine": "kebab; Pizza", "name": "Pizza Kebab House"])
            + OSMXML.node(106, 60.1695, 24.9400, ["tourism": "hotel", "name": "Hotel Grand"])
            + OSMXML.node(107, 60.1694, 24.9404, ["tourism": "hostel", "name": "Hostel One"])
            + OSMXML.node(108, 60.1690, 24.9420, ["amenity": "bench"])
            + OSMXML.node(109, 60.1690, 24.9425, ["craft": "brewery"])
            + OSMXML.node(112, 60.1702, 24.9390, ["amenity": "restaurant", "shop": "florist", "name": "Sushi and Flowers"])
            + OSMXML.node(113, 60.17015, 24.9391, ["amenity": "waste_basket"])
            + OSMXML.node(110, 60.1721, 24.9431, ["amenity": "cafe", "name": "Café Corner"])
            + OSMXML.node(111, 60.1729, 24.9437, ["shop": "clothes", "name": "Outside Boutique"])
            + OSMXML.way(10, [1, 2, 3], ["highway": "residential", "name": "Kaivokatu"])
            + OSMXML.way(20, [30, 31, 32, 33, 30], ["building": "yes", "shop": "department_store", "name": "Stockmann"])
            + "</osm>\n"
    }
}
