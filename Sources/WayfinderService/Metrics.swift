import Foundation
import Synchronization
import WayfinderEngine
import WayfinderGraph

/// Request counters and latency histograms, per endpoint, in relaxed atomics: recording a
/// request takes no lock. Rendered in the Prometheus text format by `/metrics`.
public final class Metrics: @unchecked Sendable {  // only atomics are mutated
    /// Status codes counted on their own; any other counts under `other`.
    static let statuses = [200, 400, 404, 405, 413, 414, 500, 503]
    /// Upper bounds of the latency buckets, microseconds (then +Inf).
    static let bucketBounds = [50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 100_000, 1_000_000]

    /// Endpoint names (labels), then "none" for requests no endpoint took.
    public let endpoints: [String]
    private let stride = statuses.count + 1 + bucketBounds.count + 1 + 1
    private let cells: UnsafeMutablePointer<Atomic<Int>>
    private let cellCount: Int

    init(endpoints: [String]) {
        self.endpoints = endpoints + ["none"]
        cellCount = self.endpoints.count * stride
        cells = .allocate(capacity: cellCount)
        for i in 0..<cellCount { (cells + i).initialize(to: Atomic(0)) }
    }

    deinit {
        cells.deinitialize(count: cellCount)
        cells.deallocate()
    }

    /// The index of the "none" endpoint.
    var unmatched: Int { endpoints.count - 1 }

    func record(endpoint: Int, status: Int, microseconds: Int) {
        let base = endpoint * stride
        let slot = Self.statuses.firstIndex(of: status) ?? Self.statuses.count
        cells[base + slot].wrappingAdd(1, ordering: .relaxed)
        let histogram = base + Self.statuses.count + 1
        let bucket = Self.bucketBounds.firstIndex { microseconds <= $0 } ?? Self.bucketBounds.count
        cells[histogram + bucket].wrappingAdd(1, ordering: .relaxed)
        cells[histogram + Self.bucketBounds.count + 1].wrappingAdd(microseconds, ordering: .relaxed)
    }

    /// Requests answered so far by `endpoint` with `status` (any status when nil).
    public func requests(endpoint: String, status: Int? = nil) -> Int {
        guard let e = endpoints.firstIndex(of: endpoint) else { return 0 }
        let base = e * stride
        guard let status else { return (0...Self.statuses.count).reduce(0) { $0 + cells[base + $1].load(ordering: .relaxed) } }
        let slot = Self.statuses.firstIndex(of: status) ?? Self.statuses.count
        return cells[base + slot].load(ordering: .relaxed)
    }

    /// The Prometheus text exposition of every counter, and the graph's gauges.
    func render(graph: ServedGraph, engine: Engine) -> String {
        var out = """
        # HELP wayfinder_requests_total Requests answered, by endpoint and HTTP status code.
        # TYPE wayfinder_requests_total counter

        """
        for (e, name) in endpoints.enumerated() {
            for slot in 0...Self.statuses.count {
                let count = cells[e * stride + slot].load(ordering: .relaxed)
                guard count > 0 else { continue }
                let code = slot < Self.statuses.count ? "\(Self.statuses[slot])" : "other"
                out += "wayfinder_requests_total{endpoint=\"\(name)\",code=\"\(code)\"} \(count)\n"
            }
        }
        out += """
        # HELP wayfinder_request_duration_seconds Time from a request's arrival to its answer being queued.
        # TYPE wayfinder_request_duration_seconds histogram

        """
        for (e, name) in endpoints.enumerated() {
            let histogram = e * stride + Self.statuses.count + 1
            var cumulative = 0
            for b in 0...Self.bucketBounds.count {
                cumulative += cells[histogram + b].load(ordering: .relaxed)
                let bound = b < Self.bucketBounds.count ? seconds(Self.bucketBounds[b]) : "+Inf"
                out += "wayfinder_request_duration_seconds_bucket{endpoint=\"\(name)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            let sum = cells[histogram + Self.bucketBounds.count + 1].load(ordering: .relaxed)
            out += "wayfinder_request_duration_seconds_sum{endpoint=\"\(name)\"} \(seconds(sum))\n"
            out += "wayfinder_request_duration_seconds_count{endpoint=\"\(name)\"} \(cumulative)\n"
        }
        let built = graph.builtAt.map { String(format: "%.0f", $0.timeIntervalSince1970) } ?? "NaN"
        out += """
        # HELP wayfinder_graph_age_seconds Seconds since the graph in service was built.
        # TYPE wayfinder_graph_age_seconds gauge
        wayfinder_graph_age_seconds \(String(format: "%.0f", graph.ageSeconds))
        # HELP wayfinder_graph_build_timestamp_seconds When the graph in service was built (Unix time).
        # TYPE wayfinder_graph_build_timestamp_seconds gauge
        wayfinder_graph_build_timestamp_seconds \(built)
        # HELP wayfinder_graph_info The graph in service: file format version and generator.
        # TYPE wayfinder_graph_info gauge
        wayfinder_graph_info{format_version="\(GraphFile.formatVersion)",generator="\(escapeLabel(graph.file.metadata["generator"] ?? ""))",generation="\(graph.generation)"} 1
        # HELP wayfinder_graph_metric_version Traffic customizations of the graph in service (0: the import's weights).
        # TYPE wayfinder_graph_metric_version gauge
        wayfinder_graph_metric_version \(graph.metricVersion)
        # HELP wayfinder_graph_reloads_total Graph files put in service after the first, and reloads that failed.
        # TYPE wayfinder_graph_reloads_total counter
        wayfinder_graph_reloads_total{result="ok"} \(engine.reloads.load(ordering: .relaxed))
        wayfinder_graph_reloads_total{result="failed"} \(engine.failedReloads.load(ordering: .relaxed))

        """
        return out
    }

    private func seconds(_ microseconds: Int) -> String {
        String(format: "%.6f", Double(microseconds) / 1e6)
    }

    private func escapeLabel(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}

