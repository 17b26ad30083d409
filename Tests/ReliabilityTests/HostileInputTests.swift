import RSReliabilitySupport
import Testing

/// Hostile input (see `HostileInputScenario`).
@Suite struct HostileInputTests {
    @Test func randomSQLArgumentsIdentifiersAndValuesGiveResultsOrDatabaseErrors() throws {
        let seed = UInt64.random(in: 0 ... .max)
        let figures = try HostileInputScenario.run(
            DatabaseQueue(configuration: testedConfiguration()), count: ReliabilityScale.current.hostileInputs,
            seed: seed)
        HostileInputScenario.report(figures, seed: seed, driver: testedDriverName)
        #expect(figures.violations == [], "seed \(seed)")
        #expect(figures.inputs == ReliabilityScale.current.hostileInputs)
    }

    @Test func valuesBeyondSQLiteLimitsAreRefusedWithTypedErrors() throws {
        #expect(try HostileInputScenario.limits(DatabaseQueue(configuration: testedConfiguration())) == [])
    }
}
