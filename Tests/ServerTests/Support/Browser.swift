import Foundation
import Glibc
import Synchronization

/// Headless Chromium driven over the DevTools protocol, for tests that use the map page as a
/// person would: click, drag, type, switch the colour scheme, grant or deny the location,
/// take screenshots, and see every request the page made.
///
/// The protocol runs over a pipe (`--remote-debugging-pipe`: commands are written to the
/// browser's file descriptor 3, answers and events read from its descriptor 4, each message
/// JSON ended by a NUL byte), so no port is opened and nothing but the standard library is
/// needed. One page per browser; one browser per test (they start in well under a second).
final class Browser: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private let pid: pid_t
    private let commands: Int32, events: Int32
    private let profile: String
    private let channel = Channel()
    private var arrived: NSCondition { channel.arrived }
    private var session = ""

    /// URLs of every request the page made, in order (the page itself included).
    var requests: [String] { channel.state.withLock { $0.requests } }
    /// Uncaught exceptions and `console.error` lines of the page.
    var pageErrors: [String] { channel.state.withLock { $0.errors } }

    /// Starts Chromium (Debian's, `chromiumPath`) with an empty profile and opens a blank page
    /// of `width` × `height` CSS pixels.
    init(width: Int = 1200, height: Int = 800) throws {
        guard let chromium = chromiumPath else { throw Failure("chromium is not installed (scripts/setup installs it)") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-browser-\(UUID().uuidString)").path
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure("pipe: \(errno)") }
        let arguments = [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                         "--hide-scrollbars", "--no-first-run", "--no-default-browser-check", "--mute-audio",
                         "--user-data-dir=\(profile)", "--window-size=\(width),\(height)", "about:blank"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, chromium, &actions, nil, &argv, environ)
        Glibc.close(toBrowser[0])
        Glibc.close(fromBrowser[1])
        guard spawned == 0 else {
            Glibc.close(toBrowser[1]); Glibc.close(fromBrowser[0])
            throw Failure("could not start chromium: \(spawned)")
        }
        pid = child
        commands = toBrowser[1]
        events = fromBrowser[0]
        _ = fcntl(commands, F_SETFD, FD_CLOEXEC)
        _ = fcntl(events, F_SETFD, FD_CLOEXEC)
        let channel = channel, events = events
        Thread { channel.readMessages(from: events) }.start()

        let target = try send("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let targetId = target["targetId"] as? String else { throw Failure("no page target: \(target)") }
        let attached = try send("Target.attachToTarget", ["targetId": targetId, "flatten": true], inSession: false)
        guard let id = attached["sessionId"] as? String else { throw Failure("could not attach: \(attached)") }
        session = id
        for domain in ["Page", "Runtime", "Network"] { try send("\(domain).enable") }
        try setViewport(width: width, height: height)
    }

    deinit { close() }

    /// Ends the browser and removes its profile.
    func close() {
        let wasClosed = channel.state.withLock { s in defer { s.closed = true }; return s.closed }
        if wasClosed { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        Glibc.close(commands)   // the reader closes `events` when it reads the end
        try? FileManager.default.removeItem(atPath: profile)
    }

    // MARK: - The page

    /// Loads `url` and waits for its load event (scripts run, images in).
    func open(_ url: String, timeout: Double = 30) throws {
        let before = channel.state.withLock { $0.loads }
        let answer = try send("Page.navigate", ["url": url])
        if let error = answer["errorText"] as? String { throw Failure("cannot open \(url): \(error)") }
        try waitUntil(timeout: timeout, "the load of \(url)") { channel.state.withLock { $0.loads > before } }
    }

    /// The value of a JavaScript expression (a promise is awaited), as JSON values
    /// (`String`, `NSNumber`/`Double`/`Bool`, arrays, dictionaries) or nil for undefined/null.
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let answer = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let text = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? (exception["text"] as? String) ?? "\(exception)"
            throw Failure("\(expression): \(text)")
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// Polls `expression` until it is truthy and returns its value.
    @discardableResult
    func waitFor(_ expression: String, timeout: Double = 10) throws -> Any {
        var value: Any?
        try waitUntil(timeout: timeout, expression, poll: 0.05) {
            value = try? evaluate("(() => { const v = (\(expression)); return v ? v : null; })()")
            return value != nil
        }
        return value!
    }

    // MARK: - Input

    func click(x: Double, y: Double) throws {
        try mouse("mouseMoved", x, y)
        try mouse("mousePressed", x, y, button: "left", clickCount: 1)
        try mouse("mouseReleased", x, y, button: "left", clickCount: 1)
    }

    /// Clicks the centre of the first element `selector` matches (scrolled into view first).
    func click(selector: String) throws {
        let quoted = try String(decoding: JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self)
        guard let box = try evaluate("""
            (() => { const e = document.querySelector(\(quoted)[0]); if (!e) return null;
              e.scrollIntoView({block: "nearest"}); const r = e.getBoundingClientRect();
              return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """) as? [Double] else { throw Failure("nothing matches \(selector)") }
        try click(x: box[0], y: box[1])
    }

    /// Presses the left button at one point, moves in steps to the other and lets go (a pan).
    func drag(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int = 12) throws {
        try mouse("mouseMoved", fromX, fromY)
        try mouse("mousePressed", fromX, fromY, button: "left", clickCount: 1)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try mouse("mouseMoved", fromX + (toX - fromX) * t, fromY + (toY - fromY) * t, button: "left", buttons: 1)
            usleep(16_000)
        }
        try mouse("mouseReleased", toX, toY, button: "left", clickCount: 1)
    }

    /// Presses and releases a key: "Enter", "Escape", "Tab", "Backspace", the arrows, or one character.
    func press(_ key: String) throws {
        let named: [String: (code: String, keyCode: Int, text: String?)] = [
            "Enter": ("Enter", 13, "\r"), "Escape": ("Escape", 27, nil), "Tab": ("Tab", 9, nil),
            "Backspace": ("Backspace", 8, nil), "ArrowDown": ("ArrowDown", 40, nil), "ArrowUp": ("ArrowUp", 38, nil),
            "ArrowLeft": ("ArrowLeft", 37, nil), "ArrowRight": ("ArrowRight", 39, nil),
        ]
        var down: [String: Any] = ["type": "keyDown", "key": key]
        if let k = named[key] {
            down["code"] = k.code
            down["windowsVirtualKeyCode"] = k.keyCode
            if let text = k.text { down["text"] = text }
        } else {
            down["text"] = key
            if let scalar = key.uppercased().unicodeScalars.first { down["windowsVirtualKeyCode"] = Int(scalar.value) }
        }
        try send("Input.dispatchKeyEvent", down)
        down["type"] = "keyUp"
        down["text"] = nil
        try send("Input.dispatchKeyEvent", down)
    }

    /// Types `text` into the focused element, as an input method would.
    func type(_ text: String) throws { try send("Input.insertText", ["text": text]) }

    // MARK: - Emulation

    /// `prefers-color-scheme`: "light" or "dark".
    func setColorScheme(_ scheme: String) throws {
        try send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
    }

    /// Grants the location permission and reports this position.
    func setGeolocation(latitude: Double, longitude: Double, accuracy: Double = 20) throws {
        try send("Browser.setPermission", ["permission": ["name": "geolocation"], "setting": "granted"], inSession: false)
        try send("Emulation.setGeolocationOverride", ["latitude": latitude, "longitude": longitude, "accuracy": accuracy])
    }

    /// Denies the location permission, as a user who says no.
    func denyGeolocation() throws {
        try send("Browser.setPermission", ["permission": ["name": "geolocation"], "setting": "denied"], inSession: false)
    }

    /// The page's size in CSS pixels; `mobile` also emulates touch and a phone's viewport rules.
    func setViewport(width: Int, height: Int, mobile: Bool = false) throws {
        try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
        try send("Emulation.setTouchEmulationEnabled", ["enabled": mobile])
    }

    /// Writes a PNG of the page's viewport.
    func screenshot(to path: String) throws {
        let answer = try send("Page.captureScreenshot", ["format": "png"])
        guard let base64 = answer["data"] as? String, let png = Data(base64Encoded: base64) else {
            throw Failure("no screenshot: \(answer.keys)")
        }
        try png.write(to: URL(fileURLWithPath: path))
    }

    // MARK: - The protocol

    private func mouse(_ type: String, _ x: Double, _ y: Double, button: String = "none", clickCount: Int = 0, buttons: Int = 0) throws {
        try send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": button, "clickCount": clickCount,
                                              "buttons": type == "mousePressed" ? 1 : buttons])
    }

    /// Sends a command and waits for its answer's `result` (an error answer throws).
    @discardableResult
    private func send(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true, timeout: Double = 30) throws -> [String: Any] {
        let id = channel.state.withLock { s in defer { s.nextId += 1 }; return s.nextId }
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure("the browser is gone (\(method))") }
            written += n
        }
        var answer: [String: Any]?
        try waitUntil(timeout: timeout, "the answer to \(method)") {
            answer = channel.state.withLock { $0.answers.removeValue(forKey: id)?.object }
            return answer != nil
        }
        if let error = answer!["error"] as? [String: Any] {
            throw Failure("\(method): \(error["message"] ?? error)")
        }
        return answer!["result"] as? [String: Any] ?? [:]
    }

    /// Waits, without spinning, for `condition` (checked on each message and every `poll` seconds).
    private func waitUntil(timeout: Double, _ what: String, poll: Double = 0.1, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return }
            if channel.state.withLock({ $0.closed }) { throw Failure("the browser ended while waiting for \(what)") }
            guard Date() < deadline else { throw Failure("timed out after \(timeout) s waiting for \(what)") }
            arrived.lock()
            _ = arrived.wait(until: min(deadline, Date().addingTimeInterval(poll)))
            arrived.unlock()
        }
    }
}

