import Foundation
import Synchronization

/// A background thread that checks every `interval` seconds whether another file stands
/// at the graph path (inode, size or mtime changed) and reloads it.
final class GraphWatcher: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(state: ServerState, interval: Double) {
        let thread = Thread { [self] in
            var slept = 0.0
            while !stopping.load(ordering: .relaxed) {
                // Short naps, so that stop() returns promptly.
                usleep(50_000)
                slept += 0.05
                if slept >= interval {
                    slept = 0
                    state.reloadIfReplaced()
                }
            }
            finished.signal()
        }
        thread.name = "graph watcher"
        thread.start()
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
    }
}
