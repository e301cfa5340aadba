import WayfinderJSON

/// A distance as an announcement says it: rounded down to a value worth saying ("500 feet",
/// "a quarter mile", "250 meters", "1.5 kilometers"), so that the announcement can be placed
/// exactly that far before its maneuver and never promises more road than there is.
struct SpokenDistance: Equatable {
    /// The distance said, in metres (where the announcement is placed).
    let metres: Double
    /// How it is said: a count of `unit`, or for imperial a quarter or half mile.
    let count: Int
    /// Tenths of the count (1.5 kilometers), 0 for whole counts.
    let tenths: Int
    let unit: Unit

    enum Unit { case feet, quarterMile, halfMile, miles, meters, kilometers }

    static let metresPerFoot = 0.3048
    static let metresPerMile = 1609.344

    /// The largest value worth saying that is at most `metres`, or nil below the smallest
    /// (10 feet, 10 meters).
    init?(atMost metres: Double, units: VoiceUnits) {
        switch units {
        case .imperial:
            let miles = metres / Self.metresPerMile
            if miles >= 1 {
                let n = Int(miles)
                (count, tenths, unit, self.metres) = (n, 0, .miles, Double(n) * Self.metresPerMile)
            } else if miles >= 0.5 {
                (count, tenths, unit, self.metres) = (1, 0, .halfMile, Self.metresPerMile / 2)
            } else if miles >= 0.25 {
                (count, tenths, unit, self.metres) = (1, 0, .quarterMile, Self.metresPerMile / 4)
            } else {
                let feet = metres / Self.metresPerFoot
                // Hundreds from 100 feet (up to 1000), tens below.
                let n = feet >= 1000 ? 1000 : feet >= 100 ? Int(feet / 100) * 100 : Int(feet / 10) * 10
                guard n >= 10 else { return nil }
                (count, tenths, unit, self.metres) = (n, 0, .feet, Double(n) * Self.metresPerFoot)
            }
        case .metric:
            if metres >= 10_000 {
                let n = Int(metres / 1000)
                (count, tenths, unit, self.metres) = (n, 0, .kilometers, Double(n) * 1000)
            } else if metres >= 1000 {
                let halves = Int(metres / 500)
                (count, tenths, unit, self.metres) = (halves / 2, halves % 2 * 5, .kilometers, Double(halves) * 500)
            } else {
                // Fifties from 100 meters, tens below.
                let n = metres >= 100 ? Int(metres / 50) * 50 : Int(metres / 10) * 10
                guard n >= 10 else { return nil }
                (count, tenths, unit, self.metres) = (n, 0, .meters, Double(n))
            }
        }
    }

    /// "500 feet", "a quarter mile", "1 mile", "2 miles", "250 meters", "1.5 kilometers".
    func write(into w: inout RawWriter) {
        switch unit {
        case .quarterMile: return w.literal("a quarter mile")
        case .halfMile: return w.literal("a half mile")
        default: break
        }
        w.integer(count)
        if tenths > 0 {
            w.byte(UInt8(ascii: "."))
            w.integer(tenths)
        }
        let one = count == 1 && tenths == 0
        switch unit {
        case .feet: w.literal(" feet")
        case .miles: w.literal(one ? " mile" : " miles")
        case .meters: w.literal(one ? " meter" : " meters")
        case .kilometers: w.literal(one ? " kilometer" : " kilometers")
        case .quarterMile, .halfMile: break
        }
    }
}
