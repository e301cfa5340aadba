// swift-tools-version:6.0
// Wayfinder: OSM PBF -> contraction-hierarchy graph file -> routes.
// Only the toolchain and Debian system libraries are used (see scripts/setup).
import PackageDescription

/// Release builds of every module get cross-module optimisation (generic heaps and buffer
/// views are used across modules). `checked` keeps -O's checks (overflow, bounds,
/// preconditions): every module that parses or receives outside input (URLs, parameters,
/// CSV, arguments, C calls, graph files) is built so, and so is any module no measurement
/// shows faster without them. The run-time exclusivity checks (overlapping accesses to a
/// class's properties: program errors, not reads or writes out of bounds) are left to the
/// debug builds, the fuzz targets among them: in release they cost the importer 2% of its
/// instructions on Andorra (BENCHMARKS.md, "Checked and unchecked modules").
let checked: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]
/// The hot kernels where a measurement (BENCHMARKS.md, "Checked and unchecked modules")
/// shows what dropping the checks buys: -Ounchecked. Code they inline from checked modules
/// is compiled here, unchecked too.
let hotKernels: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
    name: "Wayfinder",
    products: [
        .executable(name: "wayfinder", targets: ["wayfinder"]),
        .executable(name: "route", targets: ["route"]),
        .executable(name: "wayfinder-bench", targets: ["WayfinderBench"]),
        // The C ABI (libWayfinderC.so, header Sources/WayfinderC/include/wayfinder.h), which
        // the Python package loads.
        .library(name: "WayfinderC", type: .dynamic, targets: ["WayfinderC"]),
    ],
    targets: [
        // C++ shim over libosmium behind a plain C header (include/wf_osm.h).
        .target(
            name: "COsmium",
            cxxSettings: [.define("NDEBUG", .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("z"), .linkedLibrary("bz2"), .linkedLibrary("expat")]
        ),
        // zlib, for section checksums (crc32).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // libexpat (linked by COsmium too), for the GPX traces of `wayfinder match`.
        .systemLibrary(name: "CExpat", path: "Sources/CExpat"),
        // libmicrohttpd, the HTTP server under `wayfinder serve`.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        // glibc's malloc.h (part of libc): the build fixes its mmap and trim thresholds
        // (WayfinderImport/PhaseMemory.swift says why).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // GEOS's C API (libgeos_c, reentrant functions only): the isochrones' polygon assembly,
        // simplification and snapping (WayfinderIsochrones/GEOSContext.swift says why GEOS).
        .systemLibrary(name: "CGEOS", path: "Sources/CGEOS", pkgConfig: "geos"),

        // Graph data model, geometry helpers and the versioned, checksummed graph file.
        .target(name: "WayfinderGraph", dependencies: ["CZlib"], swiftSettings: checked),
        // JSON written straight into one buffer (JSONBuffer, RawWriter) and the OSRM objects
        // that several responses share (waypoint, error).
        .target(name: "WayfinderJSON", dependencies: ["WayfinderGraph"], swiftSettings: hotKernels),
        // Node ordering and shortcuts: builds a contraction hierarchy from a weighted graph.
        .target(name: "WayfinderContraction", dependencies: ["WayfinderGraph"], swiftSettings: hotKernels),
        // Geocoder: text normalisation, categories, the search index (built from what the
        // importer collects) and the queries over it (forward, reverse, category, places), and
        // a result as JSON.
        .target(name: "WayfinderGeocoding", dependencies: ["WayfinderGraph", "WayfinderJSON"], swiftSettings: checked),
        // OSM reading, travel-mode profiles, road network and graph assembly (`wayfinder build`).
        .target(
            name: "WayfinderImport",
            dependencies: ["COsmium", "CGEOS", "CMalloc", "WayfinderGraph", "WayfinderContraction", "WayfinderGeocoding"],
            swiftSettings: checked
        ),
        // Snapping, CH search, reference Dijkstra, path unpacking: the query core.
        .target(name: "WayfinderRouting", dependencies: ["WayfinderGraph"], swiftSettings: hotKernels),
        // Isochrones' contours: the time field of the reached roads on a grid, marching squares,
        // polygons with holes by GEOS, and the GeoJSON answer.
        .target(name: "WayfinderIsochrones", dependencies: ["CGEOS", "WayfinderGraph", "WayfinderRouting", "WayfinderJSON"], swiftSettings: checked),
        // Turn-by-turn steps, instruction text, OSRM v5 / GeoJSON output of a route.
        // Map matching: GPS traces to the roads driven or walked, a hidden Markov model decoded
        // by Viterbi over the table's many-to-many searches.
        .target(name: "WayfinderMatching", dependencies: ["WayfinderGraph", "WayfinderRouting"], swiftSettings: checked),
        .target(name: "WayfinderDirections", dependencies: ["WayfinderGraph", "WayfinderRouting", "WayfinderJSON"], swiftSettings: hotKernels),
        // protobuf-c code generated from wayfinder_route.proto by scripts/gen-proto (committed).
        .target(
            name: "CWayfinderProto",
            exclude: ["wayfinder_route.proto"],
            linkerSettings: [.linkedLibrary("protobuf-c")]
        ),
        // The route response as a protobuf message (`format=pbf`), same content as the JSON.
        .target(
            name: "WayfinderProtobuf",
            dependencies: ["CWayfinderProto", "WayfinderGraph", "WayfinderRouting", "WayfinderDirections", "WayfinderJSON"],
            swiftSettings: checked
        ),
        // The engine between the query core and the front ends: typed requests (route, table,
        // nearest, trip) answered over the graph in service, one owner per policy
        // (RoutePolicy, EngineLimits), one error (EngineError), hot reload and the per-thread
        // query objects (EngineQueries).
        .target(
            name: "WayfinderEngine",
            dependencies: ["WayfinderGraph", "WayfinderRouting", "WayfinderMatching", "WayfinderIsochrones", "WayfinderDirections", "WayfinderGeocoding", "WayfinderJSON"],
            swiftSettings: checked
        ),
        // OSRM v5's request grammar: a decoded request target (HTTPRequest) parsed into the
        // engine's typed requests, and the engine's errors in osrm-routed's codes. Shared by the
        // HTTP endpoints and the C library; no HTTP library, no protobuf.
        .target(
            name: "WayfinderOSRM",
            dependencies: ["WayfinderEngine", "WayfinderGraph", "WayfinderRouting", "WayfinderDirections", "WayfinderGeocoding",
                           "WayfinderIsochrones"],
            swiftSettings: checked
        ),
        // The service without a socket: OSRM v5 and Nominatim dialects answering an
        // `HTTPRequest` with an `HTTPResponse`, pooled per-thread request contexts, health,
        // metrics, reloads, and the map app, whose files (MapApp/) are compiled in
        // (MapAssets.swift). No HTTP library: the C library is built on it too.
        .target(
            name: "WayfinderService",
            dependencies: ["WayfinderEngine", "WayfinderOSRM", "WayfinderGraph", "WayfinderRouting", "WayfinderDirections",
                           "WayfinderGeocoding", "WayfinderProtobuf", "WayfinderJSON", "WayfinderIsochrones"],
            resources: [.embedInCode("MapApp")],
            swiftSettings: checked
        ),
        // The HTTP server over the service: libmicrohttpd's threads and the graph watcher.
        .target(
            name: "WayfinderHTTPServer",
            dependencies: ["CMicroHTTPD", "WayfinderService", "WayfinderEngine", "WayfinderGraph", "WayfinderRouting"],
            swiftSettings: checked
        ),
        // The C ABI over the engine (`@_cdecl` functions; the header, include/wayfinder.h,
        // documents them). Built as the dynamic library libWayfinderC.so; it loads libgeos_c
        // (the isochrones' contours), which scripts/stage-native bundles into the wheel.
        .target(
            name: "WayfinderC",
            dependencies: ["WayfinderEngine", "WayfinderOSRM", "WayfinderGraph", "WayfinderRouting", "WayfinderGeocoding",
                           "WayfinderDirections", "WayfinderIsochrones", "WayfinderJSON"],
            exclude: ["include"],
            swiftSettings: checked
        ),
        // Command-line front ends as a library, so tests can call them.
        .target(
            name: "WayfinderCLI",
            dependencies: ["CExpat", "WayfinderGraph", "WayfinderImport", "WayfinderRouting", "WayfinderGeocoding", "WayfinderDirections",
                           "WayfinderHTTPServer", "WayfinderEngine", "WayfinderOSRM", "WayfinderService", "WayfinderJSON"],
            swiftSettings: checked
        ),
        .executableTarget(name: "wayfinder", dependencies: ["WayfinderCLI"], swiftSettings: checked),
        .executableTarget(name: "route", dependencies: ["WayfinderCLI"], swiftSettings: checked),
        .executableTarget(
            name: "WayfinderBench",
            dependencies: ["WayfinderGraph", "WayfinderImport", "WayfinderRouting", "WayfinderGeocoding", "WayfinderDirections", "WayfinderCLI", "WayfinderIsochrones",
                           "WayfinderProtobuf", "WayfinderJSON", "WayfinderHTTPServer", "WayfinderService", "WayfinderEngine"],
            path: "Benchmarks/WayfinderBench",
            swiftSettings: checked
        ),

        .testTarget(name: "GraphFileTests", dependencies: ["WayfinderGraph"]),
        // The benchmark harness's own logic: percentiles, report rendering, query files.
        .testTarget(name: "BenchTests", dependencies: ["WayfinderBench", "WayfinderCLI", "WayfinderGraph"]),
        .testTarget(
            name: "ContractionTests",
            dependencies: ["WayfinderGraph", "WayfinderContraction", "WayfinderRouting"]
        ),
        .testTarget(
            name: "WayfinderTests",
            dependencies: ["WayfinderGraph", "WayfinderImport", "WayfinderRouting", "WayfinderGeocoding", "WayfinderDirections", "WayfinderCLI",
                           "WayfinderProtobuf", "CWayfinderProto", "WayfinderJSON", "WayfinderHTTPServer", "WayfinderEngine", "WayfinderMatching",
                           "WayfinderIsochrones", "CGEOS"]
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: ["CZlib", "WayfinderGraph", "WayfinderImport", "WayfinderRouting", "WayfinderGeocoding", "WayfinderDirections", "WayfinderHTTPServer", "WayfinderService", "WayfinderCLI",
                           "CWayfinderProto", "WayfinderJSON", "WayfinderEngine", "WayfinderOSRM", "WayfinderIsochrones"]
        ),
        // The C ABI called in-process (answers equal to the CLI's and the server's, bad input,
        // threads) and from a C program compiled with gcc against the header.
        .testTarget(
            name: "CABITests",
            dependencies: ["WayfinderC", "WayfinderService", "WayfinderEngine", "WayfinderCLI", "WayfinderGraph", "WayfinderRouting", "WayfinderImport"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// Coverage-guided fuzz targets (Tests/Fuzz; `scripts/fuzz` builds and runs them). Declared
// only when WAYFINDER_FUZZ is set, and built in a build path of their own with
// -sanitize=fuzzer,address: libFuzzer supplies their main, so `swift build` and `swift test`
// never see them.
if Context.environment["WAYFINDER_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["WayfinderService", "WayfinderEngine"], path: "Tests/Fuzz/Support"))
    let fuzzTargets: [(product: String, target: String, dependencies: [Target.Dependency])] = [
        ("fuzz-osrm-url", "OSRMURLFuzz", ["FuzzSupport"]),
        ("fuzz-nominatim", "NominatimFuzz", ["FuzzSupport"]),
        ("fuzz-valhalla-body", "ValhallaBodyFuzz", ["FuzzSupport"]),
        ("fuzz-polyline", "PolylineFuzz", ["FuzzSupport", "WayfinderOSRM", "WayfinderGraph"]),
        ("fuzz-coordinate-csv", "CoordinateCSVFuzz", ["FuzzSupport", "WayfinderCLI"]),
        ("fuzz-trace-file", "TraceFileFuzz", ["FuzzSupport", "WayfinderCLI"]),
        ("fuzz-segment-speeds", "SegmentSpeedsFuzz", ["FuzzSupport", "WayfinderImport"]),
        ("fuzz-graph-file", "GraphFileFuzz", ["FuzzSupport", "CZlib", "WayfinderGraph", "WayfinderRouting", "WayfinderGeocoding"]),
        ("fuzz-osm-file", "OSMFileFuzz", ["FuzzSupport", "WayfinderGraph", "WayfinderImport", "WayfinderRouting"]),
    ]
    for fuzz in fuzzTargets {
        package.targets.append(.executableTarget(name: fuzz.target, dependencies: fuzz.dependencies, path: "Tests/Fuzz/\(fuzz.target)"))
        package.products.append(.executable(name: fuzz.product, targets: [fuzz.target]))
    }
}
