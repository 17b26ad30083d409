import RSReliabilitySupport
import RSTestSupport
import RSTesting
import Testing

/// Stress with consistency checked, on each kind of writer (see `StressScenario`).
@Suite(.serialized) struct StressTests {
    @Test(arguments: WriterKind.allCases)
    func observersSeeOnlyConsistentStatesInOrderAndEndOnTheLastOne(_ kind: WriterKind) async throws {
        let scale = ReliabilityScale.current
        let directory = try TemporaryDatabaseDirectory()
        let figures = try await StressScenario.run(
            kind, path: directory.path("stress.sqlite"), configuration: testedConfiguration(), driver: testedDriver,
            transactions: scale.stressTransactions,
            observations: scale.stressObservations)
        StressScenario.report(figures, kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
        // The memory check needs a process of its own (the full run's): the other suites of a
        // test run allocate beside it.
        if scale.isFull, let growth = figures.memoryGrowth {
            #expect(growth <= 0.10, "resident memory grew by \(Int(growth * 100)) %")
        }
    }
}
