import Foundation
import Testing
import WayfinderCLI
@testable import WayfinderGeocoding
import WayfinderGraph
import WayfinderImport

/// Issue 16's honesty rules on a hand-written map: a confidence with a meaning, "not
/// found" below the threshold (with suggestions, never a silent substitute), exact house
/// numbers, and names in other languages.
@Suite struct GeocoderConfidenceTests {
    static let map = ConfidenceMap.shared

    @Test func exactQueriesScoreOneAndATypoLess() throws {
        let g = try Self.map.geocoder()
        let exact = try #require(g.geocode("Tuomiokirkko").first)
        #expect(exact.name == "Tuomiokirkko" && exact.score == 1)
        let typo = try #require(g.geocode("Tuomiokirko").first)
        #expect(typo.name == "Tuomiokirkko" && typo.score >= Geocoder.minimumConfidence && typo.score < 0.9)
    }

    @Test func absentNamesAreNotFoundButSuggested() throws {
        let g = try Self.map.geocoder()
        // "musica" is in no name: "Casa da Câmara" explains only the common words.
        let answer = g.lookup("Casa da Musica")
        #expect(answer.results.isEmpty)
        #expect(answer.suggestions.first?.name == "Casa da Câmara")
        #expect(answer.suggestions.allSatisfy { $0.score < Geocoder.minimumConfidence })
        #expect(g.geocode("Cais da Ribeira 18").isEmpty)
        // The city alone does not answer "Helsinki Opera".
        #expect(g.geocode("Helsinki Opera").isEmpty)
    }

    @Test func houseNumbersMatchExactly() throws {
        let g = try Self.map.geocoder()
        let found = try #require(g.geocode("Esplanadi 24").first)
        #expect(found.kind == .address && found.housenumber == "24" && found.score == 1 && found.missingHousenumber == nil)
        // No number 2: the street, marked, never number 24.
        let missing = g.geocode("Esplanadi 2")
        #expect(missing.first?.kind == .street && missing.first?.name == "Esplanadi" && missing.first?.missingHousenumber == "2")
        #expect(!missing.contains { $0.housenumber == "24" })
        // A number typed last is not a prefix while typing either.
        #expect(g.geocode("Esplanadi 2").allSatisfy { $0.kind != .address })
    }

    @Test func otherNamesAreSearchedAndKept() throws {
        let g = try Self.map.geocoder()
        for text in ["Helsinki Cathedral", "Nikolainkirkko", "Storkyrkan"] {
            #expect(g.geocode(text).first?.name == "Tuomiokirkko", "\(text)")
        }
        let cathedral = try #require(g.geocode("Tuomiokirkko").first)
        #expect(cathedral.names == [OSMTag("name:en", "Helsinki Cathedral"), OSMTag("name:sv", "Storkyrkan"),
                                    OSMTag("old_name", "Nikolainkirkko")])
        // An address is found by its street's name in another language.
        let address = try #require(g.geocode("Esplanaden 24").first)
        #expect(address.kind == .address && address.street == "Esplanadi" && address.housenumber == "24")
        // Both explain every word, but the result named so by its own name comes first.
        let own = g.geocode("Rua de Santa Catarina 68")
        #expect(own.first?.street == "Rua de Santa Catarina" && own.first?.housenumber == "68")
        #expect(own.contains { $0.street == "Rua das Flores" && $0.score == 1 })
    }

    @Test func theKindOfPlaceExplainsAWord() throws {
        let g = try Self.map.geocoder()
        // "railway" is in no name, but the station is a railway station.
        let station = try #require(g.geocode("Central Railway Station").first)
        #expect(station.name == "Päärautatieasema" && station.score >= 0.9)
        #expect(g.geocode("Tuomiokirkko church").first?.name == "Tuomiokirkko")
    }

    @Test func commandLineSaysNotFoundAndRouteEndsRefuseGuesses() throws {
        let path = try Self.map.path()
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(["geocode", "Casa da Musica", "--graph", path], console: console)
        #expect(code == ExitCode.placeNotFound.rawValue)
        #expect(console.errors.contains("did you mean \"Casa da Câmara") && console.output.isEmpty)
        let json = Console(capturing: true)
        #expect(WayfinderCommand.run(["geocode", "Casa da Musica", "--graph", path, "--format", "json"], console: json) == ExitCode.placeNotFound.rawValue)
        #expect(json.output == "[]\n")
        let marked = Console(capturing: true)
        #expect(WayfinderCommand.run(["geocode", "Esplanadi 2", "--graph", path, "--format", "json"], console: marked) == 0)
        #expect(marked.output.contains("\"housenumber_not_found\":\"2\""))
        let g = try Self.map.geocoder()
        for (text, message) in [("Esplanadi 2", "has no house number 2"), ("Casa da Musica", "did you mean")] {
            do {
                _ = try resolveEndpoint(text, option: "--from", geocoder: { () throws(CommandError) in g })
                Issue.record("\(text) resolved")
            } catch {
                #expect(error.exitCode == .placeNotFound && error.description.contains(message), "\(error.description)")
            }
        }
    }
}

