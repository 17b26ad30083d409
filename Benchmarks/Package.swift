// swift-tools-version:6.1
import PackageDescription

// The benchmarks run the same workloads through raw SQLite C, GRDB 7.10.0 and ReactiveSQLite in one
// process and one run, so that their ratios are measured under the same conditions.
// Run: `swift run -c release --package-path Benchmarks bench` (from the repository root).
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ReactiveSQLite", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(name: "CSQLiteRaw", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CMalloc"),
        .target(name: "BenchmarkHarness", dependencies: ["CMalloc"]),
        .target(name: "RawWorkloads", dependencies: ["BenchmarkHarness", "CSQLiteRaw"]),
        .target(
            name: "GRDBWorkloads",
            dependencies: ["BenchmarkHarness", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: [.define("GRDB_WORKLOADS")]
        ),
        .target(
            name: "RSWorkloads",
            dependencies: ["BenchmarkHarness", .product(name: "ReactiveSQLite", package: "ReactiveSQLite")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["BenchmarkHarness", "RawWorkloads", "GRDBWorkloads", "RSWorkloads"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
