/// What the importer writes, numbered. Raised whenever a build of the same extract writes
/// other sections: a new tag read, another rule for bearings, turns or names. The default
/// graph's cache is keyed by it (`DefaultGraph`), so an upgraded program never answers from a
/// graph an older importer built; the file's metadata records it (`import_revision`).
///
/// `ImportRevisionTests` pins the sections a build of Monaco writes to this number: changing
/// what the importer writes fails that test until the number is raised and the new digest
/// recorded there.
public enum ImportRevision {
    /// 1: ways' lane counts (`lanes`), read by the perceived bearings.
    /// 2: the `restricted` class is the car's routing decision (`AccessRules`): the most
    /// specific access key wins (`access=private` + `motor_vehicle=permissive` is open, and
    /// no longer `restricted`), all-HOV roads are `restricted`; ferries read the hierarchy so too.
    /// 3: the cycling mode (OSRM bicycle.lua's rules, `SegmentTransports`), and the turn
    /// model mirrored where traffic keeps left.
    /// 4: the snapping index lists segments per cell (`snapSegments`), not every piece.
    /// 5: OSM node ids delta-coded in blocks (`PointNodeIds`); a build of some modes keeps
    /// no way only the others use.
    /// 6: graph format 5: shortcut records without their middle node, base graph arcs without
    /// their payload where every payload is 0 (the turn-expanded modes).
    /// 7: graph format 6: hierarchy arcs of 8 bytes; which are shortcuts in `ShortcutArcMap`s,
    /// the shortcut arcs' ids and the original arcs' payloads beside them.
    /// 8: the core's nodes are ordered by estimates that count direct arcs only as witnesses
    /// (`Contractor`, item 4): the same answers, a few more arcs inside the core.
    /// 9: graph format 7: sections with the same bytes stored once (walking's base graph
    /// and its segments at each intersection); in as few bits as they need (`PackedInts`):
    /// shortcut arc ids, original arc payloads, snapping index segments, segment components
    /// and the geocoder's street grid segments.
    /// 10: a piece whose box spans more than 4096 cells is listed along its line only, in the
    /// snapping index and the geocoder's streets (`SnapGrid.forEachCell`: long straight
    /// named roads, simplified to one piece); grids measured in 64 bits (extracts across
    /// the antimeridian built at all); the geocoder's area grid kept to 2^24 cells.
    /// 11: the geocoder's items ordered by OSM object (`SectionKind.geocoderOSMOrder`), for
    /// `/lookup` and `/details` without a sort when a server opens the file.
    public static let current = 11
}