/// What the browser said: answers by command id, and what the page's events told. Shared
/// by the browser and its reader thread (which holds only this, so a browser no test keeps
/// is closed by its deinit).
private final class Channel: Sendable {
    struct State {
        var nextId = 1
        var answers: [Int: Message] = [:]
        var requests: [String] = []
        var errors: [String] = []
        var loads = 0
        var closed = false
    }
    /// A decoded message (JSON objects hold `Any`; only the thread that waits for it reads it).
    struct Message: @unchecked Sendable { let object: [String: Any] }

    let state = Mutex(State())
    let arrived = NSCondition()

    /// The reader thread: splits the browser's output at NUL bytes and files each message.
    func readMessages(from events: Int32) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(events, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            pending += chunk[..<n]
            while let end = pending.firstIndex(of: 0) {
                if let message = try? JSONSerialization.jsonObject(with: Data(pending[..<end])) as? [String: Any] {
                    file(message)
                }
                pending.removeSubrange(...end)
            }
        }
        close(events)
        state.withLock { $0.closed = true }
        arrived.broadcast()
    }

    private func file(_ message: [String: Any]) {
        state.withLock { s in
            if let id = message["id"] as? Int {
                s.answers[id] = Message(object: message)
                return
            }
            let parameters = message["params"] as? [String: Any] ?? [:]
            switch message["method"] as? String {
            case "Network.requestWillBeSent":
                if let url = (parameters["request"] as? [String: Any])?["url"] as? String { s.requests.append(url) }
            case "Page.loadEventFired":
                s.loads += 1
            case "Runtime.exceptionThrown":
                let details = parameters["exceptionDetails"] as? [String: Any]
                s.errors.append(((details?["exception"] as? [String: Any])?["description"] as? String) ?? "\(details ?? [:])")
            case "Runtime.consoleAPICalled" where parameters["type"] as? String == "error":
                let arguments = parameters["args"] as? [[String: Any]] ?? []
                s.errors.append(arguments.map { "\($0["value"] ?? $0["description"] ?? "")" }.joined(separator: " "))
            default:
                break
            }
        }
        arrived.broadcast()
    }
}
