// swift-tools-version:6.0
import PackageDescription

// The tests of the SQLCipher stack, in a package of their own: a process must never load libsqlite3
// and libsqlcipher together (their symbols clash), and this test executable links libsqlcipher only.
// Run: `swift test --package-path Tests/SQLCipherTests` (from the repository root), or `bash Tests/run-all.sh`.
let package = Package(
    name: "SQLCipherTests",
    platforms: [.macOS(.v13)],
    products: [
        // The demo of the root package, over an encrypted database: `swift run --package-path Tests/SQLCipherTests demo`.
        .executable(name: "demo", targets: ["SQLCipherDemo"])
    ],
    dependencies: [
        .package(name: "ReactiveSQLite", path: "../..")
    ],
    targets: [
        // The root package's demo sources (symbolic links), built against ReactiveSQLCipher.
        .executableTarget(
            name: "SQLCipherDemo",
            dependencies: [.product(name: "ReactiveSQLCipher", package: "ReactiveSQLite")],
            path: "Sources/SQLCipherDemo",
            swiftSettings: [.define("REACTIVE_SQLCIPHER")]
        ),
        // The child process of the crash-safety scenario (the root package's source, a symbolic link).
        .executableTarget(
            name: "SQLCipherReliabilityWorker",
            dependencies: [
                .product(name: "ReactiveSQLCipher", package: "ReactiveSQLite"),
                .product(name: "_RSReliabilitySupport", package: "ReactiveSQLite"),
            ],
            path: "Sources/SQLCipherReliabilityWorker",
            swiftSettings: [.define("REACTIVE_SQLCIPHER")]
        ),
        // The root package's reliability suite (symbolic links), over encrypted databases.
        .testTarget(
            name: "SQLCipherReliabilityTests",
            dependencies: [
                .product(name: "ReactiveSQLCipher", package: "ReactiveSQLite"),
                .product(name: "_RSTestSupport", package: "ReactiveSQLite"),
                .product(name: "RSTesting", package: "ReactiveSQLite"),
                .product(name: "_RSReliabilitySupport", package: "ReactiveSQLite"),
                "SQLCipherReliabilityWorker",
            ],
            swiftSettings: [.define("REACTIVE_SQLCIPHER")]
        ),
        .testTarget(
            name: "SQLCipherTests",
            dependencies: [
                .product(name: "ReactiveSQLCipher", package: "ReactiveSQLite"),
                // The root package's internal conformance suite (module RSTestSupport).
                .product(name: "_RSTestSupport", package: "ReactiveSQLite"),
                .product(name: "RSTesting", package: "ReactiveSQLite"),
                "SQLCipherDemo",
            ],
            exclude: ["Fixtures/make-fixtures.py"],
            resources: [.copy("Fixtures/sqlcipher3-default.db"), .copy("Fixtures/sqlcipher4-default.db")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
