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
/// driving mode; walking and cycling are copied as they are.
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
        .baseFirst, .baseArcs, .importedBaseFirst, .importedBaseArcs, .snapClosedPieces,
    ].map(\.rawValue) + SectionKind.all.filter { $0.group == .hierarchy || $0.group == .exclusionFilters }.map(\.rawValue))

    /// Applies the speed and turn penalty files (each kind read in order; the last row for a
    /// stretch or a turn wins) to `path` and writes the result to `output` (default: `path`),
    /// replacing it atomically.
    public static func customize(graph path: String, speedFiles: [String], turnPenaltyFiles: [String] = [],
                                 output: String? = nil, threads: Int = 2) throws(Failure) -> Summary {
        let started = Date()
        var summary = Summary()
        var rows: [SegmentSpeedRow] = [], turnRows: [TurnPenaltyRow] = []
        do {
            for file in speedFiles { rows += try TrafficFiles.readSegmentSpeeds(file) }
            for file in turnPenaltyFiles { turnRows += try TrafficFiles.readTurnPenalties(file) }
        } catch { throw .traffic(error) }
        (summary.rows, summary.turnRows) = (rows.count, turnRows.count)
        let file: GraphFile
        do { file = try GraphFile(path: path) } catch { throw .graph(error) }
        let mode = TravelMode.driving
        let driving: ModeCustomization
        do { driving = try ModeCustomization(file: file, mode: mode, rows: rows, turnRows: turnRows, threads: threads) } catch {
            throw .unsuitable(path: path, reason: "\(error)")
        }
        let turns = driving.turns.matched()
        (summary.matchedRows, summary.unmatched) = (driving.update.matchedRows, driving.update.unmatched + turns.unmatched)
        (summary.matchedTurnRows, summary.pricedTurns) = (turns.count, driving.turns.pricedTurns)
        (summary.changedDirections, summary.closedDirections) = (driving.update.changedDirections, driving.update.closedDirections)

        var writer = GraphFileWriter()
        writer.metadata = file.metadata
        summary.metricVersion = (Int(file.metadata["metric_version"] ?? "") ?? 0) + 1
        writer.metadata["metric_version"] = "\(summary.metricVersion)"
        writer.metadata["customized"] = ISO8601DateFormatter().string(from: Date())
        writer.metadata["traffic_rows"] = "\(summary.rows)"
        writer.metadata["turn_penalty_rows"] = "\(summary.turnRows)"
        for section in file.sections where section.kind != GraphFile.metadataKind
            && !(section.mode == mode.rawValue && rewrittenKinds.contains(section.kind)) {
            writer.add(copyOf: file, kind: section.kind, mode: section.mode)
        }
        driving.add(to: &writer)
        do { try writer.write(to: output ?? path) } catch { throw .graph(error) }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }
}
