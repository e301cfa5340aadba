/// Top speeds a car keeps on rough roads (OSRM car.lua's `surface_speeds`, `tracktype_speeds`,
/// `smoothness_speeds`, estimated there from the photos of the OSM wiki pages). Each known
/// value caps the speed; the lowest cap wins; unknown values change nothing.
enum SurfaceSpeeds {
    static let surface: [String: Double] = [
        "cement": 80, "compacted": 80, "fine_gravel": 80,
        "paving_stones": 60, "metal": 60, "bricks": 60,
        "grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40, "unpaved": 40, "ground": 40,
        "dirt": 40, "pebblestone": 40, "tartan": 40,
        "cobblestone": 30, "clay": 30,
        "earth": 20, "stone": 20, "rocky": 20, "sand": 20,
        "laterite": 15,
        "mud": 10,
        "ice": 20, "snow": 30,
    ]
    static let tracktype: [String: Double] = ["grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20]
    /// `impassable` caps at 0: the road is closed.
    static let smoothness: [String: Double] = [
        "intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5, "impassable": 0,
    ]

    /// The lowest cap the way's surface, tracktype and smoothness put on its speed; nil if none.
    static func cap(_ tags: OSMTags) -> Double? {
        var cap: Double?
        for (key, table) in [("surface", surface), ("tracktype", tracktype), ("smoothness", smoothness)] {
            if let value = tags[key], let limit = table[value] { cap = min(cap ?? limit, limit) }
        }
        return cap
    }
}
