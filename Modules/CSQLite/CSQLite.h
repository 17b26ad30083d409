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

// FTS5 tokenizers. Swift never sees the layouts of fts5_api and fts5_tokenizer: these helpers take
// the fts5_api as `void *`, and the three functions of a tokenizer one by one.
typedef int (*csqlite_fts5_create_function)(void *context, const char **arguments, int count, Fts5Tokenizer **tokenizer);
typedef void (*csqlite_fts5_delete_function)(Fts5Tokenizer *tokenizer);
typedef int (*csqlite_fts5_token_function)(
    void *context, int flags, const char *token, int count, int start, int end);
typedef int (*csqlite_fts5_tokenize_function)(
    Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int count, csqlite_fts5_token_function token);

// The fts5_api of a connection, which `SELECT fts5(?1)` writes through a pointer bound with
// sqlite3_bind_pointer (SQLite 3.20+); null when the library has no FTS5 ("no such function: fts5").
static inline void *csqlite_fts5_api(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

// fts5_api.xCreateTokenizer, with the fts5_tokenizer built here from its functions (FTS5 copies it).
static inline int csqlite_fts5_create_tokenizer(
    void *api, const char *name, void *context, csqlite_fts5_create_function create,
    csqlite_fts5_delete_function delete_, csqlite_fts5_tokenize_function tokenize, void (*destroy)(void *)) {
    fts5_api *fts5 = (fts5_api *)api;
    fts5_tokenizer tokenizer = {create, delete_, tokenize};
    return fts5->xCreateTokenizer(fts5, name, context, &tokenizer, destroy);
}

// fts5_api.xFindTokenizer, with the functions of the fts5_tokenizer returned one by one.
static inline int csqlite_fts5_find_tokenizer(
    void *api, const char *name, void **context, csqlite_fts5_create_function *create,
    csqlite_fts5_delete_function *delete_, csqlite_fts5_tokenize_function *tokenize) {
    fts5_api *fts5 = (fts5_api *)api;
    fts5_tokenizer tokenizer = {0, 0, 0};
    int code = fts5->xFindTokenizer(fts5, name, context, &tokenizer);
    *create = tokenizer.xCreate;
    *delete_ = tokenizer.xDelete;
    *tokenize = tokenizer.xTokenize;
    return code;
}
