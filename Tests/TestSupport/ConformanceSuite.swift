/// Every conformance check, run by each driver's test package over every kind of database.
public enum ConformanceSuite {
    /// All checks.
    public static let checks: [ConformanceCheck] =
        executionChecks + transactionChecks + errorChecks + recordChecks + migrationChecks + concurrencyChecks
        + interruptChecks + closeChecks + capabilityChecks + readerInvalidationChecks + queryInterfaceChecks
        + missingFeatureChecks + regionChecks + schemaChecks + schemaVersionChecks + schemaIntrospectionChecks
        + schemaLiteralChecks + schemaNameChecks + functionChecks + collationChecks + traceChecks + argumentBytesChecks
        + journalModeChecks + defaultTransactionKindChecks + sharedInMemoryChecks + vacuumChecks
        + transactionObserverChecks + valueObservationChecks + poolObservationStartChecks
        + poolObservationFetchChecks
        + databaseRegionObservationChecks + concurrentReadChecks + rowIDRegionChecks + observationEdgeCaseChecks
        + databaseComponentsChecks + queueAccessChecks + sqlRequestChecks + testDoubleObservationChecks
        + observationCancellationChecks + valueObservationAPIChecks + accessPublisherChecks
        + observationPublisherChecks + rxChecks + asyncAccessChecks + diffChecks + abortedTransactionChecks
        + unsafeAccessChecks + typeErasedConnectionChecks + rowAdapterChecks + maintenanceChecks + backupChecks
        + persistenceCallbackChecks + recordClassChecks + returningPersistenceChecks + snapshotChecks
        + statementColumnChecks + statementBindingChecks + databaseMemberChecks + aggregateChecks
        + foundationValueChecks + dumpChecks
        + codableStrategyChecks + schemaSourceChecks + transactionDateChecks + associationChecks
        + associationThroughChecks
        + fullTextSearchChecks + fts5TokenizerChecks + jsonChecks + sqlInterpolationChecks + commonTableExpressionChecks
        + outsideChangeChecks + observedRequestReuseChecks

    /// Every check paired with every kind it applies to.
    public static var cases: [ConformanceCase] {
        checks.flatMap { check in check.kinds.map { ConformanceCase(check: check, kind: $0) } }
    }
}
