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

let arguments = CommandLine.arguments
guard arguments.count == 3, let kind = WriterKind(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ReliabilityWorker <DatabasePool|DatabaseQueue> <path>\n".utf8))
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
    try CrashScenario.commitForever(kind.open(path: arguments[2], configuration: configuration, driver: driver))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
