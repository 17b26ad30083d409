// swift-tools-version:6.0
import PackageDescription

// A coverage-guided fuzz target (libFuzzer) over the public API of ReactiveSQLite: a package of its
// own, so that the root package keeps no target built with `-sanitize=fuzzer`. Build and run it with
// `bash Fuzz/run.sh` (see Fuzz/README.md).
let package = Package(
    name: "SQLFuzzer",
    dependencies: [
        .package(name: "ReactiveSQLite", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "SQLFuzzer",
            dependencies: [.product(name: "ReactiveSQLite", package: "ReactiveSQLite")],
            path: "Sources/SQLFuzzer"
        )
    ],
    swiftLanguageModes: [.v6]
)
