import Foundation
import WayfinderService

/// A background thread that checks every `interval` seconds whether another file stands
/// at the graph path (inode, size or mtime changed) and reloads it.
final class GraphWatcher: Sendable {
    /// Signalled by `stop()`: ends the thread's wait at once.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(state: ServiceState, interval: Double) {
        let thread = Thread { [self] in
            while wake.wait(timeout: .now() + interval) == .timedOut {
                state.reloadIfReplaced()
            }
            finished.signal()
        }
        thread.name = "graph watcher"
        thread.start()
    }

    func stop() {
        wake.signal()
        finished.wait()
    }
}
