import Dispatch
import Synchronization
import WayfinderGraph

/// The original arcs of the hierarchy arcs between core ranks (see `CoreTable`), unpacked
/// once after a graph is opened and shared by all query objects.
///
/// A long route crosses the core in a few hops, each a shortcut standing for hundreds of
/// original arcs, and unpacking one through the shortcut table reads a record per arc, most
/// of them cache misses. The hops are few (14 k arcs between the 1,024 core ranks of the
/// 10x10 tiling; 3 M original arcs once unpacked, 24 MB, 45–75 ms) and every long route uses
/// some, so each is unpacked once here and copied into a path as one block: a third off the
/// time of a 450 km query (BENCHMARKS.md). Not stored in the graph file, which it would
/// take past its 500 MB budget at that size.
///
/// The core keeps its size as the network grows, so its hops get longer: 21 M original arcs
/// for driving at 20x20, 7 times the 10x10's for 4 times the roads. So the expansions keep to
/// a byte budget: hops are unpacked from the top of the core down (the higher a hop, the more
/// long routes cross it) until it is spent, and the rest are unpacked through the shortcut
/// table as without expansions. Either way the path is the same.
///
/// Core arcs are numbered in one space: the forward arcs stored at core ranks, then the
/// backward ones (`id(forwardArc:)`, `id(backwardArc:)`).
public final class CoreExpansions: @unchecked Sendable {
    /// Bytes of expansions a mode keeps at most: 8 per original arc. 10x10 needs 24 MB for
    /// driving; 20x20 would take 168 MB for driving and 720 MB for its three modes, and keeps
    /// 400 MB (driving's unpacking p50 15.5 → 17–18 µs; at 64 MiB, 21–23 µs).
    public static let defaultBudget = 128 << 20

    /// The expansion of core arc `id`, if it was unpacked (`count[id] >= 0`):
    /// `nodes[start[id] ..< start[id] + count[id]]` (its input nodes after its tail) and the
    /// payloads of the original arcs leading to them.
    private let start: UnsafeBufferPointer<Int>
    private let count: UnsafeBufferPointer<Int32>
    private let nodes: UnsafeBufferPointer<Int32>
    private let payloads: UnsafeBufferPointer<Int32>
    private let owner = BufferOwner()
    private let forwardBase: Int, backwardBase: Int, forwardCount: Int

    /// Unpacks the arcs stored at core ranks of `hierarchy`, from the top rank down, as long
    /// as they fit in `budget` bytes; nil when it has no core.
    public init?(_ hierarchy: ContractionHierarchy, budget: Int = CoreExpansions.defaultBudget) {
        let h = hierarchy, coreStart = Int(h.coreStart), n = h.nodeCount
        guard h.coreSize > 0 else { return nil }
        forwardBase = Int(h.forwardFirst[coreStart])
        backwardBase = Int(h.backwardFirst[coreStart])
        forwardCount = Int(h.forwardFirst[n]) - forwardBase
        let ids = forwardCount + Int(h.backwardFirst[n]) - backwardBase
        var start = [Int](repeating: 0, count: ids), count = [Int32](repeating: -1, count: ids)
        var nodes = [Int32](), payloads = [Int32]()
        let arcLimit = budget / (MemoryLayout<Int32>.stride * 2)
        var path = PathBuilder()
        defer { path.deallocate() }
        /// Unpacks arc `id` if it fits; false once the budget is spent.
        func add(_ id: Int, from tail: Int32, to head: Int32, code: Int32) -> Bool {
            path.begin(at: tail)
            path.expand(to: head, code: code, shortcuts: h.shortcuts, middles: h.shortcutMiddles)
            return path.withPath { pathNodes, pathPayloads in
                guard nodes.count + pathPayloads.count <= arcLimit else { return false }
                (start[id], count[id]) = (nodes.count, Int32(pathPayloads.count))
                nodes.append(contentsOf: pathNodes.dropFirst())
                payloads.append(contentsOf: pathPayloads)
                return true
            }
        }
        // Backward arcs are stored at their lower end and lead from their head down to it.
        unpacking: for rank in (coreStart..<n).reversed() {
            for i in Int(h.forwardFirst[rank])..<Int(h.forwardFirst[rank + 1]) {
                let arc = h.forwardArc(i)
                guard add(i - forwardBase, from: h.nodeAtRank[rank], to: h.nodeAtRank[Int(arc.head)], code: arc.via) else { break unpacking }
            }
            for i in Int(h.backwardFirst[rank])..<Int(h.backwardFirst[rank + 1]) {
                let arc = h.backwardArc(i)
                guard add(forwardCount + i - backwardBase, from: h.nodeAtRank[Int(arc.head)], to: h.nodeAtRank[rank], code: arc.via)
                else { break unpacking }
            }
        }
        self.start = owner.keep(start)
        self.count = owner.keep(count)
        self.nodes = owner.keep(nodes)
        self.payloads = owner.keep(payloads)
    }

    /// Whether these are the expansions of `hierarchy` (its core arcs number the same).
    func fits(_ hierarchy: ContractionHierarchy) -> Bool {
        let h = hierarchy, start = Int(h.coreStart), n = h.nodeCount
        return h.coreSize > 0 && forwardBase == Int(h.forwardFirst[start]) && backwardBase == Int(h.backwardFirst[start])
            && forwardCount == Int(h.forwardFirst[n]) - forwardBase && self.start.count == forwardCount + Int(h.backwardFirst[n]) - backwardBase
    }

