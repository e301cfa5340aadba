import Foundation
import Testing
import WayfinderCLI
import WayfinderGeocoding
import WayfinderGraph

/// Coordinates the graph cannot answer: swapped latitude and longitude are recognised, and a
/// point outside the graph is told where the graph is (the hand-written Porto map of
/// `GeocoderFixture`), with the documented exit codes.
@Suite struct GeocodeHintTests {
    func wayfinder(_ words: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(capturing: true)
        let code = WayfinderCommand.run(words, console: console)
        return (code, console.output, console.errors)
    }

    @Test func areaDescriptionsAndHints() {
        let porto = GraphArea(min: FixedCoordinate(latitude: 41.10, longitude: -8.70), max: FixedCoordinate(latitude: 41.20, longitude: -8.55),
                              name: "Porto")
        #expect(porto.description == "41.1..41.2 N, 8.55..8.7 W (Porto)")
        #expect(porto.hint(for: FixedCoordinate(latitude: 41.15, longitude: -8.6), order: .latLon) == nil)
        #expect(porto.hint(for: FixedCoordinate(latitude: -8.6, longitude: 41.15), order: .latLon)
                == "did you mean 41.15,-8.6? the CLI takes LAT,LON")
        #expect(porto.hint(for: FixedCoordinate(latitude: -8.6, longitude: 41.15), order: .lonLat)
                == "did you mean -8.6,41.15? coordinates here are LON,LAT")
        #expect(porto.hint(for: FixedCoordinate(latitude: -8.6, longitude: 41.15), order: .parameters)
                == "did you mean lat=41.15&lon=-8.6? latitude and longitude look swapped")
        #expect(porto.hint(for: FixedCoordinate(latitude: 60.17, longitude: 24.94), order: .latLon)
                == "it is outside the graph's area, 41.1..41.2 N, 8.55..8.7 W (Porto)")
        let sydney = GraphArea(min: FixedCoordinate(latitude: -34.0, longitude: 151.1), max: FixedCoordinate(latitude: -33.8, longitude: 151.3))
        #expect(sydney.description == "33.8..34 S, 151.1..151.3 E")
        let greenwich = GraphArea(min: FixedCoordinate(latitude: 51.4, longitude: -0.1), max: FixedCoordinate(latitude: 51.6, longitude: 0.1))
        #expect(greenwich.description == "51.4..51.6 N, -0.1..0.1 lon")
    }

    @Test func theGraphsAreaIsNamedAfterItsBiggestPlace() throws {
        let area = try GeocoderFixture.shared.geocoder().area
        #expect(area.name == "Porto")
        #expect(area.contains(FixedCoordinate(latitude: 41.15, longitude: -8.609)))
    }

    @Test func reverseSaysSoAndExitsSix() throws {
        let graph = try GeocoderFixture.shared.path()
        let area = try GeocoderFixture.shared.geocoder().area
        let swapped = wayfinder(["reverse", "-8.6090,41.1500", "--graph", graph])
        #expect(swapped.code == 6)
        #expect(swapped.err == "error: no address or street within 200 m of -8.6090,41.1500; did you mean 41.15,-8.609? the CLI takes LAT,LON\n")
        let far = wayfinder(["reverse", "10,10", "--graph", graph])
        #expect(far.code == 6 && far.err == "error: no address or street within 200 m of 10,10; it is outside the graph's area, \(area.description)\n")
        let inside = wayfinder(["reverse", "41.15008,-8.6095", "--graph", graph])
        #expect(inside.code == 0 && inside.err.isEmpty)
    }

    @Test func routeNamesTheSwappedEnd() throws {
        let graph = try GeocoderFixture.shared.path()
        let r = wayfinder(["route", "--from", "41.1500,-8.6100", "--to", "-8.6080,41.1500", "--graph", graph, "--mode", "walking"])
        #expect(r.code == 4)
        #expect(r.err.hasSuffix("no destination road found near the --to coordinate; did you mean 41.15,-8.608? the CLI takes LAT,LON\n"), "\(r.err)")
    }

    @Test func searchesStillAnswerWithAWarning() throws {
        let graph = try GeocoderFixture.shared.path()
        let warning = "warning: --near -8.609,41.15: did you mean 41.15,-8.609? the CLI takes LAT,LON\n"
        let geocode = wayfinder(["geocode", "Café Central", "--near", "-8.609,41.15", "--graph", graph])
        #expect(geocode.code == 0 && geocode.err == warning && geocode.out.contains("Café Central"))
        let search = wayfinder(["search", "cafe", "--near", "-8.609,41.15", "--graph", graph])
        #expect(search.code == 0 && search.err == warning)
        let places = wayfinder(["places", "--at", "-8.609,41.15", "--graph", graph])
        #expect(places.code == 0 && places.err == "warning: --at -8.609,41.15: did you mean 41.15,-8.609? the CLI takes LAT,LON\n")
        #expect(wayfinder(["search", "cafe", "--near", "41.15,-8.609", "--graph", graph]).err.isEmpty)
    }
}
