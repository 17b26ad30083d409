import Testing

@testable import RSCore

/// The index of transaction observers, without a database: who is asked about a statement, who
/// hears of the end of a transaction, and who is forgotten.
@Suite struct ObserverIndexTests {
    /// An observer of the given tables (asked about every statement: it tells no region).
    final class TableObserver: TransactionObserver {
        let tables: Set<String>
        init(_ tables: Set<String>) { self.tables = tables }
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { tables.contains(eventKind.tableName) }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) {}
        func databaseDidRollback(_ db: Database) {}
    }

    /// An observer that tells its region (indexed under its tables).
    final class RegionObserver: DatabaseRegionObserver {
        var observedRegion: DatabaseRegion
        init(_ region: DatabaseRegion) { observedRegion = region }
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
            observedRegion.isModified(byEventsOfKind: eventKind)
        }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) {}
        func databaseDidRollback(_ db: Database) {}
    }

    /// The observers asked about a statement that inserts into these tables (a dispatch of a copy of
    /// the index: the copy may note dead observations, not the index).
    private func observers(of index: ObserverIndex, inserting tables: [String]) -> [ObjectIdentifier] {
        var index = index
        return index.dispatch(for: tables.map { .insert(tableName: $0) }).dispatch.observations.map {
            ObjectIdentifier($0.observation.observer!)
        }
    }

    @Test func aStatementAsksTheObserversOfItsTablesInRegistrationOrder() {
        var index = ObserverIndex()
        let b = RegionObserver(DatabaseRegion(table: "b"))
        let anyA = TableObserver(["a"])
        let a = RegionObserver(DatabaseRegion(table: "A"))
        let ab = RegionObserver(DatabaseRegion(table: "a").union(DatabaseRegion(table: "b")))
        for observer in [b, a, ab] as [any TransactionObserver] { index.add(observer, extent: .databaseLifetime) }
        index.add(anyA, extent: .databaseLifetime)
        #expect(observers(of: index, inserting: ["a"]) == [a, ab, anyA].map(ObjectIdentifier.init))
        #expect(observers(of: index, inserting: ["b"]) == [b, ab].map(ObjectIdentifier.init))
        // Several tables: each observer once, in registration order.
        #expect(observers(of: index, inserting: ["b", "a"]) == [b, a, ab, anyA].map(ObjectIdentifier.init))
        #expect(observers(of: index, inserting: ["c"]) == [])
    }

    @Test func aDispatchIsReusableUnlessAnObserverWithoutRegionWasAsked() {
        var index = ObserverIndex()
        let a = RegionObserver(DatabaseRegion(table: "a"))
        index.add(a, extent: .databaseLifetime)
        #expect(index.dispatch(for: [.insert(tableName: "a")]).isReusable)
        let anyB = TableObserver(["b"])
        index.add(anyB, extent: .databaseLifetime)
        #expect(!index.dispatch(for: [.insert(tableName: "a")]).isReusable)
    }

    @Test func eachChangeOfTheObserversOrOfTheirRegionsIsANewGeneration() {
        var index = ObserverIndex()
        let a = RegionObserver(DatabaseRegion(table: "a"))
        var generations = [index.generation]
        index.add(a, extent: .databaseLifetime)
        generations.append(index.generation)
        a.observedRegion = DatabaseRegion(table: "b")
        index.observedRegionDidChange(of: a)
        generations.append(index.generation)
        #expect(observers(of: index, inserting: ["a"]) == [])
        #expect(observers(of: index, inserting: ["b"]) == [ObjectIdentifier(a)])
        let removed = index.remove(a)
        generations.append(index.generation)
        let removedTwice = index.remove(a)
        #expect(removed && !removedTwice)
        #expect(Set(generations).count == 4)
        #expect(index.isEmpty)
        #expect(observers(of: index, inserting: ["b"]) == [])
    }

    @Test func deletionsAreObservedByTheObserversOfTheirTable() {
        var index = ObserverIndex()
        let a = RegionObserver(DatabaseRegion(table: "a"))
        let anyB = TableObserver(["b"])
        index.add(a, extent: .databaseLifetime)
        index.add(anyB, extent: .databaseLifetime)
        #expect(index.observesDeletions(on: "A"))
        #expect(index.observesDeletions(on: "b"))
        #expect(!index.observesDeletions(on: "c"))
    }

    @Test func theEndOfATransactionIsToldToObserversWithoutRegionAndToTouchedRegionObservers() {
        var index = ObserverIndex()
        let a = RegionObserver(DatabaseRegion(table: "a"))
        let any = TableObserver(["a"])
        let b = RegionObserver(DatabaseRegion(table: "b"))
        for observer in [a, any, b] as [any TransactionObserver] { index.add(observer, extent: .databaseLifetime) }
        let dispatch = index.dispatch(for: [.insert(tableName: "b")]).dispatch
        for statementObservation in dispatch.observations { index.touch(statementObservation.observation) }
        let told = index.observationsToldOfTransactionEnd().map { ObjectIdentifier($0.observer!) }
        #expect(told == [any, b].map(ObjectIdentifier.init))
        let toldCount = index.transactionDidEnd(isReadOnly: false).told.count
        #expect(toldCount == 2)
        // Untouched after the end.
        #expect(
            index.observationsToldOfTransactionEnd().map { ObjectIdentifier($0.observer!) } == [ObjectIdentifier(any)])
        let toldOfReadOnlyAccess = index.transactionDidEnd(isReadOnly: true).told
        #expect(toldOfReadOnlyAccess.isEmpty)
    }

    @Test func disabledObservationsAreEnabledAgainWhenTheTransactionEnds() {
        var index = ObserverIndex()
        let any = TableObserver(["a"])
        index.add(any, extent: .databaseLifetime)
        let observation = index.observations[0]
        index.disable(observation)
        #expect(!observation.isEnabled)
        _ = index.transactionDidEnd(isReadOnly: false)
        #expect(observation.isEnabled)
    }

    @Test func observersOfTheNextTransactionAreForgottenOnceItEnds() {
        var index = ObserverIndex()
        index.add(TableObserver(["a"]), extent: .nextTransaction)
        let kept = TableObserver(["a"])
        index.add(kept, extent: .databaseLifetime)
        let endingWithReadOnlyAccess = index.transactionDidEnd(isReadOnly: true).ending
        #expect(endingWithReadOnlyAccess.isEmpty)
        let (told, ending) = index.transactionDidEnd(isReadOnly: false)
        #expect(told.count == 2)
        #expect(ending.count == 1)
        index.release(ending)
        #expect(index.aliveCount == 1)
        let removed = index.removeDeadObservations()
        let removedTwice = index.removeDeadObservations()
        #expect(removed && !removedTwice)
        #expect(index.observations.map { ObjectIdentifier($0.observer!) } == [ObjectIdentifier(kept)])
        let endingAfterwards = index.transactionDidEnd(isReadOnly: false).ending
        #expect(endingAfterwards.isEmpty)
    }

    @Test func anObserverOfTheNextTransactionRemovedBeforeItEndsDoesNotEndWithIt() {
        var index = ObserverIndex()
        let once = TableObserver(["a"])
        index.add(once, extent: .nextTransaction)
        let isRemoved = index.remove(once)
        let ending = index.transactionDidEnd(isReadOnly: false).ending
        #expect(isRemoved && ending.isEmpty)
    }

    @Test func deallocatedObserversAreFoundByStatementsAndForgotten() {
        var index = ObserverIndex()
        do {
            let gone = RegionObserver(DatabaseRegion(table: "a"))
            index.add(gone, extent: .observerLifetime)
        }
        let generation = index.generation
        let asked = index.dispatch(for: [.insert(tableName: "a")]).dispatch.observations
        #expect(asked.isEmpty)
        let removed = index.removeDeadObservations()
        #expect(removed)
        #expect(index.isEmpty)
        #expect(index.generation != generation)
    }

    @Test func onlyObserversWithoutRegionWantPreUpdateEvents() {
        var index = ObserverIndex()
        index.add(RegionObserver(DatabaseRegion(table: "a")), extent: .databaseLifetime)
        #expect(!index.hasObserversWithoutRegion)
        let any = TableObserver(["a"])
        index.add(any, extent: .databaseLifetime)
        #expect(index.hasObserversWithoutRegion)
        _ = index.remove(any)
        #expect(!index.hasObserversWithoutRegion)
    }
}
