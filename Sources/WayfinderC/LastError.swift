import Glibc

/// The status codes of `enum wf_status` in include/wayfinder.h.
enum Status: Int32 {
    case ok = 0, badInput = 1, file = 2, noMode = 3, `internal` = 4
    /// No road of the mode near the point (wf_isochrone_json): the point's outcome, not a bad call.
    case noSegment = 5
}

/// A failed call: its status and the message `wf_last_error()` gives.
struct CallError: Error {
    var status: Status
    var message: String
    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// Each thread's last error message, a malloc'd C string behind a pthread key (freed when
/// the thread ends or the next error replaces it), so a message never crosses threads and
/// stays valid until that thread calls the library again.
private let errorKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
}()

/// The empty message of a thread whose last call succeeded.
nonisolated(unsafe) private let noError: UnsafeMutablePointer<CChar> = strdup("")!

func setLastError(_ message: String) {
    let old = pthread_getspecific(errorKey)
    pthread_setspecific(errorKey, strdup(message))
    free(old)
}

/// Called on entry to every function: the message belongs to the thread's last call only.
@inline(__always) func clearLastError() {
    guard let old = pthread_getspecific(errorKey) else { return }
    pthread_setspecific(errorKey, nil)
    free(old)
}

func lastError() -> UnsafePointer<CChar> {
    UnsafePointer(pthread_getspecific(errorKey)?.assumingMemoryBound(to: CChar.self) ?? noError)
}

/// Runs one exported function's body: clears the thread's error, turns a `CallError`
/// into its status and message.
@inline(__always) func call(_ body: () throws(CallError) -> Void) -> Int32 {
    clearLastError()
    do throws(CallError) {
        try body()
        return Status.ok.rawValue
    } catch {
        setLastError(error.message)
        return error.status.rawValue
    }
}
