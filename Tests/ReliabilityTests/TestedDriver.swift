// The driver under test: the system SQLite here; the SQLCipher test package compiles the same
// test sources (symbolic links) with REACTIVE_SQLCIPHER, over encrypted databases.
import Foundation
import RSReliabilitySupport

#if REACTIVE_SQLCIPHER
    @_exported import ReactiveSQLCipher

    /// The driver of the tested stack.
    let testedDriver = DatabaseDriver.sqlcipher
    /// The name of the driver in the reliability report.
    let testedDriverName = "SQLCipher"
    /// The executable of the crash-safety scenario, built beside the test bundle.
    let testedWorker = Bundle.main.bundleURL.appendingPathComponent("SQLCipherReliabilityWorker")

    /// The configuration of the tested databases: encrypted.
    func testedConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.usePassphrase(CrashScenario.passphrase) }
        return configuration
    }
#else
    @_exported import ReactiveSQLite

    /// The driver of the tested stack.
    let testedDriver = DatabaseDriver.sqlite
    /// The name of the driver in the reliability report.
    let testedDriverName = "SQLite"
    /// The executable of the crash-safety scenario, built beside the test bundle.
    let testedWorker = Bundle.main.bundleURL.appendingPathComponent("ReliabilityWorker")

    /// The configuration of the tested databases.
    func testedConfiguration() -> Configuration { Configuration() }
#endif
