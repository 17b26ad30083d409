import RSReliabilitySupport
import Testing

/// Hostile input (see `HostileInputScenario`).
@Suite struct HostileInputTests {
    @Test func randomSQLArgumentsIdentifiersAndValuesGiveResultsOrDatabaseErrors() async throws {
        let seed = UInt64.random(in: 0 ... .max)
        let figures = try await runOffThePool {
            try HostileInputScenario.run(
                DatabaseQueue(configuration: testedConfiguration()), count: ReliabilityScale.current.hostileInputs,
                seed: seed)
        }
        HostileInputScenario.report(
            figures, seed: seed, driver: testedDriverName, inputs: "SQL, arguments, names, values")
        #expect(figures.violations == [], "seed \(seed)")
    }

    @Test func randomMigrationFilesAreRefusedOrMigrateAWholePrefix() async throws {
        let seed = UInt64.random(in: 0 ... .max)
        let figures = try await runOffThePool {
            try HostileInputScenario.migrationFiles(count: ReliabilityScale.current.hostileInputs / 4, seed: seed) {
                try DatabaseQueue(configuration: testedConfiguration())
            }
        }
        HostileInputScenario.report(figures, seed: seed, driver: testedDriverName, inputs: "migration files")
        #expect(figures.violations == [], "seed \(seed)")
    }

    @Test func valuesBeyondSQLiteLimitsAreRefusedWithTypedErrors() async throws {
        let violations = try await runOffThePool {
            try HostileInputScenario.limits(DatabaseQueue(configuration: testedConfiguration()))
        }
        #expect(violations == [])
    }
}
