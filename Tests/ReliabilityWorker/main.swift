// The child process of the crash-safety scenario: `ReliabilityWorker <DatabasePool|DatabaseQueue> <path>`
// commits transactions until it is killed (see `CrashScenario`). The SQLCipher test package builds
// the same source over an encrypted database.
import Foundation
import RSReliabilitySupport

#if REACTIVE_SQLCIPHER
    import ReactiveSQLCipher
#else
    import ReactiveSQLite
#endif

// With `hold-write-lock` first, it holds the write lock in an open transaction until it is killed
// (see `BusyScenario`).
var arguments = Array(CommandLine.arguments.dropFirst())
let holdsWriteLock = arguments.first == BusyScenario.holdWriteLockArgument
if holdsWriteLock { arguments.removeFirst() }
guard arguments.count == 2, let kind = WriterKind(rawValue: arguments[0]) else {
    FileHandle.standardError.write(
        Data("usage: ReliabilityWorker [hold-write-lock] <DatabasePool|DatabaseQueue> <path>\n".utf8))
    exit(2)
}
var configuration = Configuration()
#if REACTIVE_SQLCIPHER
    configuration.prepareDatabase { db in try db.usePassphrase(CrashScenario.passphrase) }
    let driver = DatabaseDriver.sqlcipher
#else
    let driver = DatabaseDriver.sqlite
#endif
do {
    let writer = try kind.open(path: arguments[1], configuration: configuration, driver: driver)
    if holdsWriteLock { try BusyScenario.holdWriteLock(writer) }
    try CrashScenario.commitForever(writer)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
