/// Every conformance check, run by each driver's test package over every kind of database.
public enum ConformanceSuite {
    /// All checks.
    public static let checks: [ConformanceCheck] =
        executionChecks + transactionChecks + errorChecks + recordChecks + migrationChecks + concurrencyChecks
        + capabilityChecks + readerInvalidationChecks + queryInterfaceChecks + missingFeatureChecks + regionChecks
        + schemaChecks + journalModeChecks
        + defaultTransactionKindChecks + sharedInMemoryChecks + vacuumChecks

    /// Every check paired with every kind it applies to.
    public static var cases: [ConformanceCase] {
        checks.flatMap { check in check.kinds.map { ConformanceCase(check: check, kind: $0) } }
    }
}
