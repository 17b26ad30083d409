/// The extended result codes of SQLite: each refines the primary code it is named after (see
/// `ResultCode.~=(_:_:)`), and is found in `DatabaseError.extendedResultCode`.
extension ResultCode {
    /// An extended code of `SQLITE_ERROR`.
    public static let SQLITE_ERROR_MISSING_COLLSEQ = ResultCode(rawValue: SQLITE_ERROR.rawValue | (1 << 8))
    /// An extended code of `SQLITE_ERROR`.
    public static let SQLITE_ERROR_RETRY = ResultCode(rawValue: SQLITE_ERROR.rawValue | (2 << 8))
    /// An extended code of `SQLITE_ERROR`.
    public static let SQLITE_ERROR_SNAPSHOT = ResultCode(rawValue: SQLITE_ERROR.rawValue | (3 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_READ = ResultCode(rawValue: SQLITE_IOERR.rawValue | (1 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHORT_READ = ResultCode(rawValue: SQLITE_IOERR.rawValue | (2 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_WRITE = ResultCode(rawValue: SQLITE_IOERR.rawValue | (3 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_FSYNC = ResultCode(rawValue: SQLITE_IOERR.rawValue | (4 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DIR_FSYNC = ResultCode(rawValue: SQLITE_IOERR.rawValue | (5 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_TRUNCATE = ResultCode(rawValue: SQLITE_IOERR.rawValue | (6 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_FSTAT = ResultCode(rawValue: SQLITE_IOERR.rawValue | (7 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_UNLOCK = ResultCode(rawValue: SQLITE_IOERR.rawValue | (8 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_RDLOCK = ResultCode(rawValue: SQLITE_IOERR.rawValue | (9 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DELETE = ResultCode(rawValue: SQLITE_IOERR.rawValue | (10 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_BLOCKED = ResultCode(rawValue: SQLITE_IOERR.rawValue | (11 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_NOMEM = ResultCode(rawValue: SQLITE_IOERR.rawValue | (12 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_ACCESS = ResultCode(rawValue: SQLITE_IOERR.rawValue | (13 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CHECKRESERVEDLOCK = ResultCode(rawValue: SQLITE_IOERR.rawValue | (14 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_LOCK = ResultCode(rawValue: SQLITE_IOERR.rawValue | (15 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CLOSE = ResultCode(rawValue: SQLITE_IOERR.rawValue | (16 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DIR_CLOSE = ResultCode(rawValue: SQLITE_IOERR.rawValue | (17 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMOPEN = ResultCode(rawValue: SQLITE_IOERR.rawValue | (18 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMSIZE = ResultCode(rawValue: SQLITE_IOERR.rawValue | (19 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMLOCK = ResultCode(rawValue: SQLITE_IOERR.rawValue | (20 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMMAP = ResultCode(rawValue: SQLITE_IOERR.rawValue | (21 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SEEK = ResultCode(rawValue: SQLITE_IOERR.rawValue | (22 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DELETE_NOENT = ResultCode(rawValue: SQLITE_IOERR.rawValue | (23 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_MMAP = ResultCode(rawValue: SQLITE_IOERR.rawValue | (24 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_GETTEMPPATH = ResultCode(rawValue: SQLITE_IOERR.rawValue | (25 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CONVPATH = ResultCode(rawValue: SQLITE_IOERR.rawValue | (26 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_VNODE = ResultCode(rawValue: SQLITE_IOERR.rawValue | (27 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_AUTH = ResultCode(rawValue: SQLITE_IOERR.rawValue | (28 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_BEGIN_ATOMIC = ResultCode(rawValue: SQLITE_IOERR.rawValue | (29 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_COMMIT_ATOMIC = ResultCode(rawValue: SQLITE_IOERR.rawValue | (30 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_ROLLBACK_ATOMIC = ResultCode(rawValue: SQLITE_IOERR.rawValue | (31 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DATA = ResultCode(rawValue: SQLITE_IOERR.rawValue | (32 << 8))
    /// An extended code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CORRUPTFS = ResultCode(rawValue: SQLITE_IOERR.rawValue | (33 << 8))
    /// An extended code of `SQLITE_LOCKED`.
    public static let SQLITE_LOCKED_SHAREDCACHE = ResultCode(rawValue: SQLITE_LOCKED.rawValue | (1 << 8))
    /// An extended code of `SQLITE_LOCKED`.
    public static let SQLITE_LOCKED_VTAB = ResultCode(rawValue: SQLITE_LOCKED.rawValue | (2 << 8))
    /// An extended code of `SQLITE_BUSY`.
    public static let SQLITE_BUSY_RECOVERY = ResultCode(rawValue: SQLITE_BUSY.rawValue | (1 << 8))
    /// An extended code of `SQLITE_BUSY`.
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode(rawValue: SQLITE_BUSY.rawValue | (2 << 8))
    /// An extended code of `SQLITE_BUSY`.
    public static let SQLITE_BUSY_TIMEOUT = ResultCode(rawValue: SQLITE_BUSY.rawValue | (3 << 8))
    /// An extended code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_NOTEMPDIR = ResultCode(rawValue: SQLITE_CANTOPEN.rawValue | (1 << 8))
    /// An extended code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_ISDIR = ResultCode(rawValue: SQLITE_CANTOPEN.rawValue | (2 << 8))
    /// An extended code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_FULLPATH = ResultCode(rawValue: SQLITE_CANTOPEN.rawValue | (3 << 8))
    /// An extended code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_CONVPATH = ResultCode(rawValue: SQLITE_CANTOPEN.rawValue | (4 << 8))
    /// An extended code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_DIRTYWAL = ResultCode(rawValue: SQLITE_CANTOPEN.rawValue | (5 << 8))
    /// An extended code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_SYMLINK = ResultCode(rawValue: SQLITE_CANTOPEN.rawValue | (6 << 8))
    /// An extended code of `SQLITE_CORRUPT`.
    public static let SQLITE_CORRUPT_VTAB = ResultCode(rawValue: SQLITE_CORRUPT.rawValue | (1 << 8))
    /// An extended code of `SQLITE_CORRUPT`.
    public static let SQLITE_CORRUPT_SEQUENCE = ResultCode(rawValue: SQLITE_CORRUPT.rawValue | (2 << 8))
    /// An extended code of `SQLITE_CORRUPT`.
    public static let SQLITE_CORRUPT_INDEX = ResultCode(rawValue: SQLITE_CORRUPT.rawValue | (3 << 8))
    /// An extended code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_RECOVERY = ResultCode(rawValue: SQLITE_READONLY.rawValue | (1 << 8))
    /// An extended code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_CANTLOCK = ResultCode(rawValue: SQLITE_READONLY.rawValue | (2 << 8))
    /// An extended code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_ROLLBACK = ResultCode(rawValue: SQLITE_READONLY.rawValue | (3 << 8))
    /// A read-only connection attempted a write.
    public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: SQLITE_READONLY.rawValue | (4 << 8))
    /// An extended code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_CANTINIT = ResultCode(rawValue: SQLITE_READONLY.rawValue | (5 << 8))
    /// An extended code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_DIRECTORY = ResultCode(rawValue: SQLITE_READONLY.rawValue | (6 << 8))
    /// An extended code of `SQLITE_ABORT`.
    public static let SQLITE_ABORT_ROLLBACK = ResultCode(rawValue: SQLITE_ABORT.rawValue | (2 << 8))
    /// A CHECK constraint failed.
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (1 << 8))
    /// An extended code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_COMMITHOOK = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (2 << 8))
    /// A FOREIGN KEY constraint failed.
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (3 << 8))
    /// An extended code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_FUNCTION = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (4 << 8))
    /// A NOT NULL constraint failed.
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (5 << 8))
    /// A PRIMARY KEY constraint failed.
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (6 << 8))
    /// An extended code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (7 << 8))
    /// A UNIQUE constraint failed.
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (8 << 8))
    /// An extended code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_VTAB = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (9 << 8))
    /// A rowid is not unique.
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (10 << 8))
    /// An extended code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_PINNED = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (11 << 8))
    /// An extended code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_DATATYPE = ResultCode(rawValue: SQLITE_CONSTRAINT.rawValue | (12 << 8))
    /// An extended code of `SQLITE_NOTICE`.
    public static let SQLITE_NOTICE_RECOVER_WAL = ResultCode(rawValue: SQLITE_NOTICE.rawValue | (1 << 8))
    /// An extended code of `SQLITE_NOTICE`.
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = ResultCode(rawValue: SQLITE_NOTICE.rawValue | (2 << 8))
    /// An extended code of `SQLITE_WARNING`.
    public static let SQLITE_WARNING_AUTOINDEX = ResultCode(rawValue: SQLITE_WARNING.rawValue | (1 << 8))
    /// An extended code of `SQLITE_AUTH`.
    public static let SQLITE_AUTH_USER = ResultCode(rawValue: SQLITE_AUTH.rawValue | (1 << 8))
    /// An extended code of `SQLITE_OK`.
    public static let SQLITE_OK_LOAD_PERMANENTLY = ResultCode(rawValue: SQLITE_OK.rawValue | (1 << 8))
    /// An extended code of `SQLITE_OK`.
    public static let SQLITE_OK_SYMLINK = ResultCode(rawValue: SQLITE_OK.rawValue | (2 << 8))
}
