import WayfinderGraph

/// Numbers the shortcuts of a freshly built (or renumbered) hierarchy; see `ContractionHierarchy`.
/// (`Shortcut` is spelled with its module here: WayfinderContraction has its own `Shortcut`,
/// a candidate found by the witness search.)
enum ShortcutNumbering {
    /// Rewrites every shortcut's `via` from its middle rank to its id and returns the table,
    /// with each shortcut's middle input node unless `leavesNameHeads` (then an original arc
    /// half is `~head`, its end's input id, instead of `~payload`: every payload must be 0).
    /// Arc indices are one space: forward arcs, then backward arcs, then self-loops.
    /// With `exclusion`, its extra arcs and cycles are numbered too, after the self-loops.
    static func number(nodeAtRank: [Int32], forwardFirst: [Int32], forwardArcs: inout [CHArc],
                       backwardFirst: [Int32], backwardArcs: inout [CHArc], selfLoops: inout [CHArc],
                       exclusion: inout ExclusionArrays?, leavesNameHeads: Bool)
        -> (table: [WayfinderGraph.Shortcut], middles: [Int32]?) {
        let f = forwardArcs.count, b = backwardArcs.count, l = selfLoops.count
        let ef = exclusion?.forward.arcs.count ?? 0, eb = exclusion?.backward.arcs.count ?? 0
        let total = f + b + l + ef + eb + (exclusion?.loops.arcs.count ?? 0)
        let (extraForward, extraBackward) = (f + b + l, f + b + l + ef)
        let extraLoops = extraBackward + eb
        func arc(_ i: Int) -> CHArc {
            if i < f { return forwardArcs[i] }
            if i < f + b { return backwardArcs[i - f] }
            if i < extraForward { return selfLoops[i - f - b] }
            if i < extraBackward { return exclusion!.forward.arcs[i - extraForward] }
            if i < extraLoops { return exclusion!.backward.arcs[i - extraBackward] }
            return exclusion!.loops.arcs[i - extraLoops]
        }
        func find(_ first: [Int32], _ arcs: [CHArc], at rank: Int32, head: Int32) -> Int32 {
            for i in Int(first[Int(rank)])..<Int(first[Int(rank) + 1]) where arcs[i].head == head { return Int32(i) }
            fatalError("contraction hierarchy: half of a shortcut is missing")
        }
        // Halves as arc indices in the one space (-1 for original arcs).
        var firstHalf = [Int32](repeating: -1, count: total), secondHalf = [Int32](repeating: -1, count: total)
        for rank in 0..<max(0, forwardFirst.count - 1) {
            for i in Int(forwardFirst[rank])..<Int(forwardFirst[rank + 1]) where forwardArcs[i].via >= 0 {
                let m = forwardArcs[i].via
                firstHalf[i] = Int32(f) + find(backwardFirst, backwardArcs, at: m, head: Int32(rank))
                secondHalf[i] = find(forwardFirst, forwardArcs, at: m, head: forwardArcs[i].head)
            }
            for i in Int(backwardFirst[rank])..<Int(backwardFirst[rank + 1]) where backwardArcs[i].via >= 0 {
                let m = backwardArcs[i].via
                firstHalf[f + i] = Int32(f) + find(backwardFirst, backwardArcs, at: m, head: backwardArcs[i].head)
                secondHalf[f + i] = find(forwardFirst, forwardArcs, at: m, head: Int32(rank))
            }
            if selfLoops[rank].via >= 0 {
                let m = selfLoops[rank].via
                firstHalf[f + b + rank] = Int32(f) + find(backwardFirst, backwardArcs, at: m, head: Int32(rank))
                secondHalf[f + b + rank] = find(forwardFirst, forwardArcs, at: m, head: Int32(rank))
            }
        }
        if let e = exclusion {
            // An extra shortcut's halves: the extra arcs it names, else main arcs by head.
            func halves(_ index: Int, tail: Int32, head: Int32, via m: Int32, firstExtra: Int32, secondExtra: Int32) {
                firstHalf[index] = firstExtra >= 0 ? Int32(extraBackward) + firstExtra
                                                   : Int32(f) + find(backwardFirst, backwardArcs, at: m, head: tail)
                secondHalf[index] = secondExtra >= 0 ? Int32(extraForward) + secondExtra
                                                     : find(forwardFirst, forwardArcs, at: m, head: head)
            }
            for local in 0..<e.coreCount {
                let r = Int32(e.coreStart + local)
                for j in Int(e.forward.first[local])..<Int(e.forward.first[local + 1]) where e.forward.arcs[j].via >= 0 {
                    halves(extraForward + j, tail: r, head: e.forward.arcs[j].head, via: e.forward.arcs[j].via,
                           firstExtra: e.forward.firstExtra[j], secondExtra: e.forward.secondExtra[j])
                }
                for j in Int(e.backward.first[local])..<Int(e.backward.first[local + 1]) where e.backward.arcs[j].via >= 0 {
                    halves(extraBackward + j, tail: e.backward.arcs[j].head, head: r, via: e.backward.arcs[j].via,
                           firstExtra: e.backward.firstExtra[j], secondExtra: e.backward.secondExtra[j])
                }
            }
            for (j, loop) in e.loops.arcs.enumerated() where loop.via >= 0 {
                halves(extraLoops + j, tail: loop.head, head: loop.head, via: loop.via,
                       firstExtra: e.loops.firstExtra[j], secondExtra: e.loops.secondExtra[j])
            }
        }
        // Depth: 0 for original arcs, 1 + the deeper half for shortcuts (halves are acyclic).
        var depth = [Int32](repeating: -1, count: total)
        var stack: [Int32] = []
        for start in 0..<total where depth[start] < 0 {
            stack.append(Int32(start))
            while let i = stack.last.map(Int.init) {
                if depth[i] >= 0 { stack.removeLast(); continue }
                guard firstHalf[i] >= 0 else { depth[i] = 0; stack.removeLast(); continue }
                let x = Int(firstHalf[i]), y = Int(secondHalf[i])
                if depth[x] < 0 { stack.append(Int32(x)); continue }
                if depth[y] < 0 { stack.append(Int32(y)); continue }
                depth[i] = 1 + max(depth[x], depth[y])
                stack.removeLast()
            }
        }
        // Reverse depth-first post-order from the deepest shortcuts: a topological order (a
        // shortcut before its halves, even halves shared with other shortcuts) in which a
        // shortcut is followed by the tree of its first half, then that of its second half, so
        // unpacking a path mostly reads forwards through memory.
        // Arc indices as Int32 and each array dropped once read: with both modes numbering or
        // contracting at once, this step's arrays are part of the build's peak.
        var roots = deepestFirst(total: total, depth: depth, middle: { arc($0).via }, rankCount: nodeAtRank.count)
        depth = []
        var visited = [Bool](repeating: false, count: total)
        var postOrder: [Int32] = []
        postOrder.reserveCapacity(roots.count)
        // Stack entries: arc index, or ~index once its halves have been pushed.
        var pending: [Int32] = []
        for root in roots where !visited[Int(root)] {
            pending.append(root)
            while let top = pending.popLast() {
                if top < 0 { postOrder.append(~top); continue }
                guard firstHalf[Int(top)] >= 0, !visited[Int(top)] else { continue }
                visited[Int(top)] = true
                pending.append(~top)
                pending.append(firstHalf[Int(top)])   // popped after the second half: emitted later
                pending.append(secondHalf[Int(top)])
            }
        }
        (roots, visited) = ([], [])
        let order = postOrder.reversed()
        var id = [Int32](repeating: -1, count: total)
        for (k, i) in order.enumerated() { id[Int(i)] = Int32(k) }
        // An original half's code. A first half is stored at the middle rank `m`, where its
        // path ends; a second half is a forward arc, whose head is where its path ends.
        func code(_ half: Int32, end: @autoclosure () -> Int32) -> Int32 {
            if id[Int(half)] >= 0 { return id[Int(half)] }
            let via = arc(Int(half)).via
            guard leavesNameHeads else { return via }
            precondition(~via == 0, "contraction hierarchy: a leaf names its head only where every payload is 0")
            return ~nodeAtRank[Int(end())]
        }
        let table = order.map { i in
            let (first, second) = (firstHalf[Int(i)], secondHalf[Int(i)])
            return WayfinderGraph.Shortcut(first: code(first, end: arc(Int(i)).via), second: code(second, end: arc(Int(second)).head))
        }
        let middles = leavesNameHeads ? nil : order.map { nodeAtRank[Int(arc(Int($0)).via)] }
        (firstHalf, secondHalf) = ([], [])
        for shortcut in postOrder {
            let i = Int(shortcut)
            if i < f {
                forwardArcs[i].via = id[i]
            } else if i < f + b {
                backwardArcs[i - f].via = id[i]
            } else if i < extraForward {
                selfLoops[i - f - b].via = id[i]
            } else if i < extraBackward {
                exclusion!.forward.arcs[i - extraForward].via = id[i]
            } else if i < extraLoops {
                exclusion!.backward.arcs[i - extraBackward].via = id[i]
            } else {
                exclusion!.loops.arcs[i - extraLoops].via = id[i]
            }
        }
        return (table, middles)
    }

