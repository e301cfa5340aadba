import WayfinderContraction
import WayfinderGraph

/// One mode of a graph file under new segment weights and turn costs (`Customizer`): its
/// segments, base graph, hierarchy and components rebuilt from the weights the import gave,
/// everything else as it was. Driving and cycling search directed segments (an arc is a
/// turn, and costs the turn plus the road after it); walking searches intersections (an arc
/// is a segment's direction, named by its payload). The snapping index stays, with the
/// pieces closed both ways listed beside it (`snapClosedPieces`): OSRM snaps to a road a
/// closure cut short (and answers NoRoute), but not to a stretch closed both ways.
struct ModeCustomization {
    struct Damage: Error, CustomStringConvertible { let description: String }

    let mode: TravelMode
    let update: SegmentSpeedUpdate
    let turns: TurnPenaltyUpdate
    /// Pieces of road in a closed area (closed both ways).
    let areaPieces: Int
    let segments: [RoadSegment]
    let importedWeights: [Int32]
    let importedBase: BaseGraph
    let base: BaseGraph
    let hierarchy: ContractionHierarchy
    let segmentComponent: [Int32]
    let componentSizes: [Int32]
    let nodeFirst: [Int32]
    let nodeLeaving: [Int32]

    /// `areas`: the closed areas of the update (those closing this mode apply). `nodeIds`: every
    /// shared point's OSM node id (`nodeIds(of:)`, decoded once for all modes).
    /// Every shared point's OSM node id, checked and decoded: the updates read them all, in no
    /// block order (`PointNodeIds`).
    static func nodeIds(of file: GraphFile) throws -> [Int64] {
        let shared = try SharedRoads(file: file)
        let stored = PointNodeIds(file: file)
        if stored.isEmpty || stored.count != shared.points.count {
            throw Damage(description: "the file has no OSM node ids (built before they were kept): rebuild it")
        }
        if let damage = stored.validationError(pointCount: shared.points.count) { throw Damage(description: damage) }
        return stored.all()
    }

