import Foundation

/// The cores several contractions share, so that none stays idle while one still works.
///
/// The import's modes phase runs its modes in waves, one task a core (`ModeBuild.waves`). A
/// contraction alone on the machine parallelises its rounds, but one of several used to keep
/// a fixed share of the cores: at 10x10, cycling's contraction ran on one core for 20 s and
/// more after driving and walking had finished, and left the other idle. Now each task holds
/// one core (`acquire`, `release`) and a contraction borrows whatever is free, one parallel
/// step at a time (`borrow`, `ContractionOptions.cores`). The hierarchy is the same whatever
/// it borrows: a step's results are gathered by batch position and node, not by worker.
///
/// A task waiting in `acquire` comes before any borrower: `borrow` lends nothing while one
/// waits, so a released core goes to the waiter.
public final class CoreBudget: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var free: Int
    private var waiting = 0

    public init(cores: Int) {
        free = max(1, cores)
    }

    /// How many tasks are waiting in `acquire` now.
    public var waitingTasks: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting
    }

    /// Takes one core for a task, waiting until one is free.
    public func acquire() {
        condition.lock()
        waiting += 1
        while free == 0 { condition.wait() }
        waiting -= 1
        free -= 1
        condition.unlock()
    }

    /// Gives `count` cores back (a task's one when it ends, or what `borrow` returned).
    public func release(_ count: Int = 1) {
        condition.lock()
        free += count
        condition.broadcast()
        condition.unlock()
    }

    /// Takes up to `count` free cores without waiting; returns how many it took.
    public func borrow(upTo count: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if waiting > 0 { return 0 }
        let taken = min(max(count, 0), free)
        free -= taken
        return taken
    }
}
