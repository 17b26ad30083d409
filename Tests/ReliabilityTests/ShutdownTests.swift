import RSReliabilitySupport
import RSTestSupport
import RSTesting
import Testing

/// Cancellation and shutdown (see `ShutdownScenario`).
@Suite(.serialized) struct ShutdownTests {
    @Test(arguments: WriterKind.allCases)
    func cancellationsRacingCommitsLeaveNoValueAndNoObserver(_ kind: WriterKind) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let writer = try kind.open(
            path: directory.path("db.sqlite"), configuration: testedConfiguration(), driver: testedDriver)
        let figures = try await ShutdownScenario.cancellationRaces(
            writer, iterations: ReliabilityScale.current.cancellationIterations)
        ShutdownScenario.report(figures, scenario: "cancellation", kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
    }

    @Test(arguments: WriterKind.allCases)
    func aDatabaseClosedWhileBusyEndsEveryAccessWithoutACrashOrAHang(_ kind: WriterKind) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db.sqlite")
        let rounds = ReliabilityScale.current.cancellationIterations / 10
        let figures = try await ShutdownScenario.closeWhileBusy(rounds: rounds) {
            try kind.open(path: path, configuration: testedConfiguration(), driver: testedDriver)
        }
        ShutdownScenario.report(figures, scenario: "close", kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
    }
}
