/// What ties a mode's search graphs to its road network, checked before anything turns a
/// search node or an arc's payload into a segment.
///
/// `ContractionHierarchy.validationError()` and `BaseGraph.validationError()` keep every
/// search inside its own graph, but a path found is then read back as road: in the
/// turn-expanded modes a search node is a directed segment (or a via-way restriction's copy
/// of one, `SearchNodeCopies`); on foot a node is an intersection and an arc's payload its
/// directed segment. Those lookups run unchecked in the query core, so a file whose
/// checksums match but whose node counts, copies or payloads do not must stop here:
/// `wayfinder verify` runs this before its sample routes, `wayfinder customize` before it
/// re-contracts.
public enum SearchNodeValidation {
    /// The first problem, or nil. `segmentCount` and `intersectionCount` are the mode's
    /// network's (`ModeRoads`), `copies` its via-way copies. Only after the hierarchy's and
    /// the base graph's own `validationError()` found nothing (the packed payloads are read).
    public static func validationError(mode: TravelMode, segmentCount: Int, intersectionCount: Int,
                                       copies: UnsafeBufferPointer<Int32>, hierarchy: ContractionHierarchy,
                                       base: BaseGraph) -> String? {
        let directed = 2 * segmentCount
        let nodes = mode.isTurnExpanded ? directed + copies.count : intersectionCount
        guard hierarchy.nodeCount == nodes, base.nodeCount == nodes else {
            return "the hierarchy has \(hierarchy.nodeCount) nodes and the base graph \(base.nodeCount), "
                + "for the network's \(nodes) \(mode.isTurnExpanded ? "directed segments and copies" : "intersections")"
        }
        if let i = copies.firstIndex(where: { $0 < 0 || Int($0) >= directed }) {
            return "search node copy \(i) copies directed segment \(copies[i]) of \(directed)"
        }
        if let payloads = base.payloads, let i = payloads.firstIndex(where: { $0 < 0 || Int($0) >= directed }) {
            return "base arc \(i) names directed segment \(payloads[i]) of \(directed)"
        }
        if let i = hierarchy.originalPayloads.firstIndex(notBelow: directed) {
            return "original hierarchy arc \(i) names directed segment \(hierarchy.originalPayloads[i]) of \(directed)"
        }
        return nil
    }
}
