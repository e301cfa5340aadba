import Dispatch
import WayfinderGraph

// The contraction's front door: its options, what it reports, and the calls that run it
// (`Contractor` does the work).

/// Tuning knobs of the contraction. The defaults suit road graphs.
public struct ContractionOptions: Sendable {
    /// Worker threads for priority estimates and witness searches (the rest is sequential).
    /// With `cores`, the most it uses at once.
    public var threads: Int
    /// When given, the contraction shares the machine with other tasks: its caller holds one
    /// of these cores, and each parallel step borrows up to `threads - 1` more that are free
    /// at that moment (`CoreBudget`). Without it, every step uses `threads` workers.
    public var cores: CoreBudget?
    /// Settle limit of the witness searches that only *estimate* a node's priority.
    public var estimateSettleLimit: Int
    /// Settle limit of the witness searches that decide the shortcuts. Lower is faster but adds
    /// shortcuts; it never changes query answers.
    public var contractSettleLimit: Int

    /// When given (one per node), the finished hierarchy's ranks follow these keys (see
    /// `StorageOrder`), numbered once, without first building the contraction-order layout.
    public var storageKeys: [UInt64]?

    /// When given (one per node): the exclusion filters in which each node stays, bit `c`
    /// for the filter that removes the classes of combination `c` (`ExclusionFilter`). The
    /// hierarchy then answers every filter exactly (see `ExclusionContraction.swift`).
    public var nodeFilters: [UInt8]?
    /// With `nodeFilters`: the share of the nodes every filter keeps that stays uncontracted
    /// for the filters' core (OSRM keeps a tenth): contracting them all before the others
    /// leaves the removable nodes a near-complete graph of shortcuts (the 10x10 tiling's
    /// 2,800 toll nodes: 13 minutes of contraction instead of 10 s). 2.5 % keeps the core
    /// within `StorageOrder`'s top 3 % there, so plain searches keep their memory layout.
    public var sharedCoreFraction = 0.025

    /// When given (one per node): fixed priorities instead of estimated ones, so that nodes are
    /// contracted in this order (ties and equal values: any order). Re-contracting a new
    /// metric along an earlier hierarchy's order (`ContractionHierarchy.contractionLevels`)
    /// skips every estimate, the larger half of a contraction, and stays exact: any order
    /// gives a correct hierarchy, only its size depends on it.
    public var fixedPriorities: [Float]?

    /// Every input arc's payload is 0 (turn-expanded modes): the shortcut table then names an
    /// original arc half by the input node it ends at, and keeps no middle nodes, 4 of every
    /// 12 bytes of the table (see `ContractionHierarchy`).
    public var leavesNameHeads = false

    /// When given: work of the caller's that needs no hierarchy (a mode's components,
    /// snapping index and bearings). It runs beside the steps after the rounds, which are
    /// single-threaded (storage order, core table, arrays), on a core borrowed from `cores`
    /// if one is free then (without `cores`: if `threads > 1`), else after them on the
    /// caller's thread. Either way it has run when the contraction returns. At 10x10,
    /// cycling's are 0.85 s beside 2.3 s of those steps, with the other core idle.
    public var besideTheArrays: (@Sendable () -> Void)?

    /// When given: the nodes contracted so far are counted on it once per round (a store, so
    /// a display can follow a long contraction), and the steps after the rounds are named.
    public var progress: BuildProgress.Track?

    public init(threads: Int = 1, estimateSettleLimit: Int = 10, contractSettleLimit: Int = 200,
                storageKeys: [UInt64]? = nil, nodeFilters: [UInt8]? = nil) {
        self.threads = max(1, threads)
        self.estimateSettleLimit = estimateSettleLimit
        self.contractSettleLimit = contractSettleLimit
        self.storageKeys = storageKeys
        self.nodeFilters = nodeFilters
    }
}

/// What a contraction produced and cost.
public struct ContractionStatistics: Sendable {
    public var nodeCount = 0
    public var inputArcCount = 0
    /// Input arcs that became hierarchy arcs (parallel arcs and self-loops removed).
    public var originalArcCount = 0
    public var shortcutCount = 0
    /// Independent sets contracted one after another.
    public var rounds = 0
    public var seconds = 0.0
    /// Wall time of each step, in order: `rounds` (the node order and its shortcuts),
    /// `numbering`; with exclusion filters one `exclusion core NAMES` per group of filters
    /// (they run in parallel, so these overlap), `exclusion cores` (all of them) and
    /// `exclusion merge`; with storage keys `storage order`; `core table` (`CoreTable`); and
    /// `arrays` (the shortcuts numbered, the final layout).
    public var steps: [(name: String, seconds: Double)] = []
}

/// Builds a contraction hierarchy that answers every query exactly like Dijkstra on `arcs`.
///
/// `arcs` may contain parallel arcs (the cheapest is kept, with its payload), self-loops (they
/// become `selfLoops`), zero weights and nodes without arcs. Weights must be `>= 0` and payloads
/// `>= 0` (the hierarchy stores an original arc's payload as `~via`). Paths whose weight reaches
/// `infiniteWeight` count as no path, as in the queries.
public func buildContractionHierarchy(nodeCount: Int, arcs: [WeightedArc], threads: Int = 1) -> ContractionHierarchy {
    buildContractionHierarchy(nodeCount: nodeCount, arcs: arcs, options: ContractionOptions(threads: threads)).hierarchy
}

/// As `buildContractionHierarchy(nodeCount:arcs:threads:)`, with options and statistics.
public func buildContractionHierarchy(
    nodeCount: Int, arcs: [WeightedArc], options: ContractionOptions
) -> (hierarchy: ContractionHierarchy, statistics: ContractionStatistics) {
    let started = ContinuousClock.now
    let contractor = Contractor(nodeCount: nodeCount, arcs: arcs, options: options)
    contractor.run()
    contractor.laps.lap("rounds")
    let beside = options.besideTheArrays.map { work in
        let borrowed = options.cores?.borrow(upTo: 1) ?? min(options.threads - 1, 1)
        return borrowed == 0 ? work : { [cores = options.cores] in
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                work()
                cores?.release(borrowed)
            }
            return { done.wait() }
        }()
    }
    let hierarchy = contractor.makeHierarchy()
    contractor.laps.lap("arrays")
    var statistics = contractor.statistics
    statistics.steps = contractor.laps.steps
    statistics.seconds = Laps.seconds(ContinuousClock.now - started)
    beside?()  // not counted: the caller times its own work
    return (hierarchy, statistics)
}
