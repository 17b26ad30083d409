/// The current transaction of a connection as its observers see it: a value-type state machine that
/// the observation broker feeds with what SQLite's hooks and the connection's statements report, and
/// that answers when observers hear of the changes made inside savepoints, and how the transaction
/// ends.
///
/// SQLite's commit and rollback hooks run inside the statement that ends the transaction: they only
/// record how it ends, and the end is told once the statement is over, when observers may run
/// statements of their own.
///
///     open ──commit hook, accepted──▶ committing ──statement ends──▶ .commit (told, counted)
///       │  ──commit hook, refused───▶ refused ────statement fails──▶ .refusedCommit (rolled back, error thrown)
///       │  ──rollback hook──────────▶ rolling back ──statement ends──▶ .rollback
///       └──COMMIT that SQLite did not see──▶ .commitWithoutSQLite: observers are asked as by the hook,
///                                            then `commitWithoutSQLiteWasAsked()` ends it
///
/// The commits of other connections, noticed between two transactions, are told as a transaction
/// of this connection that changed the whole database: `outsideCommitsWereNoticed()` ends it.
///
/// It also records what the transaction may have changed, for the database's `CommitClock`: the
/// kinds of changes of its statements, and the regions given to `notifyChanges(in:)`. A transaction
/// that SQLite did not see (`BEGIN; COMMIT`) is told to observers as a commit, and counts as one
/// only when `notifyChanges(in:)` told of changes.
struct TransactionLifecycle<Change> {
    /// How a transaction ends, for the broker to tell.
    enum Ending {
        /// The transaction committed. The clock counts it with these changes; when nil (a
        /// transaction without changes), the commit that began on the clock failed.
        case commit(TransactionChanges?)
        /// The transaction rolled back.
        case rollback
        /// An observer refused the commit: SQLite rolled back, and the statement throws this error.
        case refusedCommit(any Error)
        /// The statement committed a transaction that SQLite did not see: observers are asked as by
        /// the commit hook (`commitWillBeAsked()`, `commitWasAsked(refusal:)`), then
        /// `commitWithoutSQLiteWasAsked()` tells how it ends.
        case commitWithoutSQLite
    }

    /// What to do once a statement ran: tell the changes of the savepoints it released, then end
    /// the transaction if it ended.
    struct StatementOutcome {
        var changesToTell: [Change] = []
        var ending: Ending?
    }

    /// How SQLite ended the transaction, as its hooks tell it.
    private enum Completion {
        case none
        case commit
        case rollback
        /// An observer's `databaseWillCommit()` threw: SQLite rolls back, and the statement fails.
        case refusedCommit(any Error)
    }

    private var completion = Completion.none
    /// The changes made inside savepoints, not told yet.
    private var savepoints = SavepointStack<Change>()
    private var eventKinds: [DatabaseEventKind] = []
    /// The kinds of changes of the last statement (most transactions repeat one statement).
    private var lastEventKinds: [DatabaseEventKind] = []
    private var notifiedRegion = DatabaseRegion()

    // MARK: - Changes

    /// A statement that may make these kinds of changes (not empty) is about to run.
    mutating func statementWillRun(changing statementKinds: [DatabaseEventKind]) {
        if eventKinds.isEmpty {
            // Most transactions run statements of one kind: the statement's array is shared.
            eventKinds = statementKinds
            lastEventKinds = statementKinds
        } else if statementKinds != lastEventKinds {
            lastEventKinds = statementKinds
            for eventKind in statementKinds where !eventKinds.contains(eventKind) {
                eventKinds.append(eventKind)
            }
        }
    }

    /// Whether a change waits in a savepoint (`keep(_:)`) instead of being told at once.
    var keepsChanges: Bool { !savepoints.isEmpty }

    /// Keeps a change made inside a savepoint until no savepoint can roll it back.
    mutating func keep(_ change: Change) {
        savepoints.append(change)
    }

    /// `notifyChanges(in:)` told observers of the changes of a region.
    mutating func changesWereNotified(in region: DatabaseRegion) {
        notifiedRegion.formUnion(region)
    }

    // MARK: - Hooks

    /// The commit hook is called: returns the changes made in savepoints, which observers hear of
    /// before they are asked whether the transaction may commit.
    mutating func commitWillBeAsked() -> [Change] {
        savepoints.commit()
    }

