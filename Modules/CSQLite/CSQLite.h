#include <sqlite3.h>

// sqlite3_db_config for the options that take an int and an optional int pointer: the function is
// variadic, which Swift cannot call.
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value) {
    return sqlite3_db_config(db, op, value, (int *)0);
}
