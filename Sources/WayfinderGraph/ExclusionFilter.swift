/// Which roads a route may not use: OSRM's `exclude` (car.lua's excludable classes `toll`,
/// `motorway`, `ferry`, and any combination of them).
///
/// Every combination is a *filter*, numbered by the raw value of its classes (0 = nothing
/// excluded … 7 = all three), so that a set of filters fits in one byte: bit `c` for filter
/// `c`. The driving hierarchy stores, per node and per arc, the filters it belongs to
/// (`HierarchyFilters`), and a search under filter `c` climbs only what has bit `c`.
public enum ExclusionFilter {
    /// Every filter's bit: a node or arc that no exclusion removes.
    public static let allFilters: UInt8 = 0xFF
    /// The number of filters (combinations of the excludable classes).
    public static let count = 8

    /// The filter that excludes `classes` (only the excludable ones count).
    @inlinable public static func index(excluding classes: WayClasses) -> Int {
        Int(classes.intersection(.excludable).rawValue)
    }

    /// The filters in which a road of `classes` stays: those that exclude none of them.
    @inlinable public static func filters(keeping classes: WayClasses) -> UInt8 {
        let own = classes.intersection(.excludable).rawValue
        var bits: UInt8 = 0
        for c in 0..<UInt8(count) where own & c == 0 { bits |= 1 << c }
        return bits
    }

    /// Parses OSRM's `exclude` list (`motorway,toll`): nil when a name is not an excludable
    /// class (an empty list excludes nothing).
    public static func parse(_ list: String) -> WayClasses? {
        var classes: WayClasses = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let found = WayClasses(name: String(name)), WayClasses.excludable.contains(found) else { return nil }
            classes.insert(found)
        }
        return classes
    }
}
