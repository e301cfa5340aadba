// wayfinder-bench build PBF [--runs N] [--json]
//
// `wayfinder build` in-process (`GraphBuilder.build`, the call the command makes), N times
// into a temporary file: the median wall time of each phase and of the whole build, peak
// RSS and file size.
import Foundation
import WayfinderCLI
import WayfinderImport

func buildBenchmark(_ args: Arguments) -> Report {
    guard let input = args.positional.dropFirst().first else { fail("build needs a PBF") }
    let runs = intOption(args, "runs", default: 3, minimum: 1)
    let output = NSTemporaryDirectory() + "wayfinder-bench-\(getpid()).wfg"
    defer { unlink(output) }
    var walls: [Double] = []
    var phases: [[(name: String, seconds: Double)]] = [], steps: [[(name: String, seconds: Double)]] = []
    var last: BuildSummary?
    for _ in 0..<runs {
        let t0 = now()
        let summary: BuildSummary
        do throws(BuildError) { summary = try GraphBuilder.build(input: input, output: output) } catch { fail(error.description) }
        last = summary
        walls.append(Double(now() - t0) / 1e9)
        phases.append(summary.phases.map { ($0.name, $0.seconds) })
        steps.append(summary.parallelSteps)
    }
    let summary = last!
    let report = Report()
    report.text("input", "input", input)
    report.integer("runs", "runs", runs)
    report.group("phases", "phases, median wall seconds") { medians(phases, into: $0) }
    report.group("modes_steps", "inside `modes`: both modes and the geocoder index in parallel, median wall seconds") {
        medians(steps, into: $0)
    }
    report.number("wall_s", "whole build, median", median(walls), unit: "s", decimals: 3)
    report.number("file_mib", "graph file", Double(summary.fileBytes) / 1_048_576, unit: "MiB", decimals: 2)
    report.number("peak_rss_mib", "peak RSS of the process", Double(summary.peakMemoryBytes) / 1_048_576, unit: "MiB")
    report.group("phase_peaks", "peak RSS during each phase, last run") { group in
        for phase in summary.phases {
            group.number(jsonKey(phase.name) + "_mib", phase.name, Double(phase.peakBytes) / 1_048_576, unit: "MiB")
        }
    }
    return report
}

/// The median of each named time over the runs (every run has the same names, in order).
private func medians(_ runs: [[(name: String, seconds: Double)]], into report: Report) {
    for (i, phase) in runs[0].enumerated() {
        report.number(jsonKey(phase.name) + "_s", phase.name, median(runs.map { $0[i].seconds }), unit: "s", decimals: 3)
    }
}

/// "driving components+snap index" -> "driving_components_snap_index".
func jsonKey(_ name: String) -> String {
    name.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: "_")
}
