/// Records what SQLite reports through its authorizer callback while it compiles a statement:
/// the tables and columns the statement reads, the tables it writes, schema changes, and
/// transaction control.
///
/// A connection registers its authorizer once, before it prepares any statement, and keeps it:
/// registering an authorizer with `sqlite3_set_authorizer` makes SQLite expire every prepared
/// statement of the connection, which would then compile again on its next step (measured with
/// SQLite 3.40.1 and 3.15.2). Installing it around each preparation would recompile the cached
/// statements over and over. SQLite calls the authorizer only while it compiles SQL, never while a
/// compiled statement steps, so execution pays nothing; outside of a recording (a statement that
/// SQLite compiles again after a schema change, say) the callback returns at once.
///
/// The authorizer belongs to one connection, and runs on its thread, synchronously, inside the
/// `prepare` calls of that connection: it is never shared between threads.
final class StatementAuthorizer {
    private var isRecording = false
    private var footprint = StatementFootprint()
    /// The tables read so far, with their columns (nil for all columns). Few tables per statement:
    /// an array searched linearly is cheaper than a dictionary.
    private var reads: [(table: String, columns: Set<String>?)] = []
    /// Whether the statement drops a table, view…: SQLite then reports the deletion of its rows,
    /// which is not a change to observe.
    private var isDropStatement = false
    /// Whether SQLite compiles a DROP statement outside of a recording: the next deletion it
    /// checks is the drop itself.
    private var isCompilingDropOutsideRecording = false
    /// Whether a transaction observer observes the deletions of a (lowercased) table: SQLite must
    /// then report each deleted row, which the authorizer asks by answering `SQLITE_IGNORE` to the
    /// deletion (SQLite then disables its truncate optimization, which deletes every row of a
    /// table at once, without reporting them). Nil when no observer observes anything.
    var observesDeletions: ((String) -> Bool)?

