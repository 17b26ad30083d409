import CSQLCipher
import RSCore

// The function table is the one of RSSQLiteDriver, filled with the functions of another library:
// Swift cannot share its source between the two modules, since each must import only its own C
// module (a process must never load libsqlite3 and libsqlcipher together). The differences:
// `errmsg`, which explains SQLITE_NOTADB, and `db_config_int`, come from this module's C helpers
// (see CSQLCipher.h), the capabilities say that the library encrypts, and the FTS5 entries are left
// nil: SQLite 3.15.2 has neither FTS5 nor `sqlite3_bind_pointer`.

extension DatabaseDriver {
    /// The driver over SQLCipher (Debian's libsqlcipher: SQLCipher 3.4, which embeds SQLite 3.15.2).
    ///
    /// A connection opened with it reads and writes plaintext databases, and encrypted ones once a
    /// passphrase is given in `Configuration.prepareDatabase` with `Database.usePassphrase(_:)`.
    public static let sqlcipher = DatabaseDriver(
        name: "SQLCipher",
        api: SQLiteAPI(
            libversion: sqlite3_libversion,
            libversion_number: sqlite3_libversion_number,
            errstr: sqlite3_errstr,
            open_v2: sqlite3_open_v2,
            close_v2: sqlite3_close_v2,
            errmsg: csqlcipher_errmsg,
            extended_errcode: sqlite3_extended_errcode,
            extended_result_codes: sqlite3_extended_result_codes,
            limit: sqlite3_limit,
            busy_timeout: sqlite3_busy_timeout,
            busy_handler: sqlite3_busy_handler,
            changes: sqlite3_changes,
            total_changes: sqlite3_total_changes,
            last_insert_rowid: sqlite3_last_insert_rowid,
            get_autocommit: sqlite3_get_autocommit,
            interrupt: sqlite3_interrupt,
            db_release_memory: sqlite3_db_release_memory,
            backup_init: sqlite3_backup_init,
            backup_step: sqlite3_backup_step,
            backup_finish: sqlite3_backup_finish,
            backup_remaining: sqlite3_backup_remaining,
            backup_pagecount: sqlite3_backup_pagecount,
            wal_checkpoint_v2: sqlite3_wal_checkpoint_v2,
            trace_v2: sqlite3_trace_v2,
            set_authorizer: sqlite3_set_authorizer,
            db_config_int: csqlcipher_db_config_int,
            commit_hook: sqlite3_commit_hook,
            rollback_hook: sqlite3_rollback_hook,
            update_hook: sqlite3_update_hook,
            prepare_v2: sqlite3_prepare_v2,
            finalize: sqlite3_finalize,
            reset: sqlite3_reset,
            clear_bindings: sqlite3_clear_bindings,
            step: sqlite3_step,
            sql: sqlite3_sql,
            expanded_sql: sqlite3_expanded_sql,
            free: sqlite3_free,
            stmt_readonly: sqlite3_stmt_readonly,
            stmt_busy: sqlite3_stmt_busy,
            bind_parameter_count: sqlite3_bind_parameter_count,
            bind_parameter_name: sqlite3_bind_parameter_name,
            bind_null: sqlite3_bind_null,
            bind_int64: sqlite3_bind_int64,
            bind_double: sqlite3_bind_double,
            bind_text: sqlite3_bind_text,
            bind_blob: sqlite3_bind_blob,
            column_count: sqlite3_column_count,
            column_name: sqlite3_column_name,
            column_value: sqlite3_column_value,
            column_int64: sqlite3_column_int64,
            column_text: sqlite3_column_text,
            create_function_v2: sqlite3_create_function_v2,
            create_collation_v2: sqlite3_create_collation_v2,
            user_data: sqlite3_user_data,
            aggregate_context: sqlite3_aggregate_context,
            value_type: sqlite3_value_type,
            value_int64: sqlite3_value_int64,
            value_double: sqlite3_value_double,
            value_text: sqlite3_value_text,
            value_blob: sqlite3_value_blob,
            value_bytes: sqlite3_value_bytes,
            result_null: sqlite3_result_null,
            result_int64: sqlite3_result_int64,
            result_double: sqlite3_result_double,
            result_text: sqlite3_result_text,
            result_blob: sqlite3_result_blob,
            result_error: sqlite3_result_error,
            result_error_code: sqlite3_result_error_code,
            vfs_find: { name in UnsafeMutableRawPointer(sqlite3_vfs_find(name)) },
            vfs_register: { vfs, makeDefault in
                sqlite3_vfs_register(vfs?.assumingMemoryBound(to: sqlite3_vfs.self), makeDefault)
            },
            config_log: csqlcipher_config_log
        ),
        capabilities: DatabaseCapabilities(
            versionNumber: Int(sqlite3_libversion_number()),
            mathFunctions: sqlite3_compileoption_used("ENABLE_MATH_FUNCTIONS") != 0,
            // The driver binds no pre-update hook: Debian's SQLCipher 3.4 is compiled without it.
            preupdateHook: false,
            encryption: true,
            // SQLITE_ENABLE_FTS4 also enables FTS3.
            fts3: sqlite3_compileoption_used("ENABLE_FTS3") != 0 || sqlite3_compileoption_used("ENABLE_FTS4") != 0,
            fts5: sqlite3_compileoption_used("ENABLE_FTS5") != 0,
            json: sqlite3_compileoption_used("ENABLE_JSON1") != 0
                || (sqlite3_libversion_number() >= 3_038_000 && sqlite3_compileoption_used("OMIT_JSON") == 0)
        )
    )
}
