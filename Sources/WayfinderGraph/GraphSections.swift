/// Where the routing data lives in the graph file.
///
/// Each kind of data owns its section kinds, and writes and reads them itself, next to its
/// type: the road network (`RoadSection`: `SharedRoads`, `ModeRoads`), the contraction
/// hierarchy (`HierarchySection`), the base graph (`BaseGraphSection`), the snapping index
/// (`SnapIndexSection`), and, in WayfinderGeocoding, the geocoder index (`GeocoderSection`).
/// Kind numbers are part of the file format and unique across all of them; never reuse one:
///
/// ```
///   1       the container's metadata (GraphFile.metadataKind)
///  10...13  road data shared by every mode        20...24  one mode's road network
///  14       the signs of ways (WaySignTable)
///  15       maneuver overrides (ManeuverOverrideTable)
///  16       the turn lanes of ways (WayLaneTable)
///                                                 25       its search nodes' copies (SearchNodeCopies)
///                                                 26       its roads' bearings (SegmentBearings)
///                                                 27       its closed turns' origins (ClosedTurnOrigins)
///  30...39  one mode's contraction hierarchy      40...41  one mode's base graph
///  50...53  one mode's snapping index            100...113 the geocoder index
///  60...67  driving: the hierarchy's exclusion filters (HierarchyFilters)
///  70...71  the OSM node ids of the points (PointNodeIds)
///  80...87  the base map of /tiles (BaseMapSection, BaseMapSections.swift)
/// ```
///
/// Shared sections have mode 0; a mode's sections have the mode's raw value, so every mode
/// uses the same kinds.
extension GraphFile {
    /// Section `kind` of `mode` viewed as `T`, named "<mode> <kind>" ("driving chShortcuts")
    /// when it is missing or has the wrong element size.
    func require<Kind: RawRepresentable<UInt32>, T: BitwiseCopyable>(
        _ kind: Kind, of mode: TravelMode, as type: T.Type
    ) throws(GraphFileError) -> UnsafeBufferPointer<T> {
        try require(kind: kind.rawValue, mode: mode.rawValue, as: type, name: "\(mode) \(kind)")
    }
}
