

/// Which side of the road traffic keeps to.
public enum DrivingSide: UInt8, Sendable, CustomStringConvertible {
    case right, left

    public var description: String { self == .left ? "left" : "right" }

    /// A turn's deviation (`Turn.deviation`, positive to the right) as the turn model, written
    /// for right-hand traffic, sees it: mirrored where traffic keeps left, where the turn away
    /// from oncoming traffic is the left one (OSRM's profiles invert `turn_bias` and test
    /// `angle > 0` for the oncoming penalty there, which is the same mirror).
    @inlinable public func rightHandDeviation(_ deviation: Double) -> Double { self == .left ? -deviation : deviation }

    /// Left in the countries that drive on the left, found by a small table of boxes
    /// (coarse at some borders, exact enough for a route's start), right elsewhere.
    public static func at(_ p: FixedCoordinate) -> DrivingSide {
        let lat = p.latitude, lon = p.longitude
        for box in leftHandBoxes where lon >= box.0 && lon <= box.2 && lat >= box.1 && lat <= box.3 { return .left }
        return .right
    }

    /// (min lon, min lat, max lon, max lat).
    private static let leftHandBoxes: [(Double, Double, Double, Double)] = [
        (-8.7, 49.8, 1.5, 60.9),        // Great Britain, Northern Ireland
        (1.5, 51.6, 1.8, 53.0),         // East Anglia's coast
        (-10.7, 51.4, -5.9, 55.4),      // Ireland
        (112.9, -43.7, 153.7, -10.6),   // Australia
        (166.4, -47.3, 178.6, -34.4),   // New Zealand
        (130.8, 30.0, 142.1, 41.6),     // Japan: Honshu, Shikoku, east Kyushu
        (129.5, 30.9, 130.8, 34.0),     // Japan: west Kyushu
        (139.3, 41.3, 146.0, 45.6),     // Japan: Hokkaido
        (122.9, 24.0, 131.4, 28.5),     // Japan: Okinawa
        (68.1, 6.5, 88.2, 27.5),        // India, Sri Lanka, south Pakistan and Nepal
        (71.5, 27.5, 80.5, 35.6),       // north India and Pakistan
        (80.0, 26.3, 88.2, 30.4),       // Nepal
        (88.0, 20.5, 92.3, 28.3),       // Bangladesh, Bhutan, north-east India
        (16.4, -35.0, 41.0, -17.5),     // South Africa, Lesotho, Eswatini, Namibia, Botswana, Zimbabwe, Mozambique
        (30.5, -17.5, 41.9, 4.5),       // Malawi, Tanzania, Kenya, Uganda
        (95.0, -11.0, 141.0, 4.5),      // Indonesia, Timor, Papua New Guinea
        (98.0, 0.8, 104.5, 10.5),       // Malaysia (peninsula), Singapore, south Thailand
        (99.2, 12.5, 102.5, 16.5),      // central Thailand
        (109.5, 0.85, 119.3, 7.4),      // Malaysia (Borneo), Brunei
        (113.8, 22.15, 114.45, 22.57),  // Hong Kong
        (113.52, 22.1, 113.6, 22.22),   // Macau
        (32.2, 34.5, 34.6, 35.7),       // Cyprus
        (14.18, 35.8, 14.58, 36.1),     // Malta
        (-78.4, 17.7, -76.2, 18.6),     // Jamaica
        (-59.8, 2.0, -54.0, 6.9),       // Guyana, Suriname
    ]
}
