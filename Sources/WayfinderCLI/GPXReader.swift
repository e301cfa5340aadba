import CExpat
import WayfinderGraph

/// A GPX 1.1 file as one trace: every `<trkpt lat= lon=>` of every `<trkseg>` of every
/// `<trk>`, in file order, with its `<time>` (ISO 8601, `ISOTime`) when it has one; `<ele>`,
/// waypoints, routes and extensions are ignored. Times are all or none, as in a CSV.
///
/// The XML is parsed by libexpat (already linked for the OSM reader), not by hand: entities,
/// CDATA, comments, encodings and namespaces (`<gpx:trkpt>`: the prefix is dropped) are its
/// business, and it refuses malformed XML with a line number. Expat expands no external
/// entity by default and (2.4+) caps entity amplification, so a hostile file cannot make it
/// fetch or balloon. The file is fed in chunks, so no length has to fit expat's `int`.
///
/// Errors carry the line expat was at: `ride.gpx:230: trkpt without a valid lat`.
enum GPXReader {
    /// The trace of a GPX file's `bytes` (`path` for messages, `id` the trace's name).
    static func trace(_ bytes: [UInt8], path: String, id: String) -> Result<Trace, BadRow> {
        guard let parser = XML_ParserCreate(nil) else {
            return .failure(BadRow(line: 0, message: "\(path): cannot start the XML parser (out of memory)"))
        }
        defer { XML_ParserFree(parser) }
        let collector = Collector(parser: parser, path: path, id: id)
        XML_SetUserData(parser, Unmanaged.passUnretained(collector).toOpaque())
        XML_SetElementHandler(parser, { user, name, attributes in
            guard let user, let name else { return }
            Unmanaged<Collector>.fromOpaque(user).takeUnretainedValue().start(name, attributes)
        }, { user, name in
            guard let user, let name else { return }
            Unmanaged<Collector>.fromOpaque(user).takeUnretainedValue().end(name)
        })
        XML_SetCharacterDataHandler(parser, { user, text, length in
            guard let user, let text, length > 0 else { return }
            Unmanaged<Collector>.fromOpaque(user).takeUnretainedValue().text(text, Int(length))
        })
        let chunk = 1 << 20
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + chunk)
            let status = bytes.withUnsafeBufferPointer { buffer -> XML_Status in
                let base = buffer.baseAddress.map { UnsafeRawPointer($0 + offset).assumingMemoryBound(to: CChar.self) }
                return XML_Parse(parser, base, Int32(end - offset), end == bytes.count ? 1 : 0)
            }
            if let failure = collector.failure { return .failure(failure) }
            guard status == XML_STATUS_OK else {
                let line = Int(XML_GetCurrentLineNumber(parser))
                let reason = XML_ErrorString(XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "malformed XML"
                return .failure(BadRow(line: line, message: "\(path):\(line): not a well-formed GPX file: \(reason)"))
            }
            offset = end
        } while offset < bytes.count
        return collector.finish()
    }

    /// The state of one parse, reached from expat's C callbacks through its user data.
    final class Collector {
        let parser: XML_Parser
        let path: String
        var trace: Trace
        var times: [Double?] = []
        var failure: BadRow?
        /// Elements open, and how deep the open `trk`, `trkpt` and `time` are (-1: none).
        var depth = 0, trackDepth = -1, pointDepth = -1, timeDepth = -1
        var sawRoot = false
        /// The text of the open `<time>`, at most `maxTimeBytes` of it.
        var timeText: [UInt8] = []
        static let maxTimeBytes = 64

        init(parser: XML_Parser, path: String, id: String) {
            self.parser = parser
            self.path = path
            trace = Trace(id: id)
        }

        var line: Int { Int(XML_GetCurrentLineNumber(parser)) }

        /// Records the first error and stops expat (`XML_Parse` then returns an error, which
        /// `failure` takes precedence over).
        func fail(_ message: String) {
            guard failure == nil else { return }
            failure = BadRow(line: line, message: "\(path):\(line): \(message)")
            XML_StopParser(parser, 0)
        }

        func start(_ name: UnsafePointer<CChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
            guard failure == nil else { return }
            depth += 1
            let local = localName(name)
            if !sawRoot {
                sawRoot = true
                guard local == "gpx" else { return fail("not a GPX file: the root element is <\(local.prefix(40))>, not <gpx>") }
                return
            }
            switch local {
            case "trk" where trackDepth < 0: trackDepth = depth
            case "trkpt" where trackDepth >= 0 && pointDepth < 0:
                pointDepth = depth
                point(attributes)
            case "time" where pointDepth >= 0 && depth == pointDepth + 1:
                timeDepth = depth
                timeText.removeAll(keepingCapacity: true)
            default: break
            }
        }

        func end(_ name: UnsafePointer<CChar>) {
            guard failure == nil else { return }
            if depth == timeDepth {
                timeDepth = -1
                guard let seconds = ISOTime.epochSeconds(String(decoding: timeText, as: UTF8.self)) else {
                    return fail("trkpt time is not an ISO 8601 time: \"\(String(decoding: timeText.prefix(40), as: UTF8.self))\"")
                }
                if let last = times.indices.last { times[last] = seconds }
            } else if depth == pointDepth {
                pointDepth = -1
            } else if depth == trackDepth {
                trackDepth = -1
            }
            depth -= 1
        }

        func text(_ text: UnsafePointer<CChar>, _ length: Int) {
            guard failure == nil, timeDepth >= 0, depth == timeDepth else { return }
            let room = Self.maxTimeBytes - timeText.count
            guard room > 0 else { return }
            text.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                timeText.append(contentsOf: UnsafeBufferPointer(start: bytes, count: min(length, room)))
            }
        }

        /// A `<trkpt>`: its `lat` and `lon`, checked.
        func point(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
            var lat: Double?, lon: Double?, latText = "", lonText = ""
            // Expat's attributes: name, value, name, value, …, then a null.
            var i = 0
            while let attributes, let name = attributes[i] {
                guard let value = attributes[i + 1] else { break }
                switch localName(name) {
                case "lat": latText = String(cString: value); lat = Double(latText.trimmingSpaces())
                case "lon": lonText = String(cString: value); lon = Double(lonText.trimmingSpaces())
                default: break
                }
                i += 2
            }
            guard let lat, let lon else {
                return fail("trkpt without a valid lat and lon in decimal degrees (lat=\"\(latText.prefix(40))\" lon=\"\(lonText.prefix(40))\")")
            }
            guard lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon) else {
                return fail("trkpt coordinate out of range (latitude -90..90, longitude -180..180): \(latText.prefix(40)),\(lonText.prefix(40))")
            }
            trace.points.append(FixedCoordinate(latitude: lat, longitude: lon))
            trace.radiuses.append(nil)
            trace.lines.append(line)
            times.append(nil)
        }

        func finish() -> Result<Trace, BadRow> {
            guard sawRoot else { return .failure(BadRow(line: 1, message: "\(path): not a GPX file: no root element")) }
            guard !trace.points.isEmpty else {
                return .failure(BadRow(line: 1, message: "\(path): a GPX file without track points (<trk><trkseg><trkpt>); "
                                       + "waypoints and routes are not a trace"))
            }
            switch TraceFile.timestamps(times, lines: trace.lines, path: path) {
            case .failure(let bad): return .failure(bad)
            case .success(let timestamps):
                trace.timestamps = timestamps
                return .success(trace)
            }
        }
    }

    /// An element or attribute name without its namespace prefix (`gpx:trkpt` → `trkpt`).
    static func localName(_ name: UnsafePointer<CChar>) -> Substring {
        let full = String(cString: name)
        guard let colon = full.lastIndex(of: ":") else { return full[...] }
        return full[full.index(after: colon)...]
    }
}

extension String {
    /// Without the XML white space around it (attribute values such as `lat=" 43.7 "`).
    func trimmingSpaces() -> Substring {
        var text = self[...]
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
