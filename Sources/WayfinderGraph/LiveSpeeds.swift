/// One direction of a piece of road (two consecutive points of a segment) running on a speed
/// a traffic feed gave (`wayfinder customize --segment-speed-file`), for OSRM's `datasources`
/// annotation and for the per-stretch durations of a route over it.
public struct LiveSpeed: Sendable, Equatable, BitwiseCopyable {
    /// `2 * piece + (backward ? 1 : 0)`, where a piece is named by its first point (the
    /// segment's stored direction is forward).
    public var key: Int64
    public var kmh: Float
    /// Which speed file gave it: 1 for the first file given (0 is the profile, the import).
    public var source: UInt32

    public init(key: Int64, kmh: Float, source: UInt32) {
        (self.key, self.kmh, self.source) = (key, kmh, source)
    }
}

/// The live speeds of one mode (section `liveSpeeds`, ascending by key; written by a
/// customization for the pieces its speed rows name and leave open) and the data sources'
/// names (metadata `datasource_names`, one per line: "lua profile", as osrm-routed names its
/// profile's speeds, then each speed file's name). Empty for a file traffic never touched.
public struct LiveSpeedTable: @unchecked Sendable {
    public let speeds: UnsafeBufferPointer<LiveSpeed>
    public let sourceNames: [String]

    public static let profileSource = "lua profile"
    static let namesKey = "datasource_names"

    public init(file: GraphFile, mode: TravelMode) {
        speeds = file.section(kind: SectionKind.liveSpeeds.rawValue, mode: mode.rawValue, as: LiveSpeed.self)
            ?? UnsafeBufferPointer(start: nil, count: 0)
        let names = file.metadata[Self.namesKey].map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        sourceNames = names ?? [Self.profileSource]
    }

    public var isEmpty: Bool { speeds.isEmpty }

    /// The live speed of piece `piece` travelled forward or backward, nil if it runs on the
    /// profile's (binary search).
    @inlinable public func speed(piece: Int, backward: Bool) -> LiveSpeed? {
        let key = 2 * Int64(piece) + (backward ? 1 : 0)
        var lo = 0, hi = speeds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if speeds[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < speeds.count && speeds[lo].key == key ? speeds[lo] : nil
    }

    /// Why the table cannot be used with a file of `pointCount` points, or nil: keys
    /// ascending and on the file's pieces, speeds positive and finite, sources named.
    public func validationError(pointCount: Int) -> String? {
        var previous: Int64 = -1
        for s in speeds {
            guard s.key > previous, s.key >= 0, s.key / 2 < Int64(pointCount) - 1 else { return "live speed keys out of order or off the points" }
            guard s.kmh.isFinite, s.kmh > 0 else { return "a live speed that is not positive" }
            guard s.source >= 1, Int(s.source) < sourceNames.count else { return "a live speed of an unnamed source" }
            previous = s.key
        }
        return nil
    }

    /// Adds a customized mode's live speeds (none: no section) and the sources' names.
    public static func add(_ speeds: [LiveSpeed], sourceNames: [String], mode: TravelMode, to writer: inout GraphFileWriter) {
        writer.metadata[namesKey] = ([profileSource] + sourceNames).joined(separator: "\n")
        guard !speeds.isEmpty else { return }
        writer.add(kind: SectionKind.liveSpeeds.rawValue, mode: mode.rawValue, speeds)
    }
}
