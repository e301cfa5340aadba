import Dispatch
import Foundation
import Testing
import WayfinderContraction
import WayfinderGraph

/// Written on one thread, read once the contraction has waited for it.
private final class BesideRuns: @unchecked Sendable {
    var count = 0, onCaller = false
}

/// The cores the modes share (`CoreBudget`) and what a contraction does with them.
@Suite("Shared cores")
struct CoreBudgetTests {
    @Test("the build is the same when its workers come and go with the cores another task leaves free")
    func deterministicWhileBorrowingCores() {
        var rng = SplitMix64(seed: 16)
        let roads = TestGraphs.roadGrid(width: 50, height: 50, rng: &rng)
        let one = buildContractionHierarchy(nodeCount: roads.nodeCount, arcs: roads.arcs, threads: 1)
        // Another task takes and gives back one of the three cores the whole time, so the
        // parallel steps run with one, two or three workers.
        let cores = CoreBudget(cores: 3)
        cores.acquire()  // the contraction's own core
        let other = DispatchGroup()
        DispatchQueue.global().async(group: other) {
            for _ in 0..<400 {
                cores.acquire()
                usleep(50)
                cores.release()
                usleep(50)
            }
        }
        var options = ContractionOptions(threads: 3)
        options.cores = cores
        let shared = buildContractionHierarchy(nodeCount: roads.nodeCount, arcs: roads.arcs, options: options).hierarchy
        other.wait()
        cores.release()
        #expect(cores.borrow(upTo: 5) == 3)
        #expect(Array(one.nodeAtRank) == Array(shared.nodeAtRank))
        #expect(Array(one.forwardFirst) == Array(shared.forwardFirst))
        #expect(Array(one.forwardArcs) == Array(shared.forwardArcs))
        #expect(Array(one.backwardArcs) == Array(shared.backwardArcs))
        #expect(Array(one.selfLoops) == Array(shared.selfLoops))
    }

    @Test func coreBudgetLendsOnlyWhatIsFree() {
        let cores = CoreBudget(cores: 2)
        cores.acquire()  // task A
        #expect(cores.borrow(upTo: 4) == 1)  // the other core is free
        #expect(cores.borrow(upTo: 1) == 0)
        // Task B waits for a core: none is free.
        let gotOne = DispatchSemaphore(value: 0), b = DispatchGroup()
        DispatchQueue.global().async(group: b) {
            cores.acquire()
            gotOne.signal()
        }
        for _ in 0..<5000 where cores.waitingTasks == 0 { usleep(1000) }
        #expect(cores.waitingTasks == 1)
        #expect(gotOne.wait(timeout: .now()) == .timedOut)
        cores.release(1)  // the borrowed core goes to B, not to the next borrower
        #expect(cores.borrow(upTo: 2) == 0)
        #expect(gotOne.wait(timeout: .now() + 5) == .success)
        #expect(b.wait(timeout: .now() + 10) == .success)
        cores.release(2)  // A's and B's
        #expect(cores.borrow(upTo: 3) == 2)
    }

    /// `besideTheArrays` has run when the contraction returns, on a borrowed core when one is
    /// free and on the caller's thread when none is; the hierarchy does not change, and the
    /// borrowed core comes back.
    @Test func besideTheArraysRunsBeforeTheContractionReturns() {
        var rng = SplitMix64(seed: 17)
        let roads = TestGraphs.roadGrid(width: 30, height: 30, rng: &rng)
        let plain = buildContractionHierarchy(nodeCount: roads.nodeCount, arcs: roads.arcs, threads: 1)
        for free in [0, 1] {
            let cores = CoreBudget(cores: 1 + free)
            cores.acquire()  // the contraction's own core
            let ran = BesideRuns(), caller = pthread_self()
            var options = ContractionOptions(threads: 2)
            options.cores = cores
            options.besideTheArrays = {
                usleep(20_000)  // longer than the arrays of this small graph
                (ran.count, ran.onCaller) = (ran.count + 1, pthread_equal(pthread_self(), caller) != 0)
            }
            let built = buildContractionHierarchy(nodeCount: roads.nodeCount, arcs: roads.arcs, options: options).hierarchy
            let (count, onCaller) = (ran.count, ran.onCaller)
            #expect(count == 1, "\(free) free")
            #expect(onCaller == (free == 0), "\(free) free")
            cores.release()
            #expect(cores.borrow(upTo: 3) == 1 + free)
            #expect(Array(plain.nodeAtRank) == Array(built.nodeAtRank))
            #expect(Array(plain.forwardArcs) == Array(built.forwardArcs))
            #expect(Array(plain.backwardArcs) == Array(built.backwardArcs))
        }
    }
}
