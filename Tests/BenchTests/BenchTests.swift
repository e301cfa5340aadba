import Foundation
import Testing
import WayfinderCLI
import WayfinderGraph
@testable import WayfinderBench

@Suite struct BenchTests {
    @Test func percentilesAreNearestRank() {
        let hundred = (1...100).map(Double.init)
        #expect(percentile(hundred, 0.5) == 50)
        #expect(percentile(hundred, 0.95) == 95)
        #expect(percentile(hundred, 0.99) == 99)
        #expect(percentile(hundred, 1) == 100)
        #expect(percentile([7], 0.99) == 7)
        #expect(percentile([], 0.5).isNaN)
        #expect(median([3, 1, 2]) == 2)
        let latency = Latency([4, 1, 3, 2])
        #expect(latency == Latency([1, 2, 3, 4]))
        #expect(latency.p50 == 2 && latency.p99 == 4 && latency.mean == 2.5 && latency.count == 4)
    }

    @Test func reportJSONNamesUnitsAndNests() {
        let report = Report()
        report.text("graph", "graph", "a \"b\"\n")
        report.integer("routes", "routes", 3)
        report.group("latency", "latency") { $0.latency("search_unpack_us", "search + unpack", Latency([1, 2, 3]), unit: "µs") }
        let row = Report()
        row.number("full_qps", "full", 1234.5678, unit: "q/s")
        report.rows("throughput", "throughput", [row])
        report.lines("urls", ["/a", "/b"])
        report.number("none_us", "no samples", .nan, unit: "µs")
        #expect(report.json() == """
            {"graph":"a \\"b\\"\\n","routes":3,"latency":{"search_unpack_us":{"p50":2,"p95":3,"p99":3,"mean":2,"count":3}},\
            "throughput":[{"full_qps":1234.568}],"urls":["/a","/b"],"none_us":null}

            """)
        let table = report.table()
        #expect(table.contains("routes: 3\n"))
        #expect(table.contains("  search + unpack"))
        #expect(table.contains("p50      2.0 µs"))
        #expect(table.contains("  full 1234.6 q/s\n"))
        #expect(table.contains("\n/a\n/b\n"))
        #expect(Report.number(-0.0001) == "0" && Report.number(2.5) == "2.5" && Report.quoted("\u{1}") == "\"\\u0001\"")
    }

    @Test func chunksSplitABatchWithoutGapsOrOverlap() {
        for parts in 1...5 {
            let covered = (0..<parts).flatMap { Array(chunk($0, of: parts, 13)) }
            #expect(covered == Array(0..<13))
        }
    }

    @Test func phaseNamesBecomeKeys() {
        #expect(jsonKey("driving components+snap index") == "driving_components_snap_index")
        #expect(jsonKey("read") == "read")
    }

    @Test func geocodeQueryFilesSplitForwardAndReverse() throws {
        let queries = try GeocodeQueries(lines: ["Carrer Major 5, Andorra la Vella", "42.5063, 1.5218", "", "  Casa Rull  ", "1,2,3"],
                                         file: "q.txt")
        #expect(queries.forward == ["Carrer Major 5, Andorra la Vella", "Casa Rull", "1,2,3"])
        #expect(queries.reverse == [FixedCoordinate(latitude: 42.5063, longitude: 1.5218)])
        #expect(throws: CommandError.self) { try GeocodeQueries(lines: ["95,10"], file: "q.txt") }
    }

    @Test func timerOverheadIsMeasured() {
        let overhead = TimerOverhead.measure(count: 1000)
        #expect(overhead.clockReadNanoseconds > 0 && overhead.emptyPhase.count == 1000)
    }
}