    /// The shortcuts (arc indices with `depth >= 1`) sorted by depth, deepest first, then by
    /// middle rank, then by index: two stable counting sorts, by middle rank and then by
    /// depth, over the indices in ascending order. A comparison sort of (depth, middle,
    /// index) keys took half a second for cycling's 5.6 M shortcuts at 10x10, with cycling
    /// contracting alone and the other core idle.
    private static func deepestFirst(total: Int, depth: [Int32], middle: (Int) -> Int32, rankCount: Int) -> [Int32] {
        var byMiddle = [Int32](repeating: 0, count: rankCount + 1)
        var deepest: Int32 = 0
        for i in 0..<total where depth[i] > 0 {
            byMiddle[Int(middle(i)) + 1] += 1
            deepest = max(deepest, depth[i])
        }
        for r in 0..<rankCount { byMiddle[r + 1] += byMiddle[r] }
        var sorted = [Int32](repeating: 0, count: Int(byMiddle[rankCount]))
        for i in 0..<total where depth[i] > 0 {
            let m = Int(middle(i))
            sorted[Int(byMiddle[m])] = Int32(i)
            byMiddle[m] += 1
        }
        byMiddle = []
        // Then by depth, deepest first: slot `deepest - depth`.
        var byDepth = [Int](repeating: 0, count: Int(deepest) + 1)
        for i in sorted { byDepth[Int(deepest - depth[Int(i)])] += 1 }
        var next = 0
        for d in byDepth.indices { (byDepth[d], next) = (next, next + byDepth[d]) }
        var roots = [Int32](repeating: 0, count: sorted.count)
        for i in sorted {
            let slot = Int(deepest - depth[Int(i)])
            roots[byDepth[slot]] = i
            byDepth[slot] += 1
        }
        return roots
    }
}
