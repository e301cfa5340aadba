import WayfinderGraph

/// One road at an intersection of a step (OSRM's `intersections[].bearings` and `entry`).
public struct IntersectionRoad: Sendable, Equatable {
    /// Degrees clockwise from north, 0...359, of the road leaving the intersection.
    public var bearing: UInt16
    /// Whether the route could enter this road here.
    public var entry: Bool
}

/// One instruction of a route: a maneuver, then the stretch travelled until the next one.
public struct RouteStep: Sendable {
    public var maneuver: Maneuver
    /// The road travelled after the maneuver (after the exit, on a roundabout); "" when unnamed.
    public var name: String
    public var ref: String
    /// On a step entering a rotary: the rotary's own name (OSRM's `rotary_name`), while
    /// `name` is the road taken at the exit.
    public var rotaryName: String? = nil
    /// What the signs of that road say (OSRM's step `destinations`, `exits`, `pronunciation`):
    /// "A1, A2: Berlin, Hamburg" (driving only: OSRM's car profile signs one-way roads, its
    /// foot profile treats few roads as one-way), exit numbers "10; 12", the name spoken.
    public var destinations: String? = nil
    public var exits: String? = nil
    public var pronunciation: String? = nil
    /// Class of that road, for describing unnamed paths ("the footway", "the stairs").
    public var roadClass: RoadClass
    /// Metres and seconds from this maneuver to the next; they add up to the route's.
    public var distance: Double
    public var duration: Double
    /// Search weight: the duration (the weight is travel time).
    public var weight: Double { duration }
    /// Indices into `Directions.line`: this step's line starts where the previous one ended.
    public var geometry: ClosedRange<Int>
    /// Roads at the maneuver's intersection, a range of `Directions.intersectionRoads`, and
    /// the indices (within it) of the road arrived by and the one taken (nil at the ends).
    public var intersection: Range<Int>
    public var intersectionIn: Int?
    public var intersectionOut: Int?
    public var mode: TravelMode
    /// On the road in `mode`, or on board a ferry or a train (OSRM's step `mode`).
    public var transport: Transport = .road
    /// OSRM's `classes` of the road taken at the maneuver (driving only; empty at the arrival).
    public var classes: WayClasses = []
    /// OSRM's step `mode`: "driving", "walking", "ferry", "train".
    public var modeName: String { transport.name(in: mode) }
    /// On the arrival of a leg that ends at an intermediate waypoint: that waypoint's number,
    /// counted from 1 after the start (OSRM's "You have arrived at your 1st destination");
    /// nil at the final destination.
    public var arrivalWaypoint: Int?
    /// The side traffic keeps to (OSRM's step `driving_side`): an off ramp on that side is
    /// announced without it.
    public var drivingSide: DrivingSide = .right
    /// Every intersection on the step, the maneuver's first (OSRM's `intersections`): a range
    /// of `Directions.intersections`.
    public var intersections: Range<Int> = 0..<0
    /// English text, e.g. "Turn left onto Carrer Major" (composed when asked for).
    public var instruction: String { Instructions.english(self, mode: mode) }
}
