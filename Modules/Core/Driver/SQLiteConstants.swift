/// The constants of the SQLite C API that the core uses (they are fixed by SQLite's ABI).
enum SQLITE {
    static let OK: Int32 = 0
    static let ROW: Int32 = 100
    static let DONE: Int32 = 101
    static let MISUSE: Int32 = 21

    static let INTEGER: Int32 = 1
    static let FLOAT: Int32 = 2
    static let TEXT: Int32 = 3
    static let BLOB: Int32 = 4
    static let NULL: Int32 = 5

    static let UTF8: Int32 = 1
    static let DETERMINISTIC: Int32 = 0x800

    static let OPEN_READONLY: Int32 = 0x0000_0001
    static let OPEN_READWRITE: Int32 = 0x0000_0002
    static let OPEN_CREATE: Int32 = 0x0000_0004
    static let OPEN_URI: Int32 = 0x0000_0040
    static let OPEN_NOMUTEX: Int32 = 0x0000_8000

    static let TRACE_STMT: UInt32 = 0x01
    static let TRACE_PROFILE: UInt32 = 0x02

    /// `SQLITE_TRANSIENT`: SQLite makes its own copy of the bound bytes.
    static let TRANSIENT = unsafeBitCast(
        OpaquePointer(bitPattern: -1), to: SQLiteAPI.Destructor.self)
}
