import Foundation
import WayfinderContraction
import WayfinderGraph

/// `wayfinder customize`: today's traffic into a built graph file, without the extract and
/// without a fresh contraction.
///
/// The traffic files are the whole current state, applied to the weights the import gave
/// (kept in the file at the first customization: `importedSegmentWeights`,
/// `importedBaseFirst`, `importedBaseArcs`), so a row left out of the next update restores
/// its road or turn. Segment speeds and turn penalties are car traffic: they change the
/// driving mode; closed areas close the modes they name; a mode nothing changes, now or
/// before, is copied as it is.
///
/// Why re-contraction along the stored order (`ContractionOptions.fixedPriorities`,
/// `ContractionHierarchy.contractionLevels`): the hierarchy's order was chosen for the
/// imported weights, and traffic moves few of them far, so that order stays a good one and
/// only the witness searches are redone (no priority estimates, the larger half of a
/// contraction). Every order gives an exact hierarchy; a customizable contraction hierarchy
/// (RoutingKit's CCH) would need an order independent of the metric, which this file's
/// hierarchy is not.
public enum Customizer {
    public struct Summary: Sendable {
        /// Segment speed rows read, and those naming a stretch of the driving roads.
        public var rows = 0
        public var matchedRows = 0
        /// Turn penalty rows read, those naming a turn of the driving graph, and the turns
        /// (search graph arcs) they priced.
        public var turnRows = 0
        public var matchedTurnRows = 0
        public var pricedTurns = 0
        /// "FILE:LINE" of the rows (of either kind) that name nothing of the driving graph.
        public var unmatched: [String] = []
        /// Polygons in the closed-area files, and the pieces of road they closed (summed over
        /// the modes they close).
        public var closedAreas = 0
        public var areaPieces = 0
        /// The modes rewritten (the others are copied as they were).
        public var modes: [TravelMode] = []
        /// Directed segments whose weight changed, and of them those now closed, over `modes`.
        public var changedDirections = 0
        public var closedDirections = 0
        public var metricVersion = 0
        public var seconds = 0.0
    }

    public enum Failure: Error, CustomStringConvertible {
        case traffic(TrafficFileError)
        case graph(GraphFileError)
        /// The file cannot take the update, with the reason.
        case unsuitable(path: String, reason: String)

        public var description: String {
            switch self {
            case .traffic(let error): "\(error)"
            case .graph(let error): "\(error)"
            case .unsuitable(let path, let reason): "cannot customize \(path): \(reason)"
            }
        }
    }

    /// The sections of a mode a customization writes anew; every other section is copied.
    static let rewrittenKinds: Set<UInt32> = Set([
        SectionKind.segments, .segmentComponent, .componentSize, .nodeFirst, .nodeLeaving, .importedSegmentWeights,
        .baseFirst, .baseArcs, .basePayloads, .importedBaseFirst, .importedBaseArcs, .importedBasePayloads,
        .snapClosedPieces, .liveSpeeds,
    ].map(\.rawValue) + SectionKind.all.filter { $0.group == .hierarchy || $0.group == .exclusionFilters }.map(\.rawValue))

