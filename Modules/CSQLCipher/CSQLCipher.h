// SQLCipher (Debian's libsqlcipher-dev: SQLCipher 3.4, over SQLite 3.15.2).
// SQLITE_HAS_CODEC declares sqlite3_key and sqlite3_rekey.
#ifndef SQLITE_HAS_CODEC
#define SQLITE_HAS_CODEC 1
#endif
#include <sqlcipher/sqlite3.h>

// sqlite3_errmsg, with an explanation for "file is encrypted or is not a database": the library
// cannot tell a wrong passphrase from a file in a format it cannot read, so the message names both.
// String literals have static storage, as the messages of sqlite3_errmsg do.
static inline const char *csqlcipher_errmsg(sqlite3 *db) {
    if (db != 0 && (sqlite3_extended_errcode(db) & 0xff) == SQLITE_NOTADB) {
        return "file is encrypted or is not a database: the passphrase is wrong or missing, the file is not "
               "a database, or it is in a format this SQLCipher cannot read (SQLCipher 3 cannot read the "
               "default format of SQLCipher 4)";
    }
    return sqlite3_errmsg(db);
}

// sqlite3_db_config for the options that take an int and an optional int pointer: the function is
// variadic, which Swift cannot call.
static inline int csqlcipher_db_config_int(sqlite3 *db, int op, int value) {
    return sqlite3_db_config(db, op, value, (int *)0);
}

// sqlite3_config(SQLITE_CONFIG_LOG, …): the function is variadic, which Swift cannot call.
static inline int csqlcipher_config_log(void (*callback)(void *, int, const char *), void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}
