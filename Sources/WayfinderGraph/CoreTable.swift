/// All-pairs distances between the top nodes of a contraction hierarchy (its *core*).
///
/// Nearly all the work of a long CH query happens at the top: on the 10x10 Andorra tiling,
/// 94 % of the labels a search touches belong to the last 0.1 % of nodes contracted, which
/// form a dense mesh. With every distance inside that mesh tabulated, both searches stop
/// where they enter it and one table lookup per pair of entry points replaces the mesh
/// search (the idea of transit-node routing's top level, kept exact).
///
/// Why it is exact: the core is the last `size` ranks, and every arc stored at a core rank
/// leads into the core (upward closed). A shortest up-down path whose peak is in the core
/// enters it at one node `a` going up and leaves it at one node `b` going down; the part
/// before `a` and after `b` is found by the searches, and `a -> b` is exactly
/// `distances[a][b]`, the shortest path between them in the core's arcs (all of it lies in
/// the core, since everything above a core node is core).
///
/// Layout (local ids `i = rank - start`): `distances[i * size + j]`, `infiniteWeight` when no
/// path; `nextHop[i * size + j]` is the local id after `i` on that path (`noHop` when none or
/// `i == j`). Among equally short paths the tables follow the one with the fewest arcs, so
/// following next hops strictly shortens the remaining arc count and always ends at `j`.
///
/// The tables are part of the hierarchy (`coreDistances`, `coreNextHop`); WayfinderContraction
/// builds them (`CoreTable.build`). Here is what queries and validation need.
public enum CoreTable {
    public static let noHop = UInt16.max
    /// Upper bound of the core size: the tables take 6 bytes per pair (96 MiB at 4096).
    public static let maximumSize = 4096

    /// The default core size for a hierarchy of `nodeCount` nodes: a 64th of the nodes, at
    /// most 1024 up to a million nodes (the tiling's searches touch ~10 core nodes at 805 or
    /// 1024), and the square root of the node count beyond, at most `maximumSize`.
    ///
    /// Why the square root: the table then takes 6 bytes a node, at every size, while the
    /// searches below the core would otherwise settle ever more nodes as the network grows,
    /// each a likely cache miss in a file of gigabytes. At the 20x20 tiling (driving, 3.3 M
    /// nodes) a core of 1814 instead of 1024 nodes takes the nodes a route settles from 129
    /// to 79 (BENCHMARKS.md, "Scale, fourth slice").
    public static func defaultSize(nodeCount: Int) -> Int {
        min(maximumSize, nodeCount / 64, max(1024, Int(Double(nodeCount).squareRoot())))
    }
}