/// Streets, addresses, POIs and a city, with names in other languages.
enum ConfidenceMap {
    static let shared = HandWrittenMap("confidence") { xml }
    static var xml: String {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
            + OSMXML.node(1, 60.1670, 24.9400) + OSMXML.node(2, 60.1670, 24.9450) + OSMXML.node(3, 60.1690, 24.9400) + OSMXML.node(4, 60.1690, 24.9450)
            + OSMXML.node(100, 60.16705, 24.9420, ["addr:street": "Esplanadi", "addr:housenumber": "24"])
            + OSMXML.node(101, 60.16705, 24.9440, ["addr:street": "Esplanadi", "addr:housenumber": "3"])
            + OSMXML.node(102, 60.1692, 24.9410, ["addr:street": "Kaivokatu", "addr:housenumber": "18"])
            + OSMXML.node(103, 60.1700, 24.9520, ["amenity": "place_of_worship", "name": "Tuomiokirkko", "name:en": "Helsinki Cathedral",
                                            "name:sv": "Storkyrkan", "old_name": "Nikolainkirkko", "name:etymology:wikidata": "Q1"])
            + OSMXML.node(104, 60.1712, 24.9412, ["railway": "station", "name": "Päärautatieasema", "name:en": "Central Station"])
            + OSMXML.node(105, 60.1680, 24.9430, ["amenity": "townhall", "name": "Casa da Câmara"])
            + OSMXML.node(106, 60.1675, 24.9380, ["place": "city", "name": "Helsinki"])
            + OSMXML.node(107, 60.1681, 24.9460, ["shop": "books", "name": "Casa do Livro"])
            + OSMXML.way(10, [1, 2], ["highway": "secondary", "name": "Esplanadi", "name:sv": "Esplanaden"])
            + OSMXML.way(11, [3, 4], ["highway": "residential", "name": "Kaivokatu"])
            + OSMXML.node(5, 60.1660, 24.9400) + OSMXML.node(6, 60.1660, 24.9450) + OSMXML.node(7, 60.1650, 24.9400) + OSMXML.node(8, 60.1650, 24.9450)
            + OSMXML.way(12, [5, 6], ["highway": "residential", "name": "Rua das Flores", "official_name": "Rua de Santa Catarina das Flores"])
            + OSMXML.way(13, [7, 8], ["highway": "residential", "name": "Rua de Santa Catarina"])
            + OSMXML.node(108, 60.16605, 24.9420, ["addr:street": "Rua das Flores", "addr:housenumber": "68"])
            + OSMXML.node(109, 60.16505, 24.9420, ["addr:street": "Rua de Santa Catarina", "addr:housenumber": "68"])
            + "</osm>\n"
    }
}
