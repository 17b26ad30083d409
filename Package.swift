// swift-tools-version:6.0
import PackageDescription

// Every module of the library is also a product, so that applications pick exactly what they need, and
// so are the plugins (the tool of RSSQLMigrations and its logic are not).
// The umbrella `ReactiveSQLite` re-exports the whole stack over the system SQLite driver, and
// `ReactiveSQLCipher` the same stack over SQLCipher. A process must never load both libraries: the
// SQLCipher tests are a package of their own, in Tests/SQLCipherTests.
// Apple's platforms have Combine; the others get its API from OpenCombine.
let platformsWithoutCombine: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

let package = Package(
    name: "ReactiveSQLite",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "ReactiveSQLite", targets: ["ReactiveSQLite"]),
        .library(name: "ReactiveSQLCipher", targets: ["ReactiveSQLCipher"]),
        .library(name: "RSRegions", targets: ["RSRegions"]),
        .library(name: "RSCore", targets: ["RSCore"]),
        .library(name: "RSSQLiteDriver", targets: ["RSSQLiteDriver"]),
        .library(name: "RSSQLCipherDriver", targets: ["RSSQLCipherDriver"]),
        .library(name: "RSMigrations", targets: ["RSMigrations"]),
        .library(name: "RSQueryInterface", targets: ["RSQueryInterface"]),
        .library(name: "RSObservation", targets: ["RSObservation"]),
        .library(name: "RSReactive", targets: ["RSReactive"]),
        .library(name: "RSDiff", targets: ["RSDiff"]),
        // Not API: the conformance suite, for this repository's test packages only (the SQLCipher one
        // reaches it as a product, and it uses the package's `package` declarations, so it cannot be
        // compiled by another package). The underscore says so, as in swift-syntax's `_SwiftSyntaxTestSupport`.
        .library(name: "_RSTestSupport", targets: ["RSTestSupport"]),
        // Not API either: the reliability scenarios (stress, faults, crashes, cancellation, hostile
        // input), run by each driver's test package with its driver.
        .library(name: "_RSReliabilitySupport", targets: ["RSReliabilitySupport"]),
        .library(name: "RSTesting", targets: ["RSTesting"]),
        .executable(name: "demo", targets: ["Demo"]),
        .plugin(name: "RSSQLMigrations", targets: ["RSSQLMigrations"]),
        .plugin(name: "RSFormatSource", targets: ["RSFormatSource"]),
    ],
    dependencies: [
        // Combine's API where Apple's Combine is missing (Linux, Windows, Android): see RSReactive.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // Property-based tests (the DiffTests target only).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // DocC: `swift package generate-documentation` (see the README's Documentation section).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The C library: Debian's libsqlite3 (libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            path: "Modules/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The C library of encrypted databases: Debian's libsqlcipher (libsqlcipher-dev, SQLCipher 3.4).
        .systemLibrary(
            name: "CSQLCipher",
            path: "Modules/CSQLCipher",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"]), .brew(["sqlcipher"])]
        ),
        // Database regions and the kinds of changes: pure values, a leaf that the core depends on.
        .target(name: "RSRegions", path: "Modules/Regions"),
        // Connections, statements, values, records. Links no SQLite library: a driver supplies the entry points.
        .target(name: "RSCore", dependencies: ["RSRegions"], path: "Modules/Core"),
        // The driver over the system SQLite.
        .target(name: "RSSQLiteDriver", dependencies: ["RSCore", "CSQLite"], path: "Modules/SQLiteDriver"),
        // The driver over SQLCipher, and the encryption API (`usePassphrase`, …).
        .target(name: "RSSQLCipherDriver", dependencies: ["RSCore", "CSQLCipher"], path: "Modules/SQLCipherDriver"),
        // DatabaseMigrator.
        .target(name: "RSMigrations", dependencies: ["RSCore"], path: "Modules/Migrations"),
        // The query interface: the typed request builder and the schema DSL.
        .target(name: "RSQueryInterface", dependencies: ["RSCore"], path: "Modules/QueryInterface"),
        // Database observation: ValueObservation, DatabaseRegionObservation, over the core's protocols.
        .target(name: "RSObservation", dependencies: ["RSCore"], path: "Modules/Observation"),
        // The reactive forms of database accesses and observations: Combine publishers (OpenCombine's
        // where Apple's Combine is missing), async sequences, and the `rx` API of RxGRDB.
        .target(
            name: "RSReactive",
            dependencies: [
                "RSCore", "RSObservation", "RSMigrations",
                .product(
                    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: platformsWithoutCombine)),
                .product(
                    name: "OpenCombineDispatch", package: "OpenCombine",
                    condition: .when(platforms: platformsWithoutCombine)),
            ],
            path: "Modules/Reactive"
        ),
        // Diffs of observed values: PrimaryKeyDiffScanner (RxGRDB), ordered identity-based diffs of
        // arrays, and the operators that turn observations, publishers and async sequences into
        // diffs. Built over the public API of the core, the observations and the publishers.
        .target(name: "RSDiff", dependencies: ["RSCore", "RSObservation", "RSReactive"], path: "Modules/Diff"),
        // The umbrella modules: the same stack, over one driver each.
        .target(
            name: "ReactiveSQLite",
            dependencies: [
                "RSRegions", "RSCore", "RSSQLiteDriver", "RSMigrations", "RSQueryInterface", "RSObservation",
                "RSReactive", "RSDiff",
                // The C types of `FTS5.api(_:)`.
                "CSQLite",
            ],
            path: "Modules/ReactiveSQLite"
        ),
        .target(
            name: "ReactiveSQLCipher",
            dependencies: [
                "RSRegions", "RSCore", "RSSQLCipherDriver", "RSMigrations", "RSQueryInterface", "RSObservation",
                "RSReactive", "RSDiff",
            ],
            path: "Modules/ReactiveSQLCipher"
        ),
        // Help for the tests of applications: recorders of observations, sequences and publishers, and
        // databases made for tests. Links no SQLite library: the tests give the driver.
        .target(
            name: "RSTesting",
            dependencies: ["RSCore", "RSMigrations", "RSObservation", "RSReactive"],
            path: "Modules/Testing"
        ),
        // The build-tool plugin that turns the .sql migration files of a target into a DatabaseMigrator
        // registration, the tool it runs, and the tool's logic (pure, with unit tests).
        .plugin(
            name: "RSSQLMigrations",
            capability: .buildTool(),
            dependencies: ["RSSQLMigrationsTool"],
            path: "Plugins/SQLMigrations"
        ),
        .executableTarget(
            name: "RSSQLMigrationsTool",
            dependencies: ["RSSQLMigrationsGenerator"],
            path: "Plugins/SQLMigrationsTool"
        ),
        .target(name: "RSSQLMigrationsGenerator", path: "Plugins/SQLMigrationsGenerator"),
        // `swift package format-source [--lint]`: swift-format with the package's .swiftformat.
        .plugin(
            name: "RSFormatSource",
            capability: .command(
                intent: .custom(
                    verb: "format-source",
                    description: "Formats the Swift sources in place, or lints them (--lint), with .swiftformat"),
                permissions: [.writeToPackageDirectory(reason: "Formats the Swift sources in place")]
            ),
            path: "Plugins/FormatSource"
        ),
        // The conformance suite, shared by every driver's test package.
        .target(
            name: "RSTestSupport",
            dependencies: [
                "RSCore", "RSMigrations", "RSQueryInterface", "RSObservation", "RSReactive", "RSDiff", "RSTesting",
            ],
            path: "Tests/TestSupport"),
        // A fault-injecting SQLite VFS, in C: it calls no SQLite function (the driver's table hands it
        // sqlite3_vfs_find and sqlite3_vfs_register), so it links neither SQLite library.
        .target(name: "CFaultVFS", path: "Tests/FaultVFS"),
        // What the reliability suite reads of the process's memory (glibc's allocator).
        .target(name: "CMemoryUsage", path: "Tests/MemoryUsage"),
        // The reliability scenarios, shared by every driver's test package.
        .target(
            name: "RSReliabilitySupport",
            dependencies: [
                "RSCore", "RSMigrations", "RSQueryInterface", "RSObservation", "RSReactive", "RSDiff", "RSTestSupport",
                "CFaultVFS", "CMemoryUsage", "RSSQLMigrationsGenerator",
            ],
            path: "Tests/ReliabilitySupport"),
        // The child process that the crash-safety scenario kills.
        .executableTarget(
            name: "ReliabilityWorker", dependencies: ["ReactiveSQLite", "RSReliabilitySupport"],
            path: "Tests/ReliabilityWorker"),
        .executableTarget(name: "Demo", dependencies: ["ReactiveSQLite"], path: "Modules/Demo"),
        .testTarget(
            name: "QueryInterfaceTests",
            dependencies: ["ReactiveSQLite", "RSTestSupport"],
            path: "Tests/QueryInterfaceTests"
        ),
        .testTarget(
            name: "ObservationTests",
            dependencies: ["ReactiveSQLite", "RSTestSupport"],
            path: "Tests/ObservationTests"
        ),
        .testTarget(
            name: "DemoTests",
            dependencies: ["Demo", "ReactiveSQLite"],
            path: "Tests/DemoTests"
        ),
        .testTarget(
            name: "ReactiveTests",
            dependencies: ["ReactiveSQLite", "RSTestSupport", "RSTesting"],
            path: "Tests/ReactiveTests"
        ),
        .testTarget(
            name: "DiffTests",
            dependencies: [
                "ReactiveSQLite", "RSTestSupport", "RSTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/DiffTests"
        ),
        .testTarget(
            name: "CoreTests",
            dependencies: ["ReactiveSQLite", "RSTestSupport", "RSTesting"],
            path: "Tests/CoreTests"
        ),
        // The reliability suite over the system SQLite, in its bounded form (Scripts/reliability.sh
        // runs it full-size).
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "ReactiveSQLite", "RSTestSupport", "RSTesting", "RSReliabilitySupport", "ReliabilityWorker",
            ],
            path: "Tests/ReliabilityTests"
        ),
        .testTarget(
            name: "TestingTests",
            dependencies: ["ReactiveSQLite", "RSTesting"],
            path: "Tests/TestingTests"
        ),
        .testTarget(
            name: "SQLMigrationsGeneratorTests",
            dependencies: ["RSSQLMigrationsGenerator"],
            path: "Tests/SQLMigrationsGeneratorTests"
        ),
        // Runs the migrations that the RSSQLMigrations plugin generates from the target's .sql files.
        .testTarget(
            name: "SQLMigrationsPluginTests",
            dependencies: ["ReactiveSQLite", "RSTesting"],
            path: "Tests/SQLMigrationsPluginTests",
            plugins: ["RSSQLMigrations"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
