// Declares the pre-update hook functions, which the library has when it was compiled with
// SQLITE_ENABLE_PREUPDATE_HOOK (Debian's libsqlite3 is).
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

// sqlite3_db_config for the options that take an int and an optional int pointer: the function is
// variadic, which Swift cannot call.
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value) {
    return sqlite3_db_config(db, op, value, (int *)0);
}

// The pre-update hook functions are weak references: a library compiled without them leaves them
// null, and the driver then says that it has no pre-update hook, instead of failing to load.
extern void *sqlite3_preupdate_hook(
    sqlite3 *, void (*)(void *, sqlite3 *, int, const char *, const char *, sqlite3_int64, sqlite3_int64), void *)
    __attribute__((weak));
extern int sqlite3_preupdate_old(sqlite3 *, int, sqlite3_value **) __attribute__((weak));
extern int sqlite3_preupdate_new(sqlite3 *, int, sqlite3_value **) __attribute__((weak));
extern int sqlite3_preupdate_count(sqlite3 *) __attribute__((weak));
extern int sqlite3_preupdate_depth(sqlite3 *) __attribute__((weak));

typedef void *(*csqlite_preupdate_hook_function)(
    sqlite3 *, void (*)(void *, sqlite3 *, int, const char *, const char *, sqlite3_int64, sqlite3_int64), void *);
typedef int (*csqlite_preupdate_value_function)(sqlite3 *, int, sqlite3_value **);
typedef int (*csqlite_preupdate_int_function)(sqlite3 *);

// The pre-update hook functions, or null when the library lacks them.
static inline csqlite_preupdate_hook_function csqlite_preupdate_hook(void) { return sqlite3_preupdate_hook; }
static inline csqlite_preupdate_value_function csqlite_preupdate_old(void) { return sqlite3_preupdate_old; }
static inline csqlite_preupdate_value_function csqlite_preupdate_new(void) { return sqlite3_preupdate_new; }
static inline csqlite_preupdate_int_function csqlite_preupdate_count(void) { return sqlite3_preupdate_count; }
static inline csqlite_preupdate_int_function csqlite_preupdate_depth(void) { return sqlite3_preupdate_depth; }

// sqlite3_config(SQLITE_CONFIG_LOG, …): the function is variadic, which Swift cannot call.
static inline int csqlite_config_log(void (*callback)(void *, int, const char *), void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}
