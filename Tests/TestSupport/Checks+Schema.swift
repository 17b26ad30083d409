import RSCore
import RSQueryInterface

/// The schema DSL at work: the constraints, defaults, indexes and views it creates hold, alterations
/// change the schema, and a definition of several statements runs whole or not at all.
let schemaChecks: [ConformanceCheck] = [
    ConformanceCheck("the schema DSL creates tables whose constraints, defaults and indexes hold") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().collate(.nocase)
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull().defaults(to: 10).check { $0 >= 0 }
                t.column("teamId", .integer).references("team", onDelete: .cascade).indexed()
                t.column("email", .text).unique(onConflict: .replace)
                t.check(Column("name") != "")
            }
            try db.execute(sql: "INSERT INTO team (name) VALUES ('Reds')")
            try db.execute(sql: "INSERT INTO player (name, teamId, email) VALUES ('Arthur', 1, 'a@x')")
            // DEFAULT
            try expectEqual(try Int.fetchOne(db, sql: "SELECT score FROM player"), 10)
            // NOT NULL
            try expectConstraintViolation(db, "INSERT INTO player (name) VALUES (NULL)", .SQLITE_CONSTRAINT_NOTNULL)
            // UNIQUE, with the NOCASE collation
            try expectConstraintViolation(db, "INSERT INTO team (name) VALUES ('REDS')", .SQLITE_CONSTRAINT_UNIQUE)
            // CHECK of the column, and of the table
            try expectConstraintViolation(
                db, "INSERT INTO player (name, score) VALUES ('Barbara', -1)", .SQLITE_CONSTRAINT_CHECK)
            try expectConstraintViolation(db, "INSERT INTO player (name) VALUES ('')", .SQLITE_CONSTRAINT_CHECK)
            // FOREIGN KEY
            try expectConstraintViolation(
                db, "INSERT INTO player (name, teamId) VALUES ('Craig', 2)", .SQLITE_CONSTRAINT_FOREIGNKEY)
            // UNIQUE ON CONFLICT REPLACE
            try db.execute(sql: "INSERT INTO player (name, teamId, email) VALUES ('Arthur 2', 1, 'a@x')")
            try expectEqual(try String.fetchAll(db, sql: "SELECT name FROM player"), ["Arthur 2"])
            // ON DELETE CASCADE
            try db.execute(sql: "DELETE FROM team")
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
        try writer.read { db in
            try expectEqual(try db.columns(in: "player").map(\.name), ["id", "name", "score", "teamId", "email"])
            try expectEqual(try db.columns(in: "player").map(\.defaultValueSQL), [nil, nil, "10", nil, nil])
            let indexes = try db.indexes(on: "player")
            try expect(
                indexes.contains { $0.name == "player_on_teamId" && $0.columns == ["teamId"] && !$0.isUnique },
                "no index on teamId: \(indexes)")
            try expect(
                indexes.contains { $0.columns == ["email"] && $0.isUnique && $0.origin == .uniqueConstraint },
                "no unique index on email: \(indexes)")
            try expectEqual(try db.foreignKeys(on: "player").map(\.destinationColumns), [["id"]])
        }
    },
    ConformanceCheck("alterations change the schema, as far as the SQLite version allows, and tables rename and drop") {
        factory in
        let writer = try factory.makeWriter()
        let capabilities = factory.driver.capabilities
        // The alterations that an older SQLite refuses are checked by the checks of schema versions.
        let canRenameColumns = capabilities.isAtLeast(3, 25)
        let canDropColumns = capabilities.isAtLeast(3, 35)
        try writer.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text)
                t.column("nickname", .text)
            }
            try db.execute(sql: "INSERT INTO player (name, nickname) VALUES ('Arthur', 'Art')")
            try db.alter(table: "player") { t in
                t.add(column: "score", .integer).notNull().defaults(to: 0).indexed()
                if canRenameColumns { t.rename(column: "name", to: "fullName") }
                if canDropColumns { t.drop(column: "nickname") }
            }
            try db.rename(table: "player", to: "gamer")
        }
        let nameColumn = canRenameColumns ? "fullName" : "name"
        try writer.read { db in
            try expect(try db.tableExists("gamer"), "no table gamer")
            try expect(try !db.tableExists("player"), "the table player is still there")
            try expectEqual(
                try db.columns(in: "gamer").map(\.name),
                ["id", nameColumn] + (canDropColumns ? [] : ["nickname"]) + ["score"])
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT \(nameColumn), score FROM gamer"), [nameColumn: "Arthur", "score": 0])
            try expectEqual(try db.indexes(on: "gamer").map(\.columns), [["score"]])
        }
        try writer.write { db in
            try db.create(index: "byName", on: "gamer", columns: [nameColumn], options: .unique)
            let insert = "INSERT INTO gamer (\(nameColumn)) VALUES ('Arthur')"
            try expectConstraintViolation(db, insert, .SQLITE_CONSTRAINT_UNIQUE)
            try db.drop(index: "byName")
            try db.execute(sql: insert)
            try db.drop(table: "gamer")
            try expect(try !db.tableExists("gamer"), "the table gamer is still there")
        }
    },
    ConformanceCheck("a partial unique index holds for the rows of its condition only") { factory in
        try factory.makeWriter().write { db in
            try db.create(table: "t") { t in
                t.column("name", .text)
                t.column("active", .boolean)
            }
            try db.create(
                index: "activeName", on: "t", columns: ["name"], options: .unique, condition: Column("active"))
            try db.execute(sql: "INSERT INTO t VALUES ('a', 0), ('a', 0), ('a', 1)")
            try expectConstraintViolation(db, "INSERT INTO t VALUES ('a', 1)", .SQLITE_CONSTRAINT_UNIQUE)
        }
    },
    ConformanceCheck("a view with named columns shows its rows") { factory in
        try factory.makeWriter().write { db in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("score", .integer)
            }
            try db.execute(sql: "INSERT INTO player VALUES ('a', 10), ('b', 2000)")
            try db.create(view: "best", columns: ["who"], asLiteral: "SELECT name FROM player WHERE score > \(1000)")
            try expectEqual(try String.fetchAll(db, sql: "SELECT who FROM best"), ["b"])
            try expectEqual(try db.columns(in: "best").map(\.name), ["who"])
            // A view of a request, whose arguments are written as literals.
            try db.create(view: "low", as: Table("player").select(Column("name")).filter(Column("score") < 1000))
            try expectEqual(try String.fetchAll(db, sql: "SELECT name FROM low"), ["a"])
        }
    },
    ConformanceCheck("a type-erased request fetches, counts and observes as the request it wraps") { factory in
        try factory.makeWriter().write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text)
            }
            try db.execute(sql: "INSERT INTO player VALUES (1, 'a'), (2, 'b'), (3, 'c')")
            let request = AnyFetchRequest(
                Table("player").select(Column("name"), as: String.self).filter(Column("id") > 1))
            try expectEqual(try request.fetchAll(db), ["b", "c"])
            try expectEqual(try request.fetchCount(db), 2)
            try expectEqual(try request.asRequest(of: Row.self).fetchOne(db), ["name": "b"])
            try expectEqual(try request.databaseRegion(db).description, "player(id,name)")
            try expectEqual(
                try Int.fetchOne(
                    db, Table("player").select(count(Column("id"))).filter(request.contains(Column("name")))), 2)
        }
    },
    ConformanceCheck("a definition of several statements runs whole or not at all") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE existing (x); CREATE INDEX player_on_name ON existing(x)")
            // The index of the indexed column cannot be created: the table is not created either.
            let createError = try expectDatabaseError(
                .SQLITE_ERROR, sql: "CREATE INDEX \"player_on_name\" ON \"player\"(\"name\")"
            ) {
                try db.create(table: "player") { t in t.column("name", .text).indexed() }
            }
            try expectEqual(createError.message, "index player_on_name already exists")
            try expect(try !db.tableExists("player"), "the table player was created")
            // The second change fails: the first one is undone.
            let alterError = try expectDatabaseError(.SQLITE_ERROR, sql: "ALTER TABLE \"existing\" ADD COLUMN \"x\"") {
                try db.alter(table: "existing") { t in
                    t.add(column: "y")
                    t.add(column: "x")
                }
            }
            try expectEqual(alterError.message, "duplicate column name: x")
            try expectEqual(try db.columns(in: "existing").map(\.name), ["x"])
            try expect(!db.isInsideTransaction, "a transaction is left open")
        }
        // Inside a transaction, a savepoint: the transaction goes on.
        try writer.write { db in
            try db.execute(sql: "INSERT INTO existing VALUES (1)")
            let alterError = try expectDatabaseError {
                try db.alter(table: "existing") { t in
                    t.add(column: "y")
                    t.add(column: "x")
                }
            }
            try expectEqual(alterError.message, "duplicate column name: x")
            try expect(db.isInsideTransaction, "the transaction ended")
            try expectEqual(try db.columns(in: "existing").map(\.name), ["x"])
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM existing") }, 1)
    },
    ConformanceCheck("foreign keys of the DSL refer to the primary key of their table, or to its rowid") { factory in
        let sql = try schemaSQL(factory.makeWriter()) { db in
            try db.create(table: "team") { t in t.primaryKey("code", .text) }
            try db.create(table: "pair") { t in
                t.column("a", .integer)
                t.column("b", .integer)
                t.primaryKey(["a", "b"])
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("teamCode", .text).references("team", onDelete: .cascade, onUpdate: .setNull)
                t.column("teamName", .text).references("team", column: "name", deferred: true)
                t.column("mentorId", .integer).references("PLAYER", onDelete: .setDefault)
                t.column("pairA", .integer)
                t.column("pairB", .integer)
                t.foreignKey(["pairA", "pairB"], references: "pair", onDelete: .restrict)
                t.foreignKey(["pairB"], references: "pair", columns: ["b"], deferred: true)
            }
            try db.create(table: "node") { t in
                t.column("parentId", .integer).references("node")
                t.foreignKey(["parentId"], references: "node")
            }
        }
        try expectEqual(sql.count, 4)
        try expectEqual(
            sql[2],
            "CREATE TABLE \"player\" (\"id\" INTEGER PRIMARY KEY AUTOINCREMENT, "
                + "\"teamCode\" TEXT REFERENCES \"team\"(\"code\") ON DELETE CASCADE ON UPDATE SET NULL, "
                + "\"teamName\" TEXT REFERENCES \"team\"(\"name\") DEFERRABLE INITIALLY DEFERRED, "
                + "\"mentorId\" INTEGER REFERENCES \"PLAYER\"(\"id\") ON DELETE SET DEFAULT, "
                + "\"pairA\" INTEGER, \"pairB\" INTEGER, "
                + "FOREIGN KEY (\"pairA\", \"pairB\") REFERENCES \"pair\"(\"a\", \"b\") ON DELETE RESTRICT, "
                + "FOREIGN KEY (\"pairB\") REFERENCES \"pair\"(\"b\") DEFERRABLE INITIALLY DEFERRED)")
        // A table without explicit primary key is referred to by its rowid.
        try expectEqual(
            sql[3],
            "CREATE TABLE \"node\" (\"parentId\" INTEGER REFERENCES \"node\"(\"rowid\"), "
                + "FOREIGN KEY (\"parentId\") REFERENCES \"node\"(\"rowid\"))")
    },
    ConformanceCheck("a foreign key of the DSL to a missing table fails with an error that names the table") {
        factory in
        let writer = try factory.makeWriter()
        let error = try expectDatabaseError {
            try writer.write { db in
                try db.create(table: "player") { t in t.column("teamId").references("ghost") }
            }
        }
        try expectEqual(error.resultCode, .SQLITE_ERROR)
        try expectEqual(error.message, "no such table: ghost")
        try expectEqual(try writer.read { db in try db.tableExists("player") }, false)
    },
    ConformanceCheck("belongsTo creates the columns, index and foreign key of a key to another table") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.create(table: "author") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "country") { t in t.primaryKey("code", .text) }
            try db.create(table: "edition") { t in
                t.primaryKey {
                    t.column("isbn", .text)
                    t.column("printing", .integer)
                }
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author", onDelete: .cascade).notNull()
                t.belongsTo("country")
                t.belongsTo("edition").unique()
            }
            try expectEqual(
                try db.columns(in: "book").map { "\($0.name) \($0.type)" },
                ["id INTEGER", "authorId INTEGER", "countryCode TEXT", "editionIsbn TEXT", "editionPrinting INTEGER"])
            try expectEqual(
                try db.foreignKeys(on: "book").map {
                    "\($0.originColumns)->\($0.destinationTable)\($0.destinationColumns)"
                }
                .sorted(),
                [
                    #"["authorId"]->author["id"]"#, #"["countryCode"]->country["code"]"#,
                    #"["editionIsbn", "editionPrinting"]->edition["isbn", "printing"]"#,
                ])
            try expectEqual(
                try db.indexes(on: "book").map(\.name).sorted(),
                ["book_on_authorId", "book_on_countryCode", "index_book_on_editionIsbn_editionPrinting"])
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            try db.execute(sql: "INSERT INTO author (id) VALUES (1)")
            try db.execute(sql: "INSERT INTO edition VALUES ('x', 1)")
            try db.execute(sql: "INSERT INTO book (authorId, editionIsbn, editionPrinting) VALUES (1, 'x', 1)")
            try expectConstraintViolation(db, "INSERT INTO book (authorId) VALUES (2)", .SQLITE_CONSTRAINT_FOREIGNKEY)
            try expectConstraintViolation(
                db, "INSERT INTO book (authorId, countryCode) VALUES (1, 'FR')", .SQLITE_CONSTRAINT_FOREIGNKEY)
            try expectConstraintViolation(
                db, "INSERT INTO book (authorId, editionIsbn, editionPrinting) VALUES (1, 'x', 1)",
                .SQLITE_CONSTRAINT_UNIQUE)
            try expectConstraintViolation(db, "INSERT INTO book (id) VALUES (9)", .SQLITE_CONSTRAINT_NOTNULL)
            try db.execute(sql: "DELETE FROM author")
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book"), 0)
        }
    },
]