    init(file: GraphFile, mode: TravelMode, nodeIds: [Int64], rows: [SegmentSpeedRow], turnRows: [TurnPenaltyRow],
         areas: [ClosedAreas], threads: Int) throws {
        precondition(turnRows.isEmpty || mode.isTurnExpanded, "turn penalties need a turn graph")
        self.mode = mode
        let shared = try SharedRoads(file: file)
        let roads = try ModeRoads(file: file, mode: mode)
        if let damage = roads.validationError(wayCount: shared.ways.count, pointCount: shared.points.count) { throw Damage(description: damage) }
        precondition(nodeIds.count == shared.points.count, "one node id per point")
        let current = try BaseGraph(file: file, mode: mode)
        let old = try ContractionHierarchy(file: file, mode: mode)
        if let damage = old.validationError() { throw Damage(description: damage) }
        let copies = SearchNodeCopies.read(file: file, mode: mode)  // none for walking
        let n = mode.isTurnExpanded ? 2 * roads.segments.count + copies.count : roads.nodeFirst.count - 1
        if let damage = current.validationError() { throw Damage(description: damage) }
        if let damage = SearchNodeValidation.validationError(mode: mode, segmentCount: roads.segments.count,
                                                             intersectionCount: roads.nodeFirst.count - 1, copies: copies,
                                                             hierarchy: old, base: current) {
            throw Damage(description: "the \(mode) graph's search nodes do not match its roads: \(damage)")
        }

        // The import's weights: kept by the first customization, else the file's own.
        let keptWeights = file.section(kind: SectionKind.importedSegmentWeights.rawValue, mode: mode.rawValue, as: Int32.self)
        if let keptWeights {
            importedWeights = Array(keptWeights)
        } else {
            var weights: [Int32] = []
            weights.reserveCapacity(2 * roads.segments.count)
            for segment in roads.segments { weights.append(segment.forwardWeight); weights.append(segment.backwardWeight) }
            importedWeights = weights
        }
        importedBase = try BaseGraph(file: file, mode: mode, imported: true) ?? current
        guard importedWeights.count == 2 * roads.segments.count, importedBase.nodeCount == n,
              Int(importedBase.first.last ?? 0) == importedBase.arcs.count else {
            throw Damage(description: "the \(mode) graph's imported weights do not fit its segments")
        }
        if let damage = importedBase.validationError() ?? SearchNodeValidation.validationError(
            mode: mode, segmentCount: roads.segments.count, intersectionCount: roads.nodeFirst.count - 1, copies: copies,
            hierarchy: old, base: importedBase) {
            throw Damage(description: "the \(mode) graph's imported base graph: \(damage)")
        }

        var areaPieces = Set<Int32>()
        for area in areas { areaPieces.formUnion(area.pieces(of: roads.segments, points: shared.points, mode: mode)) }
        self.areaPieces = areaPieces.count
        update = SegmentSpeedUpdate(rows: rows, closing: areaPieces, imported: importedWeights, segments: roads.segments,
                                    points: shared.points, nodeIds: nodeIds)
        let weights = update.weights
        var segments = Array(roads.segments)
        for s in segments.indices { (segments[s].forwardWeight, segments[s].backwardWeight) = (weights[2 * s], weights[2 * s + 1]) }
        self.segments = segments

        // Driving and cycling: an arc x -> y costs the turn plus all of y. The imported turn
        // stays unless a penalty row replaces it, y's part follows y's new weight, and a turn
        // never costs below nothing in all (OSRM clamps too-negative penalties). Walking: an
        // arc is the directed segment y of its payload, and costs y's weight. Arcs into a
        // closed direction go (those out of one stay, as the import left them: no search
        // enters a closed direction).
        func directed(_ x: Int32) -> Int { Int(x) < 2 * segments.count ? Int(x) : Int(copies[Int(x) - 2 * segments.count]) }
        var turns = TurnPenaltyUpdate(rows: turnRows)
        var arcs: [WeightedArc] = []
        arcs.reserveCapacity(importedBase.arcs.count)
        for x in 0..<Int32(n) {
            for i in Int(importedBase.first[Int(x)])..<Int(importedBase.first[Int(x) + 1]) {
                let arc = importedBase.arcs[i], payload = importedBase.payload(ofArc: i)
                guard arc.head >= 0, Int(arc.head) < n else { throw Damage(description: "a \(mode) base arc leads off the graph") }
                let y = mode.isTurnExpanded ? directed(arc.head) : Int(payload)
                guard y >= 0, y < weights.count else { throw Damage(description: "a \(mode) base arc names no segment") }
                // Asked first: a row for a turn onto a road closed today still names a turn.
                let penalty = turns.isEmpty ? nil : turns.milliseconds(from: directed(x), into: y, segments: roads.segments, nodeIds: nodeIds)
                guard weights[y] >= 0, importedWeights[y] >= 0 else { continue }
                let turn = penalty ?? Double(Int64(arc.weight) - Int64(importedWeights[y]))
                let weight = min(max(0, turn + Double(weights[y])), Double(infiniteWeight / 4))
                arcs.append(WeightedArc(tail: x, head: arc.head, weight: Int32(weight), payload: payload))
            }
        }
        self.turns = turns
        base = BaseGraph(nodeCount: n, arcs: arcs)

        let keys = ModeBuild.mapOrderKeys(segments, copies: copies, points: shared.points, nodeCount: n, mode: mode)
        let filters = old.filters == nil ? nil : ModeBuild.nodeFilters(segments, ways: shared.ways, copies: copies)
        var options = ModeBuild.contractionOptions(mode: mode, keys: keys, nodeFilters: filters, threads: threads)
        options.fixedPriorities = old.contractionLevels()
        hierarchy = buildContractionHierarchy(nodeCount: n, arcs: arcs, options: options).hierarchy

        let (component, sizes) = stronglyConnectedComponents(nodeCount: n, arcs: arcs)
        componentSizes = sizes
        segmentComponent = segments.indices.map { s in
            let forward = segments[s].forwardWeight >= 0
            if mode.isTurnExpanded { return component[2 * s + (forward ? 0 : 1)] }
            return component[Int(forward ? segments[s].fromNode : segments[s].toNode)]
        }
        (nodeFirst, nodeLeaving) = (Array(roads.nodeFirst), Array(roads.nodeLeaving))
    }

    /// Adds the rewritten sections (`Customizer.rewrittenKinds`) of the mode; `sourceNames`:
    /// the speed files' names, for the live speeds' sources.
    func add(to writer: inout GraphFileWriter, sourceNames: [String]) {
        if !update.liveSpeeds.isEmpty { LiveSpeedTable.add(update.liveSpeeds, sourceNames: sourceNames, mode: mode, to: &writer) }
        ModeRoads.add(segments: segments, segmentComponent: segmentComponent, componentSize: componentSizes,
                      nodeFirst: nodeFirst, nodeLeaving: nodeLeaving, mode: mode, to: &writer)
        writer.add(kind: SectionKind.importedSegmentWeights.rawValue, mode: mode.rawValue, importedWeights)
        hierarchy.add(to: &writer, mode: mode)
        base.add(to: &writer, mode: mode)
        importedBase.add(to: &writer, mode: mode, imported: true)
        if !update.closedPieces.isEmpty {
            writer.add(kind: SectionKind.snapClosedPieces.rawValue, mode: mode.rawValue, update.closedPieces)
        }
    }
}
