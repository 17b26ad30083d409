/// The table of SQLite C entry points a driver supplies.
///
/// Field names follow the C functions without their `sqlite3_` prefix. Pointers to `sqlite3`,
/// `sqlite3_stmt`, `sqlite3_context` and `sqlite3_value` are opaque. A driver fills the table with
/// the functions of the library it links (`api.step = sqlite3_step`, …): calling through the table
/// costs the same as the dynamic-linker stub it replaces.
public struct SQLiteAPI: Sendable {
    /// `void (*)(void *)`: a destructor, or one of the special `SQLITE_STATIC` / `SQLITE_TRANSIENT` values.
    public typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// `void (*)(sqlite3_context *, int, sqlite3_value **)`: a SQL function implementation.
    public typealias FunctionCallback =
        @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    /// `int (*)(void *, int, const void *, int, const void *)`: a collation.
    public typealias CollationCallback =
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32
    /// `int (*)(unsigned, void *, void *, void *)`: a trace callback.
    public typealias TraceCallback =
        @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32
    /// `int (*)(void *, int)`: a busy handler.
    public typealias BusyCallback = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    /// `void (*)(void *, int, const char *)`: the error log (context, result code, message).
    public typealias LogCallback = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void
    /// `int (*)(void *)`: a commit hook (non-zero turns the commit into a rollback).
    public typealias CommitHookCallback = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    /// `void (*)(void *)`: a rollback hook.
    public typealias RollbackHookCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// `void (*)(void *, int, const char *, const char *, sqlite3_int64)`: an update hook (operation,
    /// database name, table name, rowid).
    public typealias UpdateHookCallback =
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int64) -> Void
    /// `void (*)(void *, sqlite3 *, int, const char *, const char *, sqlite3_int64, sqlite3_int64)`: a
    /// pre-update hook (connection, operation, database name, table name, old rowid, new rowid).
    public typealias PreupdateHookCallback =
        @convention(c) (
            UnsafeMutableRawPointer?, OpaquePointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int64, Int64
        ) -> Void
    /// `int (*)(void *, int, const char *, const char *, const char *, const char *)`: an authorizer.
    public typealias AuthorizerCallback =
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<CChar>?
        ) -> Int32
    /// `int (*)(void *, const char **, int, Fts5Tokenizer **)`: the `xCreate` function of an FTS5
    /// tokenizer, which makes an instance of it from its arguments (context, arguments, argument count,
    /// the instance it returns).
    public typealias FTS5CreateCallback =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32,
            UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32
    /// `void (*)(Fts5Tokenizer *)`: the `xDelete` function of an FTS5 tokenizer, which deletes an instance.
    public typealias FTS5DeleteCallback = @convention(c) (OpaquePointer?) -> Void
    /// `int (*)(void *, int, const char *, int, int, int)`: the `xToken` function that an FTS5
    /// tokenizer calls for each token (context, `FTS5_TOKEN_*` flags, token, byte count, start and end
    /// byte offsets in the text).
    public typealias FTS5TokenCallback =
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
    /// `int (*)(Fts5Tokenizer *, void *, int, const char *, int, xToken)`: the `xTokenize` function of
    /// an FTS5 tokenizer (instance, context of `xToken`, `FTS5_TOKENIZE_*` flags, text, byte count, `xToken`).
    public typealias FTS5TokenizeCallback =
        @convention(c) (
            OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, FTS5TokenCallback?
        )
        -> Int32

    // Library
    /// `sqlite3_libversion`.
    public var libversion: @convention(c) () -> UnsafePointer<CChar>?
    /// `sqlite3_libversion_number`.
    public var libversion_number: @convention(c) () -> Int32
    /// `sqlite3_errstr`.
    public var errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?

    // Connections
    /// `sqlite3_open_v2`.
    public var open_v2:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) ->
            Int32
    /// `sqlite3_close_v2`.
    public var close_v2: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_errmsg`.
    public var errmsg: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    /// `sqlite3_extended_errcode`.
    public var extended_errcode: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_extended_result_codes`.
    public var extended_result_codes: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_limit`.
    public var limit: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    /// `sqlite3_busy_timeout`.
    public var busy_timeout: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_busy_handler`.
    public var busy_handler: @convention(c) (OpaquePointer?, BusyCallback?, UnsafeMutableRawPointer?) -> Int32
    /// `sqlite3_changes`.
    public var changes: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_total_changes`.
    public var total_changes: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_last_insert_rowid`.
    public var last_insert_rowid: @convention(c) (OpaquePointer?) -> Int64
    /// `sqlite3_get_autocommit`.
    public var get_autocommit: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_interrupt`.
    public var interrupt: @convention(c) (OpaquePointer?) -> Void
    /// `sqlite3_db_release_memory`.
    public var db_release_memory: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_backup_init`.
    public var backup_init:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    /// `sqlite3_backup_step`.
    public var backup_step: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_backup_finish`.
    public var backup_finish: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_backup_remaining`.
    public var backup_remaining: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_backup_pagecount`.
    public var backup_pagecount: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_wal_checkpoint_v2`.
    public var wal_checkpoint_v2:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Int32
    /// `sqlite3_trace_v2`.
    public var trace_v2: @convention(c) (OpaquePointer?, UInt32, TraceCallback?, UnsafeMutableRawPointer?) -> Int32
    /// `sqlite3_set_authorizer`.
    public var set_authorizer: @convention(c) (OpaquePointer?, AuthorizerCallback?, UnsafeMutableRawPointer?) -> Int32
    /// `sqlite3_db_config(db, op, value, NULL)` for the options that take an int (a C shim: the
    /// variadic function cannot be called from Swift).
    public var db_config_int: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32

    // Hooks
    /// `sqlite3_commit_hook`.
    public var commit_hook:
        @convention(c) (OpaquePointer?, CommitHookCallback?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    /// `sqlite3_rollback_hook`.
    public var rollback_hook:
        @convention(c) (OpaquePointer?, RollbackHookCallback?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    /// `sqlite3_update_hook`.
    public var update_hook:
        @convention(c) (OpaquePointer?, UpdateHookCallback?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    /// `sqlite3_preupdate_hook`, when the library has it (`SQLITE_ENABLE_PREUPDATE_HOOK`).
    public var preupdate_hook:
        (@convention(c) (OpaquePointer?, PreupdateHookCallback?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?)?
    /// `sqlite3_preupdate_old`, when the library has the pre-update hook.
    public var preupdate_old: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32)?
    /// `sqlite3_preupdate_new`, when the library has the pre-update hook.
    public var preupdate_new: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32)?
    /// `sqlite3_preupdate_count`, when the library has the pre-update hook.
    public var preupdate_count: (@convention(c) (OpaquePointer?) -> Int32)?
    /// `sqlite3_preupdate_depth`, when the library has the pre-update hook.
    public var preupdate_depth: (@convention(c) (OpaquePointer?) -> Int32)?

    // Statements
    /// `sqlite3_prepare_v2`.
    public var prepare_v2:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    /// `sqlite3_finalize`.
    public var finalize: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_reset`.
    public var reset: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_clear_bindings`.
    public var clear_bindings: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_step`.
    public var step: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_sql`.
    public var sql: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    /// `sqlite3_expanded_sql`.
    public var expanded_sql: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    /// `sqlite3_free`.
    public var free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// `sqlite3_stmt_readonly`.
    public var stmt_readonly: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_stmt_busy`.
    public var stmt_busy: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_bind_parameter_count`.
    public var bind_parameter_count: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_bind_parameter_name`.
    public var bind_parameter_name: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    /// `sqlite3_bind_null`.
    public var bind_null: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_bind_int64`.
    public var bind_int64: @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    /// `sqlite3_bind_double`.
    public var bind_double: @convention(c) (OpaquePointer?, Int32, Double) -> Int32
    /// `sqlite3_bind_text`.
    public var bind_text: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, Destructor?) -> Int32
    /// `sqlite3_bind_blob`.
    public var bind_blob: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, Int32, Destructor?) -> Int32
    /// `sqlite3_column_count`.
    public var column_count: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_column_name`.
    public var column_name: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    /// `sqlite3_column_value`.
    public var column_value: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    /// `sqlite3_column_int64`.
    public var column_int64: @convention(c) (OpaquePointer?, Int32) -> Int64
    /// `sqlite3_column_text`.
    public var column_text: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?

    // Functions and collations
    /// `sqlite3_create_function_v2`.
    public var create_function_v2:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?, FunctionCallback?,
            FunctionCallback?, (@convention(c) (OpaquePointer?) -> Void)?, Destructor?
        ) -> Int32
    /// `sqlite3_create_collation_v2`.
    public var create_collation_v2:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?, CollationCallback?, Destructor?
        ) -> Int32
    /// `sqlite3_user_data`.
    public var user_data: @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    /// `sqlite3_aggregate_context`.
    public var aggregate_context: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutableRawPointer?
    /// `sqlite3_value_type`.
    public var value_type: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_value_int64`.
    public var value_int64: @convention(c) (OpaquePointer?) -> Int64
    /// `sqlite3_value_double`.
    public var value_double: @convention(c) (OpaquePointer?) -> Double
    /// `sqlite3_value_text`.
    public var value_text: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    /// `sqlite3_value_blob`.
    public var value_blob: @convention(c) (OpaquePointer?) -> UnsafeRawPointer?
    /// `sqlite3_value_bytes`.
    public var value_bytes: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_result_null`.
    public var result_null: @convention(c) (OpaquePointer?) -> Void
    /// `sqlite3_result_int64`.
    public var result_int64: @convention(c) (OpaquePointer?, Int64) -> Void
    /// `sqlite3_result_double`.
    public var result_double: @convention(c) (OpaquePointer?, Double) -> Void
    /// `sqlite3_result_text`.
    public var result_text: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Destructor?) -> Void
    /// `sqlite3_result_blob`.
    public var result_blob: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32, Destructor?) -> Void
    /// `sqlite3_result_error`.
    public var result_error: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Void
    /// `sqlite3_result_error_code`.
    public var result_error_code: @convention(c) (OpaquePointer?, Int32) -> Void

    // VFS
    /// `sqlite3_vfs_find`, with the `sqlite3_vfs *` as a raw pointer, when the driver supplies it:
    /// for the tests that register a VFS of their own (fault injection, say).
    public var vfs_find: (@convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?)?
    /// `sqlite3_vfs_register`, with the `sqlite3_vfs *` as a raw pointer, when the driver supplies it.
    public var vfs_register: (@convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32)?
    /// `sqlite3_config(SQLITE_CONFIG_LOG, callback, context)`, when the driver supplies it (the
    /// function is variadic: a driver calls it from C).
    public var config_log: (@convention(c) (LogCallback?, UnsafeMutableRawPointer?) -> Int32)?

    // FTS5
    /// The `fts5_api *` of a connection, as a raw pointer, or null (a C shim: `SELECT fts5(?1)`
    /// with `sqlite3_bind_pointer`, SQLite 3.20+); nil when the library has no FTS5.
    public var fts5_api: (@convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?)?
    /// `fts5_api.xCreateTokenizer` (a C shim that builds the `fts5_tokenizer`, which FTS5 copies,
    /// from its three functions): fts5_api, name, context, `xCreate`, `xDelete`, `xTokenize`, and
    /// the destructor of the context. Nil when the library has no FTS5.
    public var fts5_create_tokenizer:
        (
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, FTS5CreateCallback?,
                FTS5DeleteCallback?, FTS5TokenizeCallback?, Destructor?
            ) -> Int32
        )?
    /// `fts5_api.xFindTokenizer` (a C shim that returns the three functions of the `fts5_tokenizer`
    /// one by one): fts5_api, name, then the context, `xCreate`, `xDelete` and `xTokenize` it
    /// returns. Nil when the library has no FTS5.
    public var fts5_find_tokenizer:
        (
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                UnsafeMutablePointer<FTS5CreateCallback?>?, UnsafeMutablePointer<FTS5DeleteCallback?>?,
                UnsafeMutablePointer<FTS5TokenizeCallback?>?
            ) -> Int32
        )?

    /// Creates a table from the entry points of one SQLite library.
    public init(
        libversion: @escaping @convention(c) () -> UnsafePointer<CChar>?,
        libversion_number: @escaping @convention(c) () -> Int32,
        errstr: @escaping @convention(c) (Int32) -> UnsafePointer<CChar>?,
        open_v2:
            @escaping @convention(c) (
                UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
            ) -> Int32,
        close_v2: @escaping @convention(c) (OpaquePointer?) -> Int32,
        errmsg: @escaping @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?,
        extended_errcode: @escaping @convention(c) (OpaquePointer?) -> Int32,
        extended_result_codes: @escaping @convention(c) (OpaquePointer?, Int32) -> Int32,
        limit: @escaping @convention(c) (OpaquePointer?, Int32, Int32) -> Int32,
        busy_timeout: @escaping @convention(c) (OpaquePointer?, Int32) -> Int32,
        busy_handler: @escaping @convention(c) (OpaquePointer?, BusyCallback?, UnsafeMutableRawPointer?) -> Int32,
        changes: @escaping @convention(c) (OpaquePointer?) -> Int32,
        total_changes: @escaping @convention(c) (OpaquePointer?) -> Int32,
        last_insert_rowid: @escaping @convention(c) (OpaquePointer?) -> Int64,
        get_autocommit: @escaping @convention(c) (OpaquePointer?) -> Int32,
        interrupt: @escaping @convention(c) (OpaquePointer?) -> Void,
        db_release_memory: @escaping @convention(c) (OpaquePointer?) -> Int32,
        backup_init:
            @escaping @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafePointer<CChar>?) ->
            OpaquePointer?,
        backup_step: @escaping @convention(c) (OpaquePointer?, Int32) -> Int32,
        backup_finish: @escaping @convention(c) (OpaquePointer?) -> Int32,
        backup_remaining: @escaping @convention(c) (OpaquePointer?) -> Int32,
        backup_pagecount: @escaping @convention(c) (OpaquePointer?) -> Int32,
        wal_checkpoint_v2:
            @escaping @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
            ) -> Int32,
        trace_v2: @escaping @convention(c) (OpaquePointer?, UInt32, TraceCallback?, UnsafeMutableRawPointer?) -> Int32,
        set_authorizer:
            @escaping @convention(c) (OpaquePointer?, AuthorizerCallback?, UnsafeMutableRawPointer?) -> Int32,
        db_config_int: @escaping @convention(c) (OpaquePointer?, Int32, Int32) -> Int32,
        commit_hook:
            @escaping @convention(c) (OpaquePointer?, CommitHookCallback?, UnsafeMutableRawPointer?) ->
            UnsafeMutableRawPointer?,
        rollback_hook:
            @escaping @convention(c) (OpaquePointer?, RollbackHookCallback?, UnsafeMutableRawPointer?) ->
            UnsafeMutableRawPointer?,
        update_hook:
            @escaping @convention(c) (OpaquePointer?, UpdateHookCallback?, UnsafeMutableRawPointer?) ->
            UnsafeMutableRawPointer?,
        prepare_v2:
            @escaping @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
                UnsafeMutablePointer<UnsafePointer<CChar>?>?
            ) -> Int32,
        finalize: @escaping @convention(c) (OpaquePointer?) -> Int32,
        reset: @escaping @convention(c) (OpaquePointer?) -> Int32,
        clear_bindings: @escaping @convention(c) (OpaquePointer?) -> Int32,
        step: @escaping @convention(c) (OpaquePointer?) -> Int32,
        sql: @escaping @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?,
        expanded_sql: @escaping @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?,
        free: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void,
        stmt_readonly: @escaping @convention(c) (OpaquePointer?) -> Int32,
        stmt_busy: @escaping @convention(c) (OpaquePointer?) -> Int32,
        bind_parameter_count: @escaping @convention(c) (OpaquePointer?) -> Int32,
        bind_parameter_name: @escaping @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?,
        bind_null: @escaping @convention(c) (OpaquePointer?, Int32) -> Int32,
        bind_int64: @escaping @convention(c) (OpaquePointer?, Int32, Int64) -> Int32,
        bind_double: @escaping @convention(c) (OpaquePointer?, Int32, Double) -> Int32,
        bind_text: @escaping @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, Destructor?) -> Int32,
        bind_blob: @escaping @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, Int32, Destructor?) -> Int32,
        column_count: @escaping @convention(c) (OpaquePointer?) -> Int32,
        column_name: @escaping @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?,
        column_value: @escaping @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?,
        column_int64: @escaping @convention(c) (OpaquePointer?, Int32) -> Int64,
        column_text: @escaping @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?,
        create_function_v2:
            @escaping @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?, FunctionCallback?,
                FunctionCallback?, (@convention(c) (OpaquePointer?) -> Void)?, Destructor?
            ) -> Int32,
        create_collation_v2:
            @escaping @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?, CollationCallback?, Destructor?
            ) -> Int32,
        user_data: @escaping @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?,
        aggregate_context: @escaping @convention(c) (OpaquePointer?, Int32) -> UnsafeMutableRawPointer?,
        value_type: @escaping @convention(c) (OpaquePointer?) -> Int32,
        value_int64: @escaping @convention(c) (OpaquePointer?) -> Int64,
        value_double: @escaping @convention(c) (OpaquePointer?) -> Double,
        value_text: @escaping @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?,
        value_blob: @escaping @convention(c) (OpaquePointer?) -> UnsafeRawPointer?,
        value_bytes: @escaping @convention(c) (OpaquePointer?) -> Int32,
        result_null: @escaping @convention(c) (OpaquePointer?) -> Void,
        result_int64: @escaping @convention(c) (OpaquePointer?, Int64) -> Void,
        result_double: @escaping @convention(c) (OpaquePointer?, Double) -> Void,
        result_text: @escaping @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Destructor?) -> Void,
        result_blob: @escaping @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32, Destructor?) -> Void,
        result_error: @escaping @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Void,
        result_error_code: @escaping @convention(c) (OpaquePointer?, Int32) -> Void,
        preupdate_hook:
            (
                @convention(c) (OpaquePointer?, PreupdateHookCallback?, UnsafeMutableRawPointer?) ->
                    UnsafeMutableRawPointer?
            )? = nil,
        preupdate_old: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32)? = nil,
        preupdate_new: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32)? = nil,
        preupdate_count: (@convention(c) (OpaquePointer?) -> Int32)? = nil,
        preupdate_depth: (@convention(c) (OpaquePointer?) -> Int32)? = nil,
        vfs_find: (@convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?)? = nil,
        vfs_register: (@convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32)? = nil,
        config_log: (@convention(c) (LogCallback?, UnsafeMutableRawPointer?) -> Int32)? = nil,
        fts5_api: (@convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?)? = nil,
        fts5_create_tokenizer:
            (
                @convention(c) (
                    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, FTS5CreateCallback?,
                    FTS5DeleteCallback?, FTS5TokenizeCallback?, Destructor?
                ) -> Int32
            )? = nil,
        fts5_find_tokenizer:
            (
                @convention(c) (
                    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                    UnsafeMutablePointer<FTS5CreateCallback?>?, UnsafeMutablePointer<FTS5DeleteCallback?>?,
                    UnsafeMutablePointer<FTS5TokenizeCallback?>?
                ) -> Int32
            )? = nil
    ) {
        self.libversion = libversion
        self.libversion_number = libversion_number
        self.errstr = errstr
        self.open_v2 = open_v2
        self.close_v2 = close_v2
        self.errmsg = errmsg
        self.extended_errcode = extended_errcode
        self.extended_result_codes = extended_result_codes
        self.limit = limit
        self.busy_timeout = busy_timeout
        self.busy_handler = busy_handler
        self.changes = changes
        self.total_changes = total_changes
        self.last_insert_rowid = last_insert_rowid
        self.get_autocommit = get_autocommit
        self.interrupt = interrupt
        self.db_release_memory = db_release_memory
        self.backup_init = backup_init
        self.backup_step = backup_step
        self.backup_finish = backup_finish
        self.backup_remaining = backup_remaining
        self.backup_pagecount = backup_pagecount
        self.wal_checkpoint_v2 = wal_checkpoint_v2
        self.trace_v2 = trace_v2
        self.set_authorizer = set_authorizer
        self.db_config_int = db_config_int
        self.commit_hook = commit_hook
        self.rollback_hook = rollback_hook
        self.update_hook = update_hook
        self.prepare_v2 = prepare_v2
        self.finalize = finalize
        self.reset = reset
        self.clear_bindings = clear_bindings
        self.step = step
        self.sql = sql
        self.expanded_sql = expanded_sql
        self.free = free
        self.stmt_readonly = stmt_readonly
        self.stmt_busy = stmt_busy
        self.bind_parameter_count = bind_parameter_count
        self.bind_parameter_name = bind_parameter_name
        self.bind_null = bind_null
        self.bind_int64 = bind_int64
        self.bind_double = bind_double
        self.bind_text = bind_text
        self.bind_blob = bind_blob
        self.column_count = column_count
        self.column_name = column_name
        self.column_value = column_value
        self.column_int64 = column_int64
        self.column_text = column_text
        self.create_function_v2 = create_function_v2
        self.create_collation_v2 = create_collation_v2
        self.user_data = user_data
        self.aggregate_context = aggregate_context
        self.value_type = value_type
        self.value_int64 = value_int64
        self.value_double = value_double
        self.value_text = value_text
        self.value_blob = value_blob
        self.value_bytes = value_bytes
        self.result_null = result_null
        self.result_int64 = result_int64
        self.result_double = result_double
        self.result_text = result_text
        self.result_blob = result_blob
        self.result_error = result_error
        self.result_error_code = result_error_code
        self.preupdate_hook = preupdate_hook
        self.preupdate_old = preupdate_old
        self.preupdate_new = preupdate_new
        self.preupdate_count = preupdate_count
        self.preupdate_depth = preupdate_depth
        self.vfs_find = vfs_find
        self.vfs_register = vfs_register
        self.config_log = config_log
        self.fts5_api = fts5_api
        self.fts5_create_tokenizer = fts5_create_tokenizer
        self.fts5_find_tokenizer = fts5_find_tokenizer
    }
}
