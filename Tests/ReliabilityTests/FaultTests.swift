import RSReliabilitySupport
import RSTestSupport
import RSTesting
import Testing

/// Faults injected through a fault-injecting VFS (see `FaultScenario`).
@Suite(.serialized) struct FaultTests {
    @Test(arguments: WriterKind.allCases)
    func aFaultAtEveryPositionOfAWriteRollsItBackAndLeavesAnIntactDatabase(_ kind: WriterKind) async throws {
        var faults = 0
        for (name, mask) in FaultScenario.faultKinds {
            let directory = try TemporaryDatabaseDirectory()
            let figures = try await FaultScenario.everyPosition(
                kind, mask: mask, maximumPositions: ReliabilityScale.current.faultPositions,
                directory: directory.path(""), configuration: testedConfiguration(),
                driver: testedDriver)
            FaultScenario.report(figures, kinds: name, kind: kind, driver: testedDriverName)
            #expect(figures.violations == [], "\(name)")
            faults += figures.faults
        }
        // Some kinds of calls may not happen in the write (a pool does not sync at commit, a warm
        // cache reads nothing), but some do.
        #expect(faults > 0)
    }

    @Test(arguments: WriterKind.allCases)
    func aDiskThatStaysBrokenFailsTheWriteAndTheConnectionRecovers(_ kind: WriterKind) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let figures = try await FaultScenario.everyPosition(
            kind, mask: FaultScenario.faultKinds.last!.mask, persistent: true,
            maximumPositions: ReliabilityScale.current.faultPositions, directory: directory.path(""),
            configuration: testedConfiguration(), driver: testedDriver)
        FaultScenario.report(figures, kinds: "all calls, persistent", kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
    }

    @Test(arguments: WriterKind.allCases)
    func aFullDiskFailsALargeTransactionWithSQLITE_FULL(_ kind: WriterKind) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let figures = try await FaultScenario.fullDisk(
            kind, directory: directory.path(""), configuration: testedConfiguration(), driver: testedDriver)
        FaultScenario.report(figures, kinds: "disk full", kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
    }
}
