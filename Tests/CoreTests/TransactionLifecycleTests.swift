import Testing

@testable import RSCore

/// The state machine of a transaction as its observers see it, without a database: each scenario
/// feeds it what SQLite's hooks and the connection's statements would report, and lists what it
/// answers.
@Suite struct TransactionLifecycleTests {
    /// What the broker reports to the state machine.
    enum Event {
        /// A statement that inserts into this table is about to run.
        case statementWillRun(String)
        /// A change is made (told at once, or kept in a savepoint).
        case change(Int)
        /// `notifyChanges(in:)` told of the changes of a table.
        case notify(String)
        /// The commit hook is called, and observers accept or refuse.
        case commitHook(accepted: Bool)
        case rollbackHook
        case finish(TransactionEffect?, isInsideTransaction: Bool = false)
        case fail
        /// Observers were asked about a COMMIT that SQLite did not see, and accept or refuse.
        case commitWithoutSQLiteAsked(accepted: Bool)
    }

    struct Refusal: Error {}

    /// Runs the events, and returns the answers of the state machine, one line per answer.
    static func run(_ events: [Event]) -> [String] {
        var lifecycle = TransactionLifecycle<Int>()
        var log: [String] = []
        func describe(_ ending: TransactionLifecycle<Int>.Ending?) -> String? {
            switch ending {
            case nil: return nil
            case .commit(let changes?):
                let tables = changes.eventKinds.map(\.tableName) + (changes.notifiedRegion.tableNames?.sorted() ?? [])
                return "commit counting \(tables)"
            case .commit(nil): return "commit not counted"
            case .rollback: return "rollback"
            case .refusedCommit(let error): return "refused commit (\(error is Refusal))"
            case .commitWithoutSQLite: return "commit without SQLite"
            }
        }
        for event in events {
            switch event {
            case .statementWillRun(let table):
                lifecycle.statementWillRun(changing: [.insert(tableName: table)])
            case .change(let change):
                if lifecycle.keepsChanges {
                    lifecycle.keep(change)
                } else {
                    log.append("tell [\(change)]")
                }
            case .notify(let table):
                lifecycle.changesWereNotified(in: DatabaseRegion(table: table))
            case .commitHook(let accepted), .commitWithoutSQLiteAsked(let accepted):
                let changes = lifecycle.commitWillBeAsked()
                if !changes.isEmpty { log.append("tell \(changes)") }
                let commits = lifecycle.commitWasAsked(refusal: accepted ? nil : Refusal())
                log.append(commits ? "SQLite commits" : "SQLite rolls back")
                if case .commitWithoutSQLiteAsked = event {
                    log.append(describe(lifecycle.commitWithoutSQLiteWasAsked())!)
                }
            case .rollbackHook:
                if lifecycle.rollbackHookWasCalled() { log.append("commit failed") }
            case .finish(let effect, let isInsideTransaction):
                let outcome = lifecycle.statementDidFinish(effect, isInsideTransaction: { isInsideTransaction })
                if !outcome.changesToTell.isEmpty { log.append("tell \(outcome.changesToTell)") }
                if let line = describe(outcome.ending) { log.append(line) }
            case .fail:
                if let line = describe(lifecycle.statementDidFail()) { log.append(line) }
            }
        }
        return log
    }

