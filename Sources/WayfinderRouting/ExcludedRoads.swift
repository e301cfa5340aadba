import WayfinderGraph

/// Which roads a route that excludes some classes (`exclude=motorway,toll`) may not touch,
/// read from the roads themselves: the snapper passes them over (as OSRM filters its phantom
/// nodes), and the reference search (`DijkstraQuery`) removes their search nodes.
extension RoutingGraph {
    /// Driving: the classes of the road a search node stands for, in its direction.
    @inlinable public func classes(ofSearchNode x: Int32) -> WayClasses {
        let directed = directedSegment(ofSearchNode: x)
        let way = ways[Int(segments[Int(directed >> 1)].way)]
        return way.classes(forward: directed & 1 == 0)
    }

    /// Whether a route excluding `classes` may travel segment `segment` in some direction.
    @inlinable public func allowsSegment(_ segment: Int32, excluding classes: WayClasses) -> Bool {
        let s = segments[Int(segment)], way = ways[Int(s.way)]
        return (s.allows(forward: true) && way.classes(forward: true).isDisjoint(with: classes))
            || (s.allows(forward: false) && way.classes(forward: false).isDisjoint(with: classes))
    }

    /// Whether a route excluding `classes` may travel directed segment `x`.
    @inlinable public func allowsDirected(_ x: Int32, excluding classes: WayClasses) -> Bool {
        classes.isEmpty || ways[Int(segments[Int(x >> 1)].way)].classes(forward: x & 1 == 0).isDisjoint(with: classes)
    }

    /// Whether this graph can answer routes that exclude `classes`: always when they are none,
    /// else only driving graphs built with exclusion data.
    public func serves(excluding classes: WayClasses) -> Bool {
        classes.intersection(.excludable).isEmpty || (mode.isTurnExpanded && hierarchy.servesExclusions)
    }
}
