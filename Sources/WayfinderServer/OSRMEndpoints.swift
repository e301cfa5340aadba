/// OSRM v5's URL scheme, `/{service}/v{version}/{profile}/{coordinates}[.json]?options`:
/// `/route`, `/nearest` and `/table`, answered like osrm-routed (same JSON, same error
/// codes, HTTP 400 for every error).
enum OSRMEndpoints {
    static let services = ["route", "nearest", "table"]

    /// OSRM's answer for a path shaped like its scheme but naming a service we do not
    /// have (`InvalidService`); nil for any other path.
    static func unknownService(_ path: String) -> HTTPResponse? {
        let parts = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[2].first == "v", parts[2].dropFirst().allSatisfy(\.isNumber),
              !services.contains(String(parts[1])) else { return nil }
        return .error("InvalidService", "Service \(parts[1]) not found!")
    }
}