    static let scenarios: [(String, [Event], [String])] = [
        (
            "an autocommitted statement commits, and counts its changes",
            [.statementWillRun("a"), .change(1), .commitHook(accepted: true), .finish(nil)],
            ["tell [1]", "SQLite commits", "commit counting [\"a\"]"]
        ),
        (
            "a transaction commits with COMMIT, and counts the kinds of changes of its statements once",
            [
                .finish(.beginTransaction, isInsideTransaction: true), .statementWillRun("a"),
                .finish(nil, isInsideTransaction: true), .statementWillRun("b"),
                .finish(nil, isInsideTransaction: true), .statementWillRun("a"),
                .finish(nil, isInsideTransaction: true), .commitHook(accepted: true),
                .finish(.commitTransaction),
            ],
            ["SQLite commits", "commit counting [\"a\", \"b\"]"]
        ),
        (
            "ROLLBACK rolls back",
            [.statementWillRun("a"), .change(1), .rollbackHook, .finish(.rollbackTransaction)],
            ["tell [1]", "rollback"]
        ),
        (
            "a commit that SQLite fails after the hook accepted it is a failed commit, and a rollback",
            [.statementWillRun("a"), .commitHook(accepted: true), .rollbackHook, .fail],
            ["SQLite commits", "commit failed", "rollback"]
        ),
        (
            "a refused commit rolls back, and the statement throws the refusal",
            [.statementWillRun("a"), .commitHook(accepted: false), .rollbackHook, .fail],
            ["SQLite rolls back", "refused commit (true)"]
        ),
        (
            "BEGIN; COMMIT without a change is a commit that is not counted",
            [
                .finish(.beginTransaction), .finish(.commitTransaction),
                .commitWithoutSQLiteAsked(accepted: true),
            ],
            ["commit without SQLite", "SQLite commits", "commit not counted"]
        ),
        (
            "BEGIN; COMMIT with notified changes is counted",
            [
                .finish(.beginTransaction), .notify("t"), .finish(.commitTransaction),
                .commitWithoutSQLiteAsked(accepted: true),
            ],
            ["commit without SQLite", "SQLite commits", "commit counting [\"t\"]"]
        ),
        (
            "BEGIN; COMMIT that an observer refuses is refused",
            [.finish(.beginTransaction), .finish(.commitTransaction), .commitWithoutSQLiteAsked(accepted: false)],
            ["commit without SQLite", "SQLite rolls back", "refused commit (true)"]
        ),
        (
            "BEGIN; ROLLBACK without a change rolls back",
            [.finish(.beginTransaction), .finish(.rollbackTransaction)],
            ["rollback"]
        ),
        (
            "changes inside a savepoint are told once it is released inside the transaction",
            [
                .finish(.beginSavepoint("s"), isInsideTransaction: true), .statementWillRun("a"), .change(1),
                .change(2), .finish(.releaseSavepoint("s"), isInsideTransaction: true), .change(3),
            ],
            ["tell [1, 2]", "tell [3]"]
        ),
        (
            "changes inside a savepoint are forgotten when it rolls back",
            [
                .finish(.beginSavepoint("s"), isInsideTransaction: true), .change(1),
                .finish(.beginSavepoint("t"), isInsideTransaction: true), .change(2),
                .finish(.rollbackSavepoint("t"), isInsideTransaction: true),
                .finish(.releaseSavepoint("s"), isInsideTransaction: true),
            ],
            ["tell [1]"]
        ),
        (
            "a savepoint that began the transaction commits on RELEASE: its changes are told before observers are asked",
            [
                .finish(.beginSavepoint("s"), isInsideTransaction: true), .statementWillRun("a"), .change(1),
                .commitHook(accepted: true), .finish(.releaseSavepoint("s")),
            ],
            ["tell [1]", "SQLite commits", "commit counting [\"a\"]"]
        ),
        (
            "SAVEPOINT s; RELEASE s without a change is BEGIN; COMMIT",
            [
                .finish(.beginSavepoint("s")), .finish(.releaseSavepoint("s")),
                .commitWithoutSQLiteAsked(accepted: true),
            ],
            ["commit without SQLite", "SQLite commits", "commit not counted"]
        ),
        (
            "a rolled back transaction forgets its savepoints and changes",
            [
                .finish(.beginSavepoint("s"), isInsideTransaction: true), .statementWillRun("a"), .change(1),
                .rollbackHook, .finish(.rollbackTransaction), .statementWillRun("b"), .change(2),
                .commitHook(accepted: true), .finish(nil),
            ],
            ["rollback", "tell [2]", "SQLite commits", "commit counting [\"b\"]"]
        ),
        (
            "the next transaction counts only its own changes",
            [
                .statementWillRun("a"), .notify("n"), .commitHook(accepted: true), .finish(nil),
                .statementWillRun("b"), .commitHook(accepted: true), .finish(nil),
            ],
            ["SQLite commits", "commit counting [\"a\", \"n\"]", "SQLite commits", "commit counting [\"b\"]"]
        ),
        (
            "a statement that fails without ending the transaction ends nothing",
            [.finish(.beginTransaction, isInsideTransaction: true), .statementWillRun("a"), .fail],
            []
        ),
        (
            "a rollback hook without a commit is no failed commit",
            [.statementWillRun("a"), .rollbackHook, .fail],
            ["rollback"]
        ),
    ]

    @Test(arguments: scenarios.indices)
    func scenario(_ index: Int) {
        let (name, events, expected) = Self.scenarios[index]
        #expect(Self.run(events) == expected, "\(name)")
    }
}
