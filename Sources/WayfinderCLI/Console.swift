import Foundation
import WayfinderDirections
import WayfinderGraph
import WayfinderImport
import WayfinderRouting

/// Exit codes shared by every command; `route --help` documents them.
public enum ExitCode: Int32, Sendable {
    case ok = 0
    case internalError = 1
    /// Bad arguments or input values: unknown option, malformed or out-of-range coordinate, bad CSV row.
    case badInput = 2
    /// A file is missing, unreadable, corrupt, truncated or of another format version.
    case fileError = 3
    /// No road near a coordinate (NoSegment).
    case notFound = 4
    /// Both ends found but not connected (NoRoute).
    case noRoute = 5
    /// A place name or address the geocoder does not know, or nothing at a coordinate.
    case placeNotFound = 6
    /// `wayfinder verify`: a check of a new graph failed.
    case verificationFailed = 7
    /// `wayfinder build`: the output could not be written (disk full, permissions…).
    case writeFailed = 8
    /// `wayfinder serve`: the address and port cannot be listened on (in use, not local…).
    case cannotListen = 9
    /// `--batch` (route, geocode, reverse): every row answered, but some were bad input and
    /// were answered with BadInput error rows (their messages on stderr). Distinct from 0 so
    /// that a nightly job can tell a partly bad file, and from 2 (`--strict`: refused whole).
    case partialBatch = 10
    /// `wayfinder match`: the trace is on no road the mode may use, or its points cannot be
    /// joined by any plausible route (osrm-routed's NoMatch).
    case noMatch = 11
}

/// A failure that ends a command with one readable message and its exit code.
public enum CommandError: Error, CustomStringConvertible {
    case usage(String)
    case badInput(String)
    case file(String)
    case notFound(String)
    case noRoute(String)
    case placeNotFound(String)
    case writeFailed(String)
    case cannotListen(String)
    /// A batch answered with some BadInput rows (`BatchReport.finish`).
    case partialBatch(String)
    /// No matching of a trace (`wayfinder match`).
    case noMatch(String)

    public var description: String {
        switch self {
        case .usage(let m), .badInput(let m), .file(let m), .notFound(let m), .noRoute(let m), .writeFailed(let m), .placeNotFound(let m),
             .cannotListen(let m), .partialBatch(let m), .noMatch(let m): return m
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .usage, .badInput: return .badInput
        case .file: return .fileError
        case .notFound: return .notFound
        case .noRoute: return .noRoute
        case .placeNotFound: return .placeNotFound
        case .writeFailed: return .writeFailed
        case .cannotListen: return .cannotListen
        case .partialBatch: return .partialBatch
        case .noMatch: return .noMatch
        }
    }

    init(_ error: GraphFileError) { self = .file(error.description) }
    init(_ error: BuildError) {
        switch error {
        case .output, .scratch: self = .writeFailed(error.description)
        case .outputIsInput: self = .usage(error.description)
        case .input, .noRoads: self = .file(error.description)
        }
    }
    /// A failed route, its message in the command's `wording` (`RouteError.osrm(_:)`).
    init(_ error: RouteError, wording: RouteFailureWording) {
        let message = error.osrm(wording).message
        switch error {
        case .noSegment: self = .notFound(message)
        case .noRoute: self = .noRoute(message)
        }
    }
}

/// Where a command writes: the process's stdout/stderr, or strings in tests.
public final class Console {
    public private(set) var output = ""
    public private(set) var errors = ""
    private let captures: Bool
    /// Whether stderr is a terminal (progress bars redrawn in place) rather than a file or
    /// pipe (plain progress lines); a capturing console says what its test asks.
    public let errorsAreTerminal: Bool

    public init(capturing: Bool = false, terminal: Bool = false) {
        captures = capturing
        errorsAreTerminal = capturing ? terminal : isatty(2) != 0
    }

    /// Whether `write` collects text (tests) rather than writing stdout.
    public var capturesOutput: Bool { captures }

    public func write(_ text: String) {
        if captures { output += text } else { FileHandle.standardOutput.write(Data(text.utf8)) }
    }

    public func error(_ text: String) {
        if captures { errors += text } else { FileHandle.standardError.write(Data(text.utf8)) }
    }
}

/// Parses "LAT,LON" into a coordinate, rejecting NaN, infinities and out-of-range values.
public func parseCoordinate(_ text: String, option: String) throws(CommandError) -> FixedCoordinate {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else {
        throw .badInput("\(option): expected LAT,LON in decimal degrees, got \"\(text)\"")
    }
    guard lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon) else {
        throw .badInput("\(option): coordinate out of range (latitude -90..90, longitude -180..180): \"\(text)\"")
    }
    return FixedCoordinate(latitude: lat, longitude: lon)
}

/// Runs a command body, turning its error into a message on stderr and an exit code.
public func runCommand(_ console: Console, _ body: () throws(CommandError) -> Void) -> Int32 {
    do {
        try body()
        return ExitCode.ok.rawValue
    } catch {
        // A batch answered in full with some bad rows did its work: a warning, not an error.
        let label = if case .partialBatch = error { "warning" } else { "error" }
        console.error("\(label): \(error.description)\n")
        return error.exitCode.rawValue
    }
}