    /// Applies the speed and turn penalty files (each kind read in order; the last row for a
    /// stretch or a turn wins) and the closed areas to `path`, and writes the result to
    /// `output` (default: `path`), replacing it atomically.
    ///
    /// A mode is customized when the update has something for it (speeds and turns: driving;
    /// areas: the modes they name) or an earlier update customized it: the files are the
    /// whole state, so a mode whose closure ended goes back to its imported weights.
    public static func customize(graph path: String, speedFiles: [String], turnPenaltyFiles: [String] = [],
                                 closedAreaFiles: [String] = [], output: String? = nil,
                                 threads: Int = 2) throws(Failure) -> Summary {
        let started = Date()
        var summary = Summary()
        var rows: [SegmentSpeedRow] = [], turnRows: [TurnPenaltyRow] = [], areas: [ClosedAreas] = []
        do {
            for (i, file) in speedFiles.enumerated() {
                rows += try TrafficFiles.readSegmentSpeeds(file).map { var row = $0; row.source = UInt32(i + 1); return row }
            }
            for file in turnPenaltyFiles { turnRows += try TrafficFiles.readTurnPenalties(file) }
            for file in closedAreaFiles { areas.append(try ClosedAreas(path: file)) }
        } catch { throw .traffic(error) }
        (summary.rows, summary.turnRows, summary.closedAreas) = (rows.count, turnRows.count, areas.reduce(0) { $0 + $1.count })
        let file: GraphFile
        do { file = try GraphFile(path: path) } catch { throw .graph(error) }

        var customized: [ModeCustomization] = []
        var nodeIds: [Int64]?
        for mode in TravelMode.allCases where file.rawSection(kind: SectionKind.segments.rawValue, mode: mode.rawValue) != nil {
            let traffic = mode == .driving && !(rows.isEmpty && turnRows.isEmpty)
            let before = file.section(kind: SectionKind.importedSegmentWeights.rawValue, mode: mode.rawValue, as: Int32.self) != nil
            guard traffic || before || areas.contains(where: { $0.closes(mode) }) else { continue }
            let driving = mode == .driving
            do {
                let ids = try nodeIds ?? ModeCustomization.nodeIds(of: file)
                nodeIds = ids
                customized.append(try ModeCustomization(file: file, mode: mode, nodeIds: ids, rows: driving ? rows : [],
                                                        turnRows: driving ? turnRows : [], areas: areas, threads: threads))
            } catch {
                throw .unsuitable(path: path, reason: "\(error)")
            }
        }
        if !(rows.isEmpty && turnRows.isEmpty) && !customized.contains(where: { $0.mode == .driving }) {
            throw .unsuitable(path: path, reason: "speeds and turn penalties are car traffic, and the file has no driving mode")
        }
        if let driving = customized.first(where: { $0.mode == .driving }) {
            let turns = driving.turns.matched()
            (summary.matchedRows, summary.unmatched) = (driving.update.matchedRows, driving.update.unmatched + turns.unmatched)
            (summary.matchedTurnRows, summary.pricedTurns) = (turns.count, driving.turns.pricedTurns)
        } else {
            summary.unmatched = rows.map(\.origin) + turnRows.map(\.origin)
        }
        for mode in customized {
            summary.modes.append(mode.mode)
            summary.changedDirections += mode.update.changedDirections
            summary.closedDirections += mode.update.closedDirections
            summary.areaPieces += mode.areaPieces
        }

        var writer = GraphFileWriter()
        writer.metadata = file.metadata
        summary.metricVersion = (Int(file.metadata["metric_version"] ?? "") ?? 0) + 1
        writer.metadata["metric_version"] = "\(summary.metricVersion)"
        writer.metadata["customized"] = ISO8601DateFormatter().string(from: Date())
        writer.metadata["traffic_rows"] = "\(summary.rows)"
        writer.metadata["turn_penalty_rows"] = "\(summary.turnRows)"
        writer.metadata["closed_areas"] = "\(summary.closedAreas)"
        writer.metadata["datasource_names"] = nil  // the profile's alone, unless live speeds say more
        let rewritten = Set(customized.map(\.mode.rawValue))
        for section in file.sections where section.kind != GraphFile.metadataKind
            && !(rewritten.contains(section.mode) && rewrittenKinds.contains(section.kind)) {
            writer.add(copyOf: file, kind: section.kind, mode: section.mode)
        }
        // OSRM names a speed file's data source by its name without the extension.
        let sourceNames = speedFiles.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        for mode in customized { mode.add(to: &writer, sourceNames: sourceNames) }
        do { try writer.write(to: output ?? path) } catch { throw .graph(error) }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }
}