    /// Observers were asked whether the transaction may commit, and `refusal` is the error of the
    /// one that refused. Returns whether SQLite commits.
    mutating func commitWasAsked(refusal: (any Error)?) -> Bool {
        if let refusal {
            completion = .refusedCommit(refusal)
            return false
        }
        completion = .commit
        return true
    }

    /// The rollback hook is called. Returns whether a commit that began failed (SQLite rolls back
    /// after the commit hook accepted it).
    mutating func rollbackHookWasCalled() -> Bool {
        switch completion {
        case .refusedCommit:
            return false
        case .commit:
            completion = .rollback
            return true
        case .none, .rollback:
            completion = .rollback
            return false
        }
    }

    // MARK: - Statement ends

    /// Whether the hooks recorded how the transaction ends: a statement without an effect on the
    /// transaction ends nothing otherwise (`statementDidFinish` would answer nothing).
    var hasRecordedEnd: Bool {
        if case .none = completion { return false }
        return true
    }

    /// A statement ran to its end, with this effect on the transaction; `isInsideTransaction` tells
    /// whether SQLite's transaction is still open after it (asked only after a RELEASE: most
    /// statements do not pay for it).
    mutating func statementDidFinish(
        _ effect: TransactionEffect?, isInsideTransaction: () -> Bool
    ) -> StatementOutcome {
        guard let effect else { return StatementOutcome(ending: end()) }
        switch effect {
        case .beginTransaction:
            return StatementOutcome(ending: end())
        case .commitTransaction:
            // BEGIN DEFERRED; COMMIT: SQLite began no transaction, and called no hook.
            if case .none = completion { return StatementOutcome(ending: .commitWithoutSQLite) }
            return StatementOutcome(ending: end())
        case .rollbackTransaction:
            if case .none = completion { return StatementOutcome(ending: rolledBack()) }
            return StatementOutcome(ending: end())
        case .beginSavepoint(let name):
            savepoints.begin(name)
            return StatementOutcome(ending: end())
        case .releaseSavepoint(let name):
            let changes = savepoints.release(name)
            if case .none = completion, !isInsideTransaction() {
                // SAVEPOINT x; RELEASE x, without a change: as BEGIN; COMMIT.
                return StatementOutcome(changesToTell: changes, ending: .commitWithoutSQLite)
            }
            return StatementOutcome(changesToTell: changes, ending: end())
        case .rollbackSavepoint(let name):
            savepoints.rollback(to: name)
            return StatementOutcome(ending: end())
        }
    }

    /// A statement failed: SQLite may have ended the transaction.
    mutating func statementDidFail() -> Ending? {
        end()
    }

    /// Observers were asked about a transaction that SQLite did not see (`.commitWithoutSQLite`):
    /// returns how it ends.
    mutating func commitWithoutSQLiteWasAsked() -> Ending {
        let completion = self.completion
        self.completion = .none
        if case .refusedCommit(let error) = completion {
            return refused(error)
        }
        let changes = takeChanges()
        return .commit(changes.notifiedRegion.isEmpty ? nil : changes)
    }

    /// Other connections committed, and no transaction is open: the changes notified meanwhile
    /// (`changesWereNotified(in:)`) are those of a commit.
    mutating func outsideCommitsWereNoticed() -> TransactionChanges {
        takeChanges()
    }

    /// The end that the hooks recorded, if any.
    private mutating func end() -> Ending? {
        let completion = self.completion
        self.completion = .none
        switch completion {
        case .none: return nil
        case .commit: return .commit(takeChanges())
        case .rollback: return rolledBack()
        case .refusedCommit(let error): return refused(error)
        }
    }

    private mutating func rolledBack() -> Ending {
        _ = takeChanges()
        return .rollback
    }

    private mutating func refused(_ error: any Error) -> Ending {
        _ = takeChanges()
        return .refusedCommit(error)
    }

    /// Forgets the savepoints, and returns the changes of the transaction.
    private mutating func takeChanges() -> TransactionChanges {
        savepoints.rollback()
        defer {
            eventKinds = []
            lastEventKinds = []
            notifiedRegion = DatabaseRegion()
        }
        return TransactionChanges(eventKinds: eventKinds, notifiedRegion: notifiedRegion)
    }
}

/// What a committed transaction may have changed, for the database's `CommitClock`.
struct TransactionChanges {
    /// The kinds of changes of its statements.
    var eventKinds: [DatabaseEventKind]
    /// The regions given to `notifyChanges(in:)`.
    var notifiedRegion: DatabaseRegion
}
