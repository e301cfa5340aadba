import Dispatch
import Synchronization
import WayfinderGraph

/// When the sections of a graph are checked against their checksums.
public enum ChecksumTiming: Sendable {
    /// Before the graph is put in service: nothing is answered from a damaged file, but
    /// opening reads the whole file (a second and more for a country-sized one).
    case beforeService
    /// On a thread of its own once the graph is in service, so that opening is a matter of
    /// mapping it. A damaged section is found a second or so later; from then on every
    /// request but `/metrics` is refused (`FileIntegrity.damage`). Reloads always verify a
    /// new file before it replaces the one in service.
    case inBackground
    /// Never (the C library's `wf_open(path, 0)`): only the header and table are checked.
    case skipped
}

/// Whether a graph in service has been found to match its checksums, is being checked, or
/// is damaged. The header, table and every view's bounds are checked at open whatever the
/// timing, so a damaged section can give wrong answers but never reach outside the file.
public final class FileIntegrity: Sendable {
    public enum State: UInt8, Sendable {
        case verifying, verified, notVerified, damaged
    }

    private let state: Atomic<UInt8>
    private let problem = Mutex<String?>(nil)
    /// Entered while verifying, left once the verdict is in.
    private let checked = DispatchGroup()

    /// The verdict `timing` gives `file` at open; `.inBackground` starts the check at once,
    /// and `found` hears of a damaged section.
    init(_ timing: ChecksumTiming, of file: GraphFile, found: (@Sendable (GraphFileError) -> Void)?) {
        switch timing {
        case .beforeService: state = Atomic(State.verified.rawValue)
        case .skipped: state = Atomic(State.notVerified.rawValue)
        case .inBackground:
            state = Atomic(State.verifying.rawValue)
            checked.enter()
            verifyInBackground(file, found: found)
        }
    }

    /// Waits for the background verification, if any; false when the file is damaged.
    public func waitUntilChecked() -> Bool {
        checked.wait()
        return current != .damaged
    }

    public var current: State { State(rawValue: state.load(ordering: .acquiring)) ?? .damaged }

    /// What is wrong with the file, once a section has failed its checksum; else nil.
    public var damage: String? {
        current == .damaged ? problem.withLock { $0 } : nil
    }

    private func verifyInBackground(_ file: GraphFile, found: (@Sendable (GraphFileError) -> Void)?) {
        DispatchQueue.global(qos: .utility).async { [self] in
            do throws(GraphFileError) {
                try file.verifyChecksums()
                state.store(State.verified.rawValue, ordering: .releasing)
                checked.leave()
            } catch {
                problem.withLock { $0 = error.description }
                state.store(State.damaged.rawValue, ordering: .releasing)
                // Heard of before the wait ends: whoever waited for the verdict finds it
                // logged (a test under load once read the log between the two).
                found?(error)
                checked.leave()
            }
        }
    }

    /// `current` as `/health` shows it.
    public var description: String {
        switch current {
        case .verifying: "verifying"
        case .verified: "verified"
        case .notVerified: "not verified"
        case .damaged: "damaged"
        }
    }
}
