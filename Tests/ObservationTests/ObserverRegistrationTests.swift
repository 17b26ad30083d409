import Testing

@testable import RSObservation

/// The registration of an observation's transaction observer, raced by its cancellation and by
/// commits, without a database.
@Suite struct ObserverRegistrationTests {
    /// What happens to a registration, in the order its driver tells it.
    enum Event: CaseIterable {
        /// The registration runs on the writer.
        case register
        /// The observation is cancelled, or fails.
        case cancel
        /// A change of the region, in the current transaction.
        case change
        /// A change made by the observation's own fetch with write access.
        case ownChange
        /// The current transaction commits.
        case commit
        /// The current transaction rolls back.
        case rollback

        /// Tells the registration of the event; returns its action (`.none` for the events that
        /// have none).
        func send(to registration: inout ObserverRegistration) -> ObserverRegistration.Action {
            switch self {
            case .register:
                return registration.register()
            case .cancel:
                return registration.cancel()
            case .change:
                registration.databaseDidChange()
            case .ownChange:
                registration.ignoresChanges = true
                registration.databaseDidChange()
                registration.ignoresChanges = false
            case .commit:
                return registration.databaseDidCommit()
            case .rollback:
                registration.databaseDidRollback()
            }
            return .none
        }
    }

    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [(Event, ObserverRegistration.Action)]
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "a cancellation before the registration ran leaves the observer out",
            steps: [(.cancel, .none), (.register, .none), (.change, .none), (.commit, .none), (.cancel, .none)]),
        Scenario(
            name: "a registration adds the observer, and the cancellation removes it once",
            steps: [(.register, .add), (.cancel, .remove), (.cancel, .none), (.register, .none)]),
        Scenario(
            name: "the registrations of later fetches update the region of the added observer",
            steps: [(.register, .add), (.register, .updateRegion), (.cancel, .remove), (.register, .none)]),
        Scenario(
            name: "a committed transaction that changed the region is delivered once",
            steps: [(.register, .add), (.change, .none), (.change, .none), (.commit, .deliver), (.commit, .none)]),
        Scenario(
            name: "a transaction that rolled back is not delivered",
            steps: [(.register, .add), (.change, .none), (.rollback, .none), (.commit, .none)]),
        Scenario(
            name: "changes told before the registration are not delivered",
            steps: [(.change, .none), (.commit, .none), (.register, .add), (.commit, .none)]),
        Scenario(
            name: "a commit told after the cancellation, before the removal ran, is not delivered",
            steps: [(.register, .add), (.change, .none), (.cancel, .remove), (.commit, .none)]),
        Scenario(
            name: "a cancellation from the delivery removes the observer once, and delivers nothing more",
            steps: [
                (.register, .add), (.change, .none), (.commit, .deliver), (.cancel, .remove), (.change, .none),
                (.commit, .none), (.cancel, .none),
            ]),
        Scenario(
            name: "the observation's own changes are not delivered",
            steps: [(.register, .add), (.ownChange, .none), (.commit, .none), (.change, .none), (.commit, .deliver)]),
    ]

    @Test(arguments: scenarios) func scenario(_ scenario: Scenario) {
        var registration = ObserverRegistration()
        for (index, (event, expectedAction)) in scenario.steps.enumerated() {
            let action = event.send(to: &registration)
            #expect(action == expectedAction, "step \(index): \(event)")
        }
    }

    /// Every order of up to five events: the observer is added at most once, removed only if it was
    /// added and at most once, and nothing is delivered after the cancellation.
    @Test func everyOrderOfEventsRemovesTheAddedObserverOnceAndDeliversNothingAfterTheCancellation() {
        var sequences: [[Event]] = [[]]
        for _ in 0..<5 {
            sequences = sequences.flatMap { sequence in Event.allCases.map { sequence + [$0] } }
            for sequence in sequences {
                var registration = ObserverRegistration()
                let actions = sequence.map { $0.send(to: &registration) }
                let added = actions.firstIndex(of: .add)
                let cancelled = sequence.firstIndex(of: .cancel)
                let isAddedBeforeCancellation = added.map { added in cancelled.map { $0 > added } ?? false } ?? false
                #expect(actions.filter { $0 == .add }.count <= 1, "\(sequence)")
                #expect(actions.filter { $0 == .remove }.count == (isAddedBeforeCancellation ? 1 : 0), "\(sequence)")
                if let cancelled {
                    #expect(!actions[cancelled...].contains(.deliver), "\(sequence)")
                    #expect(!actions[cancelled...].contains(.add), "\(sequence)")
                }
            }
        }
    }
}