    /// The number of original arcs held.
    public var arcCount: Int { nodes.count }

    /// The id of forward arc `i` (`forwardArcs[i]`, stored at a core rank).
    @inline(__always) func id(forwardArc i: Int) -> Int { i - forwardBase }

    /// The id of backward arc `i` (`backwardArcs[i]`, stored at a core rank).
    @inline(__always) func id(backwardArc i: Int) -> Int { forwardCount + i - backwardBase }

    /// Whether core arc `id` was unpacked within the budget.
    @inline(__always) func holds(_ id: Int) -> Bool { count[id] >= 0 }

    /// Appends the original arcs of core arc `id`, which it `holds`, to `path` (which ends at
    /// the arc's tail).
    @inline(__always) func append(_ id: Int, to path: inout PathBuilder) {
        let range = start[id]..<start[id] + Int(count[id])
        path.append(nodes: UnsafeBufferPointer(rebasing: nodes[range]), payloads: UnsafeBufferPointer(rebasing: payloads[range]))
    }
}

/// A graph's `CoreExpansions`, unpacked on a thread of their own once the graph is open, so
/// that opening stays a matter of mapping and checking the file: at 20x20 the three modes'
/// hops are seconds of work. Until they are there, queries unpack core
/// hops through the shortcut table, which gives the very same paths, only slower.
public final class CoreHops: Sendable {
    private let unpacked = AtomicLazyReference<CoreExpansions>()
    private let done = DispatchGroup()

    /// Starts unpacking `hierarchy`'s core hops; `file` (whose mapping the hierarchy views)
    /// is held until they are done. `after`, if given, is waited for first, and nothing is
    /// unpacked if it says no: the server's checksums, verified in the background, since
    /// unpacking follows the hierarchy's arcs wherever damaged bytes would send it. Nil when
    /// the hierarchy has no core.
    public init?(_ hierarchy: ContractionHierarchy, of file: GraphFile, after gate: (@Sendable () -> Bool)? = nil) {
        guard hierarchy.coreSize > 0 else { return nil }
        done.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            if gate?() ?? true {
                withExtendedLifetime(file) {
                    if let expansions = CoreExpansions(hierarchy) { _ = unpacked.storeIfNil(expansions) }
                }
            }
            done.leave()
        }
    }

    /// Hops already unpacked (tests, and queries built on a query object of their own).
    public init(_ expansions: CoreExpansions) {
        _ = unpacked.storeIfNil(expansions)
    }

    /// The expansions once they are unpacked; nil before.
    public var expansions: CoreExpansions? { unpacked.load() }

    /// Waits until the unpacking is done (benchmarks, which time queries on the settled graph).
    @discardableResult
    public func wait() -> CoreExpansions? {
        done.wait()
        return unpacked.load()
    }
}

extension PathBuilder {
    /// Appends the path from core rank `x` to core rank `y` (nothing when they are the
    /// same) by the core table's next hops, each hop one hierarchy arc: copied from
    /// `expansions` when given, else unpacked through the shortcut table. `CHQuery` and
    /// `ViaNodeSearch` both cross the core this way.
    mutating func crossCore(from x: Int32, to y: Int32, _ h: ContractionHierarchy, _ expansions: CoreExpansions?) {
        let size = h.coreSize, start = Int(h.coreStart)
        var v = x, hops = 0
        while v != y {
            let hop = h.coreNextHop[(Int(v) - start) * size + Int(y) - start]
            hops += 1
            if hop == CoreTable.noHop || hops > size { fatalError("core table: no path from rank \(v) to \(y)") }
            let next = Int32(start + Int(hop))
            let (up, index, id) = h.cheapestCoreArc(from: v, to: next, expansions)
            if let expansions, expansions.holds(id) {
                expansions.append(id, to: &self)
            } else {
                let code = up ? h.forwardArc(index).via : h.backwardArc(index).via
                expand(to: h.nodeAtRank[Int(next)], code: code, shortcuts: h.shortcuts, middles: h.shortcutMiddles)
            }
            v = next
        }
    }
}

extension ContractionHierarchy {
    /// The cheapest hierarchy arc `x -> y` between two core ranks, as its direction (`up`:
    /// a forward arc) and index, and its `CoreExpansions` id (-1 without expansions): stored
    /// at the lower one (core ranks are in contraction order), forwards at `x` or backwards at
    /// `y`. Paths across the core are unpacked hop by hop from the core table's next hops
    /// through it; what the arc stands for is looked up only where no expansion holds it.
    func cheapestCoreArc(from x: Int32, to y: Int32, _ expansions: CoreExpansions?) -> (up: Bool, index: Int, id: Int) {
        let up = y > x
        let (first, arcs, at, head) = up ? (forwardFirst, forwardArcs, x, y) : (backwardFirst, backwardArcs, y, x)
        var found = -1
        for i in Int(first[Int(at)])..<Int(first[Int(at) + 1]) where arcs[i].head == head && (found < 0 || arcs[i].weight < arcs[found].weight) {
            found = i
        }
        guard found >= 0 else { fatalError("core table: no arc from rank \(x) to \(y)") }
        let id = expansions.map { up ? $0.id(forwardArc: found) : $0.id(backwardArc: found) } ?? -1
        return (up, found, id)
    }
}
