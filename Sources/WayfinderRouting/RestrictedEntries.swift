import WayfinderGraph

extension RoutingGraph {
    /// Milliseconds of `RestrictedAccess` entry penalties a driving path paid: one per step
    /// from an unrestricted piece onto a restricted one, exactly the turns the search charged
    /// (consecutive pieces of a turn-expanded path are its arcs). Zero for walking.
    func restrictedEntryPenalties(_ pieces: [RoutePiece]) -> Int32 {
        guard mode.isTurnExpanded, pieces.count > 1 else { return 0 }
        func restricted(_ piece: RoutePiece) -> Bool {
            ways[Int(segments[Int(piece.segment)].way)].isCarRestricted(forward: piece.forward)
        }
        var total: Int32 = 0
        var previous = restricted(pieces[0])
        for piece in pieces.dropFirst() {
            let current = restricted(piece)
            if current && !previous { total += RestrictedAccess.entryPenalty }
            previous = current
        }
        return total
    }
}