    /// Registers the authorizer on a connection, which must not outlive it.
    func register(on connection: OpaquePointer, api: SQLiteAPI) {
        _ = api.set_authorizer(
            connection,
            { context, action, argument1, argument2, _, _ in
                guard let context else { return SQLITE.OK }
                return Unmanaged<StatementAuthorizer>.fromOpaque(context).takeUnretainedValue()
                    .authorize(action, argument1, argument2)
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Removes the authorizer from a connection.
    static func unregister(from connection: OpaquePointer, api: SQLiteAPI) {
        _ = api.set_authorizer(connection, nil, nil)
    }

    /// Starts recording what SQLite reports: call it right before a `prepare`.
    func startRecording() {
        isRecording = true
        isCompilingDropOutsideRecording = false
    }

    /// Stops recording, and returns what SQLite reported since `startRecording()`.
    func stopRecording() -> StatementFootprint {
        isRecording = false
        var result = footprint
        footprint = StatementFootprint()
        isDropStatement = false
        if !reads.isEmpty {
            var tableRegions: [String: DatabaseRegion.TableRegion] = [:]
            tableRegions.reserveCapacity(reads.count)
            for (table, columns) in reads {
                tableRegions[table] = DatabaseRegion.TableRegion(columns: columns, rowIDs: nil)
            }
            result.readRegion = DatabaseRegion(tableRegions: tableRegions)
            reads = []
        }
        return result
    }

    private func authorize(
        _ action: Int32, _ argument1: UnsafePointer<CChar>?, _ argument2: UnsafePointer<CChar>?
    ) -> Int32 {
        guard isRecording else {
            // SQLite compiles a statement again after a schema change: its deletions must still be
            // reported one by one. The deletion that SQLite checks right after a DROP is the drop
            // itself, which IGNORE would skip.
            switch action {
            case SQLITE.DROP_TABLE, SQLITE.DROP_TEMP_TABLE, SQLITE.DROP_VIEW, SQLITE.DROP_TEMP_VIEW,
                SQLITE.DROP_INDEX, SQLITE.DROP_TEMP_INDEX, SQLITE.DROP_TRIGGER, SQLITE.DROP_TEMP_TRIGGER,
                SQLITE.DROP_VTABLE:
                isCompilingDropOutsideRecording = true
            case SQLITE.DELETE:
                defer { isCompilingDropOutsideRecording = false }
                if !isCompilingDropOutsideRecording, let table = argument1, let observesDeletions,
                    !Self.isInternalTable(table), observesDeletions(String(cString: table))
                {
                    return SQLITE.IGNORE
                }
            default:
                break
            }
            return SQLITE.OK
        }
        switch action {
        case SQLITE.READ:
            // (table, column); the column is empty for a table read without a column (COUNT(*), rowid…).
            guard let table = argument1, let column = argument2 else { break }
            let isWholeTable = column.pointee == 0
            if isWholeTable { footprint.hasWholeTableRead = true }
            guard !Self.isInternalTable(table) else { break }
            recordRead(
                table: String(normalizedIdentifier: table),
                column: isWholeTable ? nil : String(normalizedIdentifier: column))
        case SQLITE.SELECT:
            footprint.hasQuery = true
        case SQLITE.INSERT:
            // (table, NULL)
            guard let table = argument1, !Self.isInternalTable(table) else { break }
            recordChange(.insert(tableName: String(cString: table)))
        case SQLITE.DELETE:
            // (table, NULL)
            guard !isDropStatement, let table = argument1, !Self.isInternalTable(table) else { break }
            let tableName = String(cString: table)
            recordChange(.delete(tableName: tableName))
            if observesDeletions?(tableName) == true { return SQLITE.IGNORE }
        case SQLITE.UPDATE:
            // (table, column)
            guard let table = argument1, let column = argument2, !Self.isInternalTable(table) else { break }
            recordUpdate(table: String(cString: table), column: String(cString: column))
        case SQLITE.DROP_TABLE, SQLITE.DROP_TEMP_TABLE, SQLITE.DROP_VIEW, SQLITE.DROP_TEMP_VIEW, SQLITE.DROP_INDEX,
            SQLITE.DROP_TEMP_INDEX, SQLITE.DROP_TRIGGER, SQLITE.DROP_TEMP_TRIGGER, SQLITE.DROP_VTABLE:
            isDropStatement = true
            footprint.invalidatesSchemaCache = true
        case SQLITE.CREATE_TABLE, SQLITE.CREATE_TEMP_TABLE, SQLITE.CREATE_VIEW, SQLITE.CREATE_TEMP_VIEW,
            SQLITE.CREATE_INDEX, SQLITE.CREATE_TEMP_INDEX, SQLITE.CREATE_TRIGGER, SQLITE.CREATE_TEMP_TRIGGER,
            SQLITE.CREATE_VTABLE, SQLITE.ALTER_TABLE, SQLITE.ATTACH, SQLITE.DETACH:
            footprint.invalidatesSchemaCache = true
        case SQLITE.FUNCTION:
            // (NULL, function). SQLite 3.35 to 3.37 report ALTER TABLE … DROP COLUMN only through
            // the function that rewrites the schema.
            if let function = argument2, Self.equals(function, "sqlite_drop_column") {
                footprint.invalidatesSchemaCache = true
            }
        case SQLITE.TRANSACTION:
            // (operation, NULL)
            guard let operation = argument1 else { break }
            if Self.equals(operation, "BEGIN") {
                footprint.transactionEffect = .beginTransaction
            } else if Self.equals(operation, "COMMIT") {
                footprint.transactionEffect = .commitTransaction
            } else if Self.equals(operation, "ROLLBACK") {
                footprint.transactionEffect = .rollbackTransaction
            }
        case SQLITE.SAVEPOINT:
            // (operation, name)
            guard let operation = argument1, let cName = argument2 else { break }
            let name = String(normalizedIdentifier: cName)
            if Self.equals(operation, "BEGIN") {
                footprint.transactionEffect = .beginSavepoint(name)
            } else if Self.equals(operation, "RELEASE") {
                footprint.transactionEffect = .releaseSavepoint(name)
            } else if Self.equals(operation, "ROLLBACK") {
                footprint.transactionEffect = .rollbackSavepoint(name)
            }
        default:
            break
        }
        return SQLITE.OK
    }

    private func recordRead(table: String, column: String?) {
        guard let index = reads.firstIndex(where: { $0.table == table }) else {
            reads.append((table, column.map { [$0] }))
            return
        }
        guard let column else {
            reads[index].columns = nil
            return
        }
        reads[index].columns?.insert(column)
    }

    private func recordChange(_ eventKind: DatabaseEventKind) {
        if !footprint.eventKinds.contains(eventKind) {
            footprint.eventKinds.append(eventKind)
        }
    }

    private func recordUpdate(table: String, column: String) {
        for (index, eventKind) in footprint.eventKinds.enumerated() {
            if case .update(table, var columns) = eventKind {
                columns.insert(column)
                footprint.eventKinds[index] = .update(tableName: table, columnNames: columns)
                return
            }
        }
        footprint.eventKinds.append(.update(tableName: table, columnNames: [column]))
    }

    /// Whether a table is internal to SQLite: its name begins with `sqlite_` (`sqlite_master`,
    /// `sqlite_sequence`, …, names that applications cannot create) or `pragma_` (the table-valued
    /// functions of pragmas, such as `pragma_table_info`).
    static func isInternalTable(_ name: UnsafePointer<CChar>) -> Bool {
        hasPrefixIgnoringCase(name, "sqlite_") || hasPrefixIgnoringCase(name, "pragma_")
    }

    /// Whether a C string equals an ASCII literal.
    private static func equals(_ cString: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
        let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
        let literalBytes = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount where bytes[index] != literalBytes[index] {
            // A shorter C string ends with 0, which differs from every byte of the literal.
            return false
        }
        return bytes[literal.utf8CodeUnitCount] == 0
    }

    /// Whether a C string begins with a lowercase ASCII literal, ignoring the case of ASCII letters.
    private static func hasPrefixIgnoringCase(_ cString: UnsafePointer<CChar>, _ prefix: StaticString) -> Bool {
        let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
        let prefixBytes = prefix.utf8Start
        for index in 0..<prefix.utf8CodeUnitCount {
            let byte = bytes[index]
            let lowercased = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if lowercased != prefixBytes[index] { return false }
        }
        return true
    }
}
