// The child process of the reliability scenarios: `ReliabilityWorker <DatabasePool|DatabaseQueue> <path>`
// commits transactions until it is killed (see `CrashScenario`), and the other forms serve
// `BusyScenario`, `OutsideProcessScenario` and `IdleObservationScenario` (see the usage below). The
// SQLCipher test package builds the same source over an encrypted database.
import Foundation
import RSReliabilitySupport

#if REACTIVE_SQLCIPHER
    import ReactiveSQLCipher
#else
    import ReactiveSQLite
#endif

var configuration = Configuration()
#if REACTIVE_SQLCIPHER
    configuration.prepareDatabase { db in try db.usePassphrase(CrashScenario.passphrase) }
    let driver = DatabaseDriver.sqlcipher
#else
    let driver = DatabaseDriver.sqlite
#endif

/// Writes the usage and exits.
func exitWithUsage() -> Never {
    FileHandle.standardError.write(
        Data(
            """
            usage: ReliabilityWorker [hold-write-lock] <DatabasePool|DatabaseQueue> <path>
                   ReliabilityWorker outside-commits <DatabasePool|DatabaseQueue> <path> <count>
                   ReliabilityWorker watch-and-close <directory>
                   ReliabilityWorker idle-observations <path>

            """.utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case OutsideProcessScenario.commitRowsArgument:
        // Commits rows to the database of another process (see `OutsideProcessScenario`).
        guard arguments.count == 4, let kind = WriterKind(rawValue: arguments[1]), let count = Int(arguments[3]) else {
            exitWithUsage()
        }
        let writer = try kind.open(
            path: arguments[2], configuration: OutsideProcessScenario.configuration(configuration), driver: driver)
        try OutsideProcessScenario.commitRows(writer, count: count)
    case OutsideProcessScenario.watchAndCloseArgument:
        guard arguments.count == 2 else { exitWithUsage() }
        try OutsideProcessScenario.watchAndClose(
            directory: arguments[1], configuration: OutsideProcessScenario.configuration(configuration), driver: driver)
    case IdleObservationScenario.argument:
        // Measures the memory of idle observations (see `IdleObservationScenario`).
        guard arguments.count == 2 else { exitWithUsage() }
        try IdleObservationScenario.measure(path: arguments[1], configuration: configuration, driver: driver)
    default:
        // With `hold-write-lock` first, it holds the write lock in an open transaction until it is
        // killed (see `BusyScenario`); otherwise it commits until it is killed (see `CrashScenario`).
        let holdsWriteLock = arguments.first == BusyScenario.holdWriteLockArgument
        if holdsWriteLock { arguments.removeFirst() }
        guard arguments.count == 2, let kind = WriterKind(rawValue: arguments[0]) else { exitWithUsage() }
        let writer = try kind.open(path: arguments[1], configuration: configuration, driver: driver)
        if holdsWriteLock { try BusyScenario.holdWriteLock(writer) }
        try CrashScenario.commitForever(writer)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
