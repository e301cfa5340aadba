import WayfinderGraph
import WayfinderRouting

/// Phase 1, measuring: the route's pieces with a length, its line, and at each boundary
/// between pieces the metres and milliseconds travelled and where it lies on the line.
extension DirectionsBuilder {
    static let negligibleMetres = 0.01

    /// Keeps the pieces that have a length; builds the line and the per-boundary measures.
    func measure(_ route: Route) -> [FixedCoordinate] {
        // The buffers are taken out of `self` while filled: appending to local arrays is cheaper.
        func take<T>(_ array: inout [T]) -> [T] {
            var taken: [T] = []
            swap(&taken, &array)
            taken.removeAll(keepingCapacity: true)
            return taken
        }
        var pieces = take(&self.pieces), travelled = take(&self.travelled), elapsed = take(&self.elapsed)
        var lineIndex = take(&self.lineIndex), pieceWay = take(&self.pieceWay), startDegree = take(&self.startDegree)
        var turnCost = take(&self.turnCost)
        defer {
            self.pieces = pieces
            self.travelled = travelled
            self.elapsed = elapsed
            self.lineIndex = lineIndex
            self.pieceWay = pieceWay
            self.startDegree = startDegree
            self.turnCost = turnCost
        }
        travelled.append(0)
        elapsed.append(0)
        lineIndex.append(0)
        turnCost.append(0)
        var line: [FixedCoordinate] = []
        line.reserveCapacity(route.pieces.count * 8 + 2)
        var metres = 0.0, milliseconds = 0.0
        for piece in route.pieces {
            let s = graph.segments[Int(piece.segment)]
            let length = graph.length(of: piece)
            // A piece shorter than a coordinate's resolution (1e-7 degree, about 1 cm) is a
            // rounding artefact of snapping onto a node shared by two ways: the way it lies on
            // is no part of the trip, and announcing it ("depart on the side street, turn onto
            // the square") is noise; OSRM trims such pieces too.
            guard length >= Self.negligibleMetres else { continue }
            pieces.append(piece)
            metres += length
            milliseconds += Double(max(0, s.weight(forward: piece.forward))) * (piece.end - piece.start)
            travelled.append(metres)
            elapsed.append(milliseconds)
            turnCost.append(0)
            pieceWay.append(s.way)
            let v = Int(piece.forward ? s.fromNode : s.toNode)
            startDegree.append(graph.nodeFirst[v + 1] - graph.nodeFirst[v])
            graph.appendGeometry(of: piece, to: &line)
            lineIndex.append(max(0, line.count - 1))
        }
        if line.isEmpty { line.append(route.source.location) }
        return line
    }
}
