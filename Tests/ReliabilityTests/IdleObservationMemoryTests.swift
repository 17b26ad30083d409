import RSReliabilitySupport
import RSTestSupport
import RSTesting
import Testing

/// The memory of idle value observations, measured in a child process (see `IdleObservationScenario`).
@Suite struct IdleObservationMemoryTests {
    @Test func anIdleObservationRetainsAtMostOneKilobyte() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let bytes = try await runOffThePool {
            try IdleObservationScenario.run(worker: testedWorker, path: directory.path("idle.sqlite"))
        }
        // Nil where the allocator does not tell its heap (glibc's mallinfo2 only).
        if let bytes {
            #expect(bytes <= 1024, "an idle observation retains \(bytes) bytes")
        }
    }
}
