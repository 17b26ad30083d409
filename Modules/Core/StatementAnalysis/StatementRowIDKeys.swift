/// The rows of a table that a query reads by rowid, as its program tells: in
/// `SELECT * FROM player WHERE id = ?` (`id` an INTEGER PRIMARY KEY), the row of the argument.
///
/// SQLite's authorizer reports the tables and columns a statement reads, not its rows. When a query
/// positions the cursor of a table only by seeking one rowid, from a parameter or a constant
/// (`SeekRowid`, or `NotExists` before SQLite 3.17), and never scans it, the query reads at most
/// that row of the table: the region that an observation records is then limited to it, and the
/// changes of other rows do not refresh it. Any other use of the cursor (a scan, an index, a loop
/// over keys) leaves the table whole. The program is read once per statement (`EXPLAIN`), and only
/// for the statements that `recordingSelection` records.
struct StatementRowIDKeys {
    /// Where the rowid comes from.
    enum Key: Equatable {
        /// A parameter of the statement (1-based).
        case parameter(Int32)
        /// A constant of the SQL.
        case constant(Int64)
    }

    /// The lowercased name of each table read by one rowid, with the rowid's origin.
    var keys: [(table: String, key: Key)]

    /// The opcodes of the programs that are read, and the registers each one writes (as a function
    /// of P1, P2, P3). A program with another opcode keeps its tables whole: what is not known is
    /// not assumed.
    private static let knownOpcodes: [String: @Sendable (Int64, Int64, Int64) -> ClosedRange<Int64>?] = [
        "Init": { _, _, _ in nil }, "Goto": { _, _, _ in nil }, "Halt": { _, _, _ in nil },
        "Transaction": { _, _, _ in nil }, "TableLock": { _, _, _ in nil }, "Noop": { _, _, _ in nil },
        "OpenRead": { _, _, _ in nil }, "Close": { _, _, _ in nil }, "ResultRow": { _, _, _ in nil },
        "SeekRowid": { _, _, _ in nil }, "NotExists": { _, _, _ in nil }, "MustBeInt": { _, _, _ in nil },
        "Affinity": { _, _, _ in nil }, "RealAffinity": { _, _, _ in nil },
        "Eq": { _, _, _ in nil }, "Ne": { _, _, _ in nil }, "Lt": { _, _, _ in nil }, "Le": { _, _, _ in nil },
        "Gt": { _, _, _ in nil }, "Ge": { _, _, _ in nil }, "If": { _, _, _ in nil }, "IfNot": { _, _, _ in nil },
        "IsNull": { _, _, _ in nil }, "NotNull": { _, _, _ in nil },
        "Variable": { _, p2, _ in p2...p2 }, "Integer": { _, p2, _ in p2...p2 }, "Rowid": { _, p2, _ in p2...p2 },
        "Column": { _, _, p3 in p3...p3 }, "Function": { _, _, p3 in p3...p3 }, "AggStep": { _, _, p3 in p3...p3 },
        "AggStep0": { _, _, p3 in p3...p3 },
        "AggFinal": { p1, _, _ in p1...p1 }, "Null": { _, p2, p3 in p2...max(p2, p3) },
        "Copy": { _, p2, p3 in p2...(p2 + p3) }, "SCopy": { _, p2, _ in p2...p2 },
    ]

    /// Reads the program of a query; nil when it cannot be read.
    init?(sql: String, database db: Database) {
        struct Instruction {
            var opcode: String
            var p1: Int64
            var p2: Int64
            var p3: Int64
        }
        var program: [Instruction] = []
        do {
            try db.withTraceSuspended {
                try db.forEachRow(of: "EXPLAIN " + sql) { statement in
                    guard let opcode = db.api.column_text(statement, 1) else { return }
                    program.append(
                        Instruction(
                            opcode: String(cString: opcode), p1: db.api.column_int64(statement, 2),
                            p2: db.api.column_int64(statement, 3), p3: db.api.column_int64(statement, 4)))
                }
            }
        } catch {
            return nil
        }
        keys = []
        guard program.allSatisfy({ Self.knownOpcodes[$0.opcode] != nil }) else { return }
        // The cursors opened on root pages of the main database (P3 = 0), and the instructions that
        // write each register.
        var rootPages: [Int64: Int64] = [:]
        var writers: [Int64: [Instruction]] = [:]
        for instruction in program {
            if instruction.opcode == "OpenRead", instruction.p3 == 0 { rootPages[instruction.p1] = instruction.p2 }
            if let registers = Self.knownOpcodes[instruction.opcode]?(instruction.p1, instruction.p2, instruction.p3) {
                for register in registers { writers[register, default: []].append(instruction) }
            }
        }
        for (cursor, rootPage) in rootPages.sorted(by: { $0.key < $1.key }) {
            // Seeked once, by a register that one parameter or constant sets. Of the known opcodes,
            // those that take a cursor (Column, Rowid, Close) read the row it is seeked to: scans
            // are not known.
            let seeks = program.filter {
                $0.p1 == cursor && ($0.opcode == "SeekRowid" || $0.opcode == "NotExists")
            }
            guard seeks.count == 1, let keyWriters = writers[seeks[0].p3], keyWriters.count == 1 else { continue }
            let key: Key
            switch keyWriters[0].opcode {
            case "Variable": key = .parameter(Int32(keyWriters[0].p1))
            case "Integer": key = .constant(keyWriters[0].p1)
            default: continue
            }
            guard let table = try? db.tableName(rootPage: rootPage) else { continue }
            keys.append((table, key))
        }
    }
}

extension Database {
    /// The lowercased name of the table of a root page in the main database, if any.
    fileprivate func tableName(rootPage: Int64) throws -> String? {
        var name: String?
        try forEachRow(of: "SELECT tbl_name FROM main.sqlite_master WHERE type = 'table' AND rootpage = \(rootPage)") {
            statement in
            if let text = api.column_text(statement, 0) {
                name = String(cString: text).normalizedIdentifier
            }
        }
        return name
    }
}

extension Statement {
    /// The region the statement reads with the bound arguments: its tables and columns, limited to
    /// the rows it reads by rowid (see `StatementRowIDKeys`).
    var regionOfBoundRows: DatabaseRegion {
        var region = databaseRegion
        guard !region.isEmpty, !region.isFullDatabase, let keys = rowIDKeys?.keys else { return region }
        for (table, key) in keys {
            switch key {
            case .constant(let rowID):
                region = region.limitingRows(ofTable: table, to: [rowID])
            case .parameter(let index):
                if case .int64(let rowID) = boundValue(ofParameter: Int(index))?.storage {
                    region = region.limitingRows(ofTable: table, to: [rowID])
                }
            }
        }
        return region
    }
}
