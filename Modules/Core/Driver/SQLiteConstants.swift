/// The constants of the SQLite C API that the core uses (they are fixed by SQLite's ABI).
enum SQLITE {
    static let OK: Int32 = 0
    static let ERROR: Int32 = 1
    static let IGNORE: Int32 = 2
    static let ROW: Int32 = 100
    static let DONE: Int32 = 101
    static let MISUSE: Int32 = 21
    /// `SQLITE_DBCONFIG_DQS_DML`: whether DML accepts double-quoted string literals (SQLite 3.29+).
    static let DBCONFIG_DQS_DML: Int32 = 1013
    /// `SQLITE_DBCONFIG_DQS_DDL`: whether DDL accepts double-quoted string literals (SQLite 3.29+).
    static let DBCONFIG_DQS_DDL: Int32 = 1014

    static let INTEGER: Int32 = 1
    static let FLOAT: Int32 = 2
    static let TEXT: Int32 = 3
    static let BLOB: Int32 = 4
    static let NULL: Int32 = 5

    /// `SQLITE_LIMIT_VARIABLE_NUMBER`: the highest parameter number of a statement.
    static let LIMIT_VARIABLE_NUMBER: Int32 = 9

    static let UTF8: Int32 = 1
    static let DETERMINISTIC: Int32 = 0x800

    static let OPEN_READONLY: Int32 = 0x0000_0001
    static let OPEN_READWRITE: Int32 = 0x0000_0002
    static let OPEN_CREATE: Int32 = 0x0000_0004
    static let OPEN_URI: Int32 = 0x0000_0040
    static let OPEN_NOMUTEX: Int32 = 0x0000_8000

    // Authorizer action codes (sqlite3_set_authorizer).
    static let CREATE_INDEX: Int32 = 1
    static let CREATE_TABLE: Int32 = 2
    static let CREATE_TEMP_INDEX: Int32 = 3
    static let CREATE_TEMP_TABLE: Int32 = 4
    static let CREATE_TEMP_TRIGGER: Int32 = 5
    static let CREATE_TEMP_VIEW: Int32 = 6
    static let CREATE_TRIGGER: Int32 = 7
    static let CREATE_VIEW: Int32 = 8
    static let DELETE: Int32 = 9
    static let DROP_INDEX: Int32 = 10
    static let DROP_TABLE: Int32 = 11
    static let DROP_TEMP_INDEX: Int32 = 12
    static let DROP_TEMP_TABLE: Int32 = 13
    static let DROP_TEMP_TRIGGER: Int32 = 14
    static let DROP_TEMP_VIEW: Int32 = 15
    static let DROP_TRIGGER: Int32 = 16
    static let DROP_VIEW: Int32 = 17
    static let INSERT: Int32 = 18
    static let READ: Int32 = 20
    static let SELECT: Int32 = 21
    static let TRANSACTION: Int32 = 22
    static let UPDATE: Int32 = 23
    static let ATTACH: Int32 = 24
    static let DETACH: Int32 = 25
    static let ALTER_TABLE: Int32 = 26
    static let CREATE_VTABLE: Int32 = 29
    static let DROP_VTABLE: Int32 = 30
    static let FUNCTION: Int32 = 31
    static let SAVEPOINT: Int32 = 32

    static let TRACE_STMT: UInt32 = 0x01
    static let TRACE_PROFILE: UInt32 = 0x02

    /// `SQLITE_TRANSIENT`: SQLite makes its own copy of the bound bytes.
    static let TRANSIENT = unsafeBitCast(
        OpaquePointer(bitPattern: -1), to: SQLiteAPI.Destructor.self)
}
