import Testing
import WayfinderGraph
@testable import WayfinderCLI

/// `wayfinder match`'s trace files: CSV (with and without a header, trace_id groups) and GPX
/// (read by libexpat), ISO 8601 times, and one message with the line for each kind of bad input.
@Suite struct TraceFileTests {
    func parse(_ text: String, path: String = "t.csv", maxPoints: Int = 10_000) -> TraceFile {
        TraceFile.parse(Array(text.utf8), path: path, name: path, maxPoints: maxPoints)
    }

    /// The one trace of `text`, which must read.
    func trace(_ text: String, path: String = "t.csv") throws -> Trace {
        let file = parse(text, path: path)
        #expect(file.entries.count == 1 && !file.grouped)
        switch try #require(file.entries.first).trace {
        case .success(let trace): return trace
        case .failure(let bad): Issue.record("\(bad.message)"); throw bad
        }
    }

    /// The failure of the one trace of `text`, which must not read.
    func failure(_ text: String, path: String = "t.csv", maxPoints: Int = 10_000) throws -> BadRow {
        let file = parse(text, path: path, maxPoints: maxPoints)
        guard case .failure(let bad) = try #require(file.entries.first).trace else {
            Issue.record("\(text.prefix(80)) was read")
            throw CommandError.badInput("read")
        }
        return bad
    }

    // MARK: CSV

    @Test func csvWithoutHeaderOrFinalNewline() throws {
        let t = try trace("43.7384,7.4246\n43.7390,7.4250\n\n43.7400, 7.4260")
        #expect(t.points == [FixedCoordinate(latitude: 43.7384, longitude: 7.4246), FixedCoordinate(latitude: 43.739, longitude: 7.425),
                             FixedCoordinate(latitude: 43.74, longitude: 7.426)])
        #expect(t.timestamps == nil && t.radiuses == [nil, nil, nil] && t.lines == [1, 2, 4] && t.id == "t.csv")
    }

    @Test func csvWithHeaderTimestampsAndRadius() throws {
        let t = try trace("lat,lon,timestamp,radius\r\n43.7384,7.4246,0,5\r\n43.7390,7.4250,1.5,\r\n43.7400,7.4260,1714557600,12.5\r\n")
        #expect(t.timestamps == [0, 1.5, 1_714_557_600])
        #expect(t.radiuses == [5, nil, 12.5] && t.lines == [2, 3, 4])
        // Columns by name in any order, others ignored; positional timestamp and radius.
        let named = try trace("speed,radius,lon,lat,time\n3,4,7.4246,43.7384,10\n3,,7.4250,43.7390,11")
        #expect(named.points[1] == FixedCoordinate(latitude: 43.739, longitude: 7.425) && named.radiuses == [4, nil])
        #expect(named.timestamps == [10, 11])
        let positional = try trace("43.7384,7.4246,100.25,3\n43.7390,7.4250,101,4")
        #expect(positional.timestamps == [100.25, 101] && positional.radiuses == [3, 4])
        // ISO times in a CSV too; equal timestamps are kept.
        let iso = try trace("lat,lon,time\n43.7384,7.4246,2024-05-01T10:00:00Z\n43.7390,7.4250,2024-05-01T10:00:00Z")
        #expect(iso.timestamps == [1_714_557_600, 1_714_557_600])
    }

    @Test func traceIDsGroupRowsInOrderOfFirstAppearance() throws {
        let file = parse("trace_id,lat,lon,timestamp\nb,43.73,7.42,1\na,43.74,7.43,5\nb,43.731,7.421,2\na,43.741,7.431,6\n"
                         + "c,43.75,7.44,1\nb,43.732,7.422,3\nd,43.7,7.4,9\nd,91,7.4,10\n")
        #expect(file.grouped && file.entries.map(\.id) == ["b", "a", "c", "d"])
        guard case .success(let b) = file.entries[0].trace, case .success(let a) = file.entries[1].trace else {
            Issue.record("b and a must read")
            return
        }
        #expect(b.points.count == 3 && b.timestamps == [1, 2, 3] && b.lines == [2, 4, 7])
        #expect(a.points.count == 2 && a.lines == [3, 5])
        // One point only; a bad row spoils its own trace only.
        guard case .failure(let c) = file.entries[2].trace, case .failure(let d) = file.entries[3].trace else {
            Issue.record("c and d must fail")
            return
        }
        #expect(c.message == "t.csv trace c: a trace needs at least 2 points, got 1")
        #expect(d.line == 9 && d.message.hasPrefix("t.csv:9: coordinate out of range"))
    }

    @Test func malformedRowsNameTheirLine() throws {
        #expect(try failure("43.7,7.4\n43.8,7.5\nabc,7.4\n").message
                == "t.csv:3: expected decimal degrees for lat and lon, got \"abc\" and \"7.4\"")
        #expect(try failure("43.7,7.4\n43.8,nan\n").message.hasPrefix("t.csv:2: coordinate out of range"))
        #expect(try failure("43.7,7.4\n43.8,7.5,1,2,3\n").message.hasPrefix("t.csv:2: expected lat,lon[,timestamp[,radius]]"))
        #expect(try failure("lat,lon\n43.7,7.4\n43.8\n").message.hasPrefix("t.csv:3: expected 2 fields as the header has"))
        #expect(try failure("43.7,7.4,0,-1\n43.8,7.5,1,2\n").message.hasPrefix("t.csv:1: radius must be a number of metres, 0 or more"))
        #expect(try failure("43.7,7.4,0,nan\n43.8,7.5,1,2\n").line == 1)
        #expect(try failure("43.7,7.4,x\n43.8,7.5,1\n").message.hasPrefix("t.csv:1: timestamp must be seconds"))
        #expect(try failure("43.7,7.4,5\n43.8,7.5,4\n").message
                == "t.csv:2: timestamp 4 is before the previous point's 5 (timestamps must not decrease)")
        #expect(try failure("43.7,7.4,5\n43.8,7.5\n").message.hasPrefix("t.csv:2: no timestamp, but the first point has one"))
        #expect(try failure("43.7,7.4\n43.8,7.5,3\n").message.hasPrefix("t.csv:2: a timestamp, but the first point has none"))
        #expect(try failure("lat,lon\n43.7,7.4\n").message == "t.csv: a trace needs at least 2 points, got 1")
        #expect(try failure("").message == "t.csv: a trace needs at least 2 points, got 0")
        #expect(try failure("latitude,x\n1,2\n").message.hasPrefix("t.csv:1: the header names no lon column"))
        #expect(try failure("lat,lon,lat\n1,2,3\n").message == "t.csv:1: the header names the lat column twice")
        #expect(try failure("1,2\n3,4\n5,6\n", maxPoints: 2).message == "t.csv: 3 points, more than the 2 one trace may have")
        #expect(TraceFile.parse([0x34, 0x33, 0xFF, 0x2C], path: "b.csv", name: "b.csv", maxPoints: 10).entries.count == 1)
    }

    // MARK: GPX

    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="1" lon="1"><time>2000-01-01T00:00:00Z</time></wpt>
          <trk><name>ride</name>
            <trkseg>
              <trkpt lat="43.7384" lon="7.4246"><ele>12</ele><time>2024-05-01T10:00:00Z</time></trkpt>
              <trkpt lat="43.7390" lon="7.4250"><time>2024-05-01T12:00:01.5+02:00</time></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="43.7400" lon="7.4260"><time> 2024-05-01T10:00:05.250Z </time></trkpt>
            </trkseg>
          </trk>
          <trk><trkseg><trkpt lon="7.4270" lat="43.7410"><time>2024-05-01T09:00:06-01:00</time></trkpt></trkseg></trk>
        </gpx>
        """

    @Test func gpxReadsEveryTrackPointOfEverySegmentInOrder() throws {
        let t = try trace(Self.gpx, path: "ride.gpx")
        #expect(t.points.count == 4 && t.points[3] == FixedCoordinate(latitude: 43.741, longitude: 7.427))
        #expect(t.timestamps == [1_714_557_600, 1_714_557_601.5, 1_714_557_605.25, 1_714_557_606])
        #expect(t.lines == [6, 7, 10, 13] && t.radiuses == [nil, nil, nil, nil])
        // Told by content: the same file named .csv, a namespace prefix, no times at all.
        #expect(try trace(Self.gpx, path: "ride.csv").points.count == 4)
        let prefixed = try trace("\u{FEFF}<gpx:gpx xmlns:gpx=\"http://www.topografix.com/GPX/1/1\"><gpx:trk><gpx:trkseg>"
                                 + "<gpx:trkpt lat=\"1\" lon=\"2\"/><gpx:trkpt lat=\"1.5\" lon=\"2.5\"/></gpx:trkseg></gpx:trk></gpx:gpx>")
        #expect(prefixed.points.count == 2 && prefixed.timestamps == nil)
    }

    @Test func badGPXFilesNameTheirLine() throws {
        let none = try failure("<?xml version=\"1.0\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"/><trk></trk></gpx>", path: "e.gpx")
        #expect(none.message.hasPrefix("e.gpx: a GPX file without track points"))
        let malformed = try failure("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n</trk></gpx>", path: "m.gpx")
        #expect(malformed.line == 4 && malformed.message.hasPrefix("m.gpx:4: not a well-formed GPX file: "))
        let badLat = try failure("<gpx><trk><trkseg>\n<trkpt lat=\"x\" lon=\"2\"/>\n</trkseg></trk></gpx>", path: "l.gpx")
        #expect(badLat.message.hasPrefix("l.gpx:2: trkpt without a valid lat and lon"))
        let range = try failure("<gpx><trk><trkseg><trkpt lat=\"95\" lon=\"2\"/><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>")
        #expect(range.message.hasPrefix("t.csv:1: trkpt coordinate out of range"))
        let time = try failure("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-02-30T10:00:00Z</time></trkpt>"
                               + "<trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>")
        #expect(time.message.hasPrefix("t.csv:1: trkpt time is not an ISO 8601 time: \"2024-02-30T10:00:00Z\""))
        let kml = try failure("<?xml version=\"1.0\"?>\n<kml><Placemark/></kml>", path: "k.kml")
        #expect(kml.message == "k.kml:2: not a GPX file: the root element is <kml>, not <gpx>")
        let back = try failure("<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T10:00:01Z</time></trkpt>\n"
                               + "<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>")
        #expect(back.line == 3 && back.message.contains("is before the previous point's 1714557601"))
        let entity = try failure("<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">"
                                 + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;\">]><gpx>&d;</gpx>")
        #expect(entity.message.hasPrefix("t.csv: a GPX file without track points") || entity.message.contains("not a well-formed"))
    }

    // MARK: ISO 8601

    @Test func isoTimesToEpochSeconds() {
        #expect(ISOTime.epochSeconds("1970-01-01T00:00:00Z") == 0)
        #expect(ISOTime.epochSeconds("2024-05-01T10:00:00Z") == 1_714_557_600)
        #expect(ISOTime.epochSeconds("2024-05-01T10:00:00") == 1_714_557_600)   // no zone: UTC, as GPX
        #expect(ISOTime.epochSeconds("2024-05-01t10:00:00z") == 1_714_557_600)
        #expect(ISOTime.epochSeconds("2024-05-01 12:00:00+02:00") == 1_714_557_600)
        #expect(ISOTime.epochSeconds("2024-05-01T12:00:00+0200") == 1_714_557_600)
        #expect(ISOTime.epochSeconds("2024-05-01T12:00:00+02") == 1_714_557_600)
        #expect(ISOTime.epochSeconds("2024-05-01T04:30:00-05:30") == 1_714_557_600)
        #expect(ISOTime.epochSeconds("2024-05-01T10:00:00.125Z") == 1_714_557_600.125)
        #expect(ISOTime.epochSeconds("2024-05-01T10:00:00,5Z") == 1_714_557_600.5)
        #expect(ISOTime.epochSeconds("2000-02-29T00:00:00Z") == 951_782_400)   // a leap day of a year ÷ 400
        #expect(ISOTime.epochSeconds("1969-12-31T23:59:59Z") == -1)
        #expect(ISOTime.epochSeconds("2016-12-31T23:59:60Z") == 1_483_228_800)   // a leap second
        #expect(ISOTime.epochSeconds(" 2024-05-01T10:00:00Z\n") == 1_714_557_600)
        for bad in ["", "2024-05-01", "2024-5-01T10:00:00Z", "2024-13-01T10:00:00Z", "2023-02-29T10:00:00Z",
                    "1900-02-29T10:00:00Z", "2024-04-31T10:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T10:60:00Z",
                    "2024-05-01T10:00:61Z", "2024-05-01T10:00:00.Z", "2024-05-01T10:00:00.1234567890Z",
                    "2024-05-01T10:00:00+24:00", "2024-05-01T10:00:00+02:60", "2024-05-01T10:00:00Zjunk",
                    "2024-05-01T10:00:00+2", "2024-05-01X10:00:00Z", "٢٠٢٤-05-01T10:00:00Z", "2024-05-00T10:00:00Z"] {
            #expect(ISOTime.epochSeconds(bad) == nil, "\(bad)")
        }
        // Days from the epoch against a day-by-day count over 1968-2032.
        var days = ISOTime.daysFromEpoch(year: 1968, month: 1, day: 1), wrong: [String] = []
        #expect(days == -731)
        for year in 1968...2032 {
            for month in 1...12 {
                for day in 1...ISOTime.daysInMonth(month, year: year) {
                    if ISOTime.daysFromEpoch(year: year, month: month, day: day) != days { wrong.append("\(year)-\(month)-\(day)") }
                    days += 1
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
