/// Shared flat-array types of the routing graph.
///
/// Every routing mode is, for the search, a directed graph over dense `Int32` node ids with
/// non-negative `Int32` weights (milliseconds of travel time). What a node *is* depends on
/// the mode: a directed road segment (driving, turn-aware) or an intersection (walking).
/// Arcs carry an `Int32` payload the mode gives meaning to (walking: the road segment).

/// One arc of the input graph, as handed to contraction.
public struct WeightedArc: Hashable, Sendable, BitwiseCopyable {
    public var tail: Int32
    public var head: Int32
    /// Travel time in milliseconds, `>= 0`.
    public var weight: Int32
    /// Mode-defined data carried to the unpacked path (walking: segment id).
    public var payload: Int32

    @inlinable
    public init(tail: Int32, head: Int32, weight: Int32, payload: Int32) {
        self.tail = tail
        self.head = head
        self.weight = weight
        self.payload = payload
    }
}

/// One arc of a compressed-sparse-row graph: the tail is implied by the row. Its payload,
/// where the graph has any but 0, is in a table beside the arcs (`BaseGraph.payloads`).
/// A contraction hierarchy stores its arcs so too, heads being ranks: what each stands for
/// is beside them (`ShortcutArcMap`, `ContractionHierarchy.forwardArc(_:)`).
public struct BaseArc: Hashable, Sendable, BitwiseCopyable {
    public var head: Int32
    public var weight: Int32

    @inlinable
    public init(head: Int32, weight: Int32) {
        self.head = head
        self.weight = weight
    }
}

/// One arc of a contraction hierarchy with what it stands for: as contraction builds arcs,
/// as exclusion filters and self-loops store them, and as `ContractionHierarchy.forwardArc(_:)`
/// returns a stored arc. Heads are *ranks* (storage positions), not input node ids.
public struct CHArc: Hashable, Sendable, BitwiseCopyable {
    public var head: Int32
    public var weight: Int32
    /// `>= 0`: a shortcut, the index of its `Shortcut` (in a finished hierarchy; while it is
    /// being built, the rank of the node it bypasses); `< 0`: an original arc whose payload is `~via`.
    public var via: Int32

    @inlinable
    public init(head: Int32, weight: Int32, via: Int32) {
        self.head = head
        self.weight = weight
        self.via = via
    }

    @inlinable public var isShortcut: Bool { via >= 0 }
    @inlinable public var payload: Int32 { ~via }
}

/// A shortcut of a contraction hierarchy: the path `a -> middle -> b` it stands for, by its
/// halves `first` (a -> middle) and `second` (middle -> b). A half is a shortcut id when
/// `>= 0`, else an original arc named by its complement, so unpacking reads only this table.
/// What an original arc's complement holds depends on the hierarchy (`shortcutMiddles`): its
/// payload, with the middle nodes in a table beside this one; or, where every payload is 0
/// (turn-expanded modes), the input node it ends at, so that no middle need be stored.
/// A half always has a larger id than the shortcut it belongs to.
public struct Shortcut: Hashable, Sendable, BitwiseCopyable {
    public var first: Int32
    public var second: Int32

    @inlinable
    public init(first: Int32, second: Int32) {
        self.first = first
        self.second = second
    }
}

/// Weight meaning "unreachable" everywhere in the query core.
public let infiniteWeight: Int32 = .max
