// swift-tools-version:6.0
// Wayfinder: OSM PBF -> contraction-hierarchy graph file -> routes.
// Only the toolchain and Debian system libraries are used (see scripts/setup).
import PackageDescription

/// Release builds get cross-module optimisation (generic heaps and buffer views are
/// used across modules) and no overflow checks in the tight integer loops.
let fast: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
    name: "Wayfinder",
    products: [
        .executable(name: "wayfinder", targets: ["wayfinder"]),
        .executable(name: "route", targets: ["route"]),
        .executable(name: "wayfinder-bench", targets: ["WayfinderBench"]),
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
        // libmicrohttpd, the HTTP server under `wayfinder serve`.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),

        // Graph data model, geometry helpers and the versioned, checksummed graph file.
        .target(name: "WayfinderGraph", dependencies: ["CZlib"], swiftSettings: fast),
        // JSON written straight into one buffer (JSONBuffer, RawWriter) and the OSRM objects
        // that several responses share (waypoint, error).
        .target(name: "WayfinderJSON", dependencies: ["WayfinderGraph"], swiftSettings: fast),
        // Node ordering and shortcuts: builds a contraction hierarchy from a weighted graph.
        .target(name: "WayfinderContraction", dependencies: ["WayfinderGraph"], swiftSettings: fast),
        // Geocoder: text normalisation, categories, the search index (built from what the
        // importer collects) and the queries over it (forward, reverse, category, places), and
        // a result as JSON.
        .target(name: "WayfinderGeocoding", dependencies: ["WayfinderGraph", "WayfinderJSON"], swiftSettings: fast),
        // OSM reading, travel-mode profiles, road network and graph assembly (`wayfinder build`).
        .target(
            name: "WayfinderImport",
            dependencies: ["COsmium", "WayfinderGraph", "WayfinderContraction", "WayfinderGeocoding"],
            swiftSettings: fast
        ),
        // Snapping, CH search, reference Dijkstra, path unpacking: the query core.
        .target(name: "WayfinderRouting", dependencies: ["WayfinderGraph"], swiftSettings: fast),
        // Turn-by-turn steps, instruction text, OSRM v5 / GeoJSON output of a route.
        .target(name: "WayfinderDirections", dependencies: ["WayfinderGraph", "WayfinderRouting", "WayfinderJSON"], swiftSettings: fast),
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
            swiftSettings: fast
        ),
        // The HTTP service: OSRM v5 and Nominatim dialects, health, metrics, hot reload, and
        // the map app, whose files (MapApp/) are compiled into the binary (MapAssets.swift).
        .target(
            name: "WayfinderServer",
            dependencies: ["CMicroHTTPD", "WayfinderGraph", "WayfinderRouting", "WayfinderDirections", "WayfinderGeocoding",
                           "WayfinderProtobuf", "WayfinderJSON"],
            resources: [.embedInCode("MapApp")],
            swiftSettings: fast
        ),
        // Command-line front ends as a library, so tests can call them.
        .target(
            name: "WayfinderCLI",
            dependencies: ["WayfinderGraph", "WayfinderImport", "WayfinderRouting", "WayfinderGeocoding", "WayfinderDirections", "WayfinderServer",
                           "WayfinderJSON"],
            swiftSettings: fast
        ),
        .executableTarget(name: "wayfinder", dependencies: ["WayfinderCLI"], swiftSettings: fast),
        .executableTarget(name: "route", dependencies: ["WayfinderCLI"], swiftSettings: fast),
        .executableTarget(
            name: "WayfinderBench",
            dependencies: ["WayfinderGraph", "WayfinderImport", "WayfinderRouting", "WayfinderGeocoding", "WayfinderDirections", "WayfinderCLI",
                           "WayfinderProtobuf", "WayfinderJSON", "WayfinderServer"],
            path: "Benchmarks/WayfinderBench",
            swiftSettings: fast
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
                           "WayfinderProtobuf", "CWayfinderProto", "WayfinderJSON", "WayfinderServer"]
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: ["CZlib", "WayfinderGraph", "WayfinderImport", "WayfinderRouting", "WayfinderGeocoding", "WayfinderDirections", "WayfinderServer", "WayfinderCLI",
                           "CWayfinderProto", "WayfinderJSON"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
