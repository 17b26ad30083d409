// A fault-injecting VFS over the default one (see include/CFaultVFS.h).
//
// The SQLite header gives types and constants only: no sqlite3_* function is called, so that this file
// links against neither SQLite library. The layouts of sqlite3_vfs, sqlite3_file and sqlite3_io_methods
// (versions 1 to 3) are the same in SQLite 3.15 (SQLCipher 3.4) and 3.40, so either header will do.
#include "CFaultVFS.h"

#include <pthread.h>
#if defined(__has_include)
#if __has_include(<sqlite3.h>)
#include <sqlite3.h>
#else
#include <sqlcipher/sqlite3.h> // a machine with libsqlcipher-dev only
#endif
#else
#include <sqlite3.h>
#endif
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

// MARK: - The fault plan

// `plan_nth` is 0 while disarmed; rs_fault_arm sets it last, after the rest of the plan and the reset
// counters. A call that races an arm may count for either plan: tests arm between their accesses.
static atomic_uint plan_mask = RS_FAULT_ALL; // the kinds of calls that count
static atomic_llong plan_nth = 0;            // the call that fails, 1-based; 0: none
static atomic_int plan_code = 0;             // its result code; 0: the natural one
static atomic_int plan_persistent = 0;       // whether the calls after it fail too
static atomic_llong call_count = 0;          // the calls of plan_mask since the arm
static atomic_llong fault_count = 0;         // the faults since the arm
static atomic_llong size_limit = 0;          // the largest size of a file that grows; 0: none

void rs_fault_arm(unsigned mask, long long nth, int errorCode, int persistent) {
    atomic_store(&plan_nth, 0); // no fault while the plan changes
    atomic_store(&plan_mask, mask);
    atomic_store(&plan_code, errorCode);
    atomic_store(&plan_persistent, persistent != 0);
    atomic_store(&call_count, 0);
    atomic_store(&fault_count, 0);
    atomic_store(&plan_nth, nth > 0 ? nth : 0);
}

void rs_fault_disarm(void) { atomic_store(&plan_nth, 0); }

long long rs_fault_call_count(void) { return atomic_load(&call_count); }

long long rs_fault_fault_count(void) { return atomic_load(&fault_count); }

void rs_fault_set_size_limit(long long bytes) { atomic_store(&size_limit, bytes > 0 ? bytes : 0); }

// Counts a call of `kind`, and returns the code it must fail with, or SQLITE_OK. `natural` is the code
// of the method's own failures.
static int fault_check(unsigned kind, int natural) {
    if ((atomic_load(&plan_mask) & kind) == 0) return SQLITE_OK;
    long long n = atomic_fetch_add(&call_count, 1) + 1;
    long long nth = atomic_load(&plan_nth);
    if (nth == 0 || n < nth || (n > nth && !atomic_load(&plan_persistent))) return SQLITE_OK;
    atomic_fetch_add(&fault_count, 1);
    int code = atomic_load(&plan_code);
    return code != 0 ? code : natural;
}

// MARK: - Files

// Our file: a header, then the base VFS's file (szOsFile of ours is the sum of both).
typedef struct FaultFile {
    sqlite3_file base; // pMethods: one of the fault_io tables
    sqlite3_file *real; // the base file, right after the header
} FaultFile;

// The header's size, rounded up so that the base file is as aligned as ours.
#define FAULT_HEADER ((sizeof(FaultFile) + 15) & ~(size_t)15)
#define REAL(file) (((FaultFile *)(file))->real)
#define REAL_CALL(file, method, ...) (REAL(file)->pMethods->method(REAL(file), __VA_ARGS__))

static int fault_close(sqlite3_file *file) {
    sqlite3_file *real = REAL(file);
    return real->pMethods->xClose(real); // never fails here: the base file must be released
}

static int fault_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    int rc = fault_check(RS_FAULT_READ, SQLITE_IOERR_READ);
    return rc != SQLITE_OK ? rc : REAL_CALL(file, xRead, buffer, amount, offset);
}

// The size limit: writes that make the file longer than the limit write what fits below it, as a short
// write on a full disk does, and fail with SQLITE_FULL as the unix VFS reports ENOSPC.
static int fault_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    int rc = fault_check(RS_FAULT_WRITE, SQLITE_IOERR_WRITE);
    if (rc != SQLITE_OK) return rc;
    sqlite3_int64 limit = atomic_load(&size_limit), end = offset + amount, size = 0;
    if (limit > 0 && end > limit) {
        rc = REAL_CALL(file, xFileSize, &size);
        if (rc != SQLITE_OK) return rc;
        sqlite3_int64 allowed = size > limit ? size : limit; // existing bytes may be overwritten
        if (end > allowed) {
            if (allowed > offset) REAL_CALL(file, xWrite, buffer, (int)(allowed - offset), offset);
            atomic_fetch_add(&fault_count, 1);
            return SQLITE_FULL;
        }
    }
    return REAL_CALL(file, xWrite, buffer, amount, offset);
}

static int fault_truncate(sqlite3_file *file, sqlite3_int64 newSize) {
    int rc = fault_check(RS_FAULT_TRUNCATE, SQLITE_IOERR_TRUNCATE);
    if (rc != SQLITE_OK) return rc;
    sqlite3_int64 limit = atomic_load(&size_limit), size = 0;
    if (limit > 0 && newSize > limit) { // growing a file by truncation needs room as well
        rc = REAL_CALL(file, xFileSize, &size);
        if (rc != SQLITE_OK) return rc;
        if (newSize > size) {
            atomic_fetch_add(&fault_count, 1);
            return SQLITE_FULL;
        }
    }
    return REAL_CALL(file, xTruncate, newSize);
}

static int fault_sync(sqlite3_file *file, int flags) {
    int rc = fault_check(RS_FAULT_SYNC, SQLITE_IOERR_FSYNC);
    return rc != SQLITE_OK ? rc : REAL_CALL(file, xSync, flags);
}

static int fault_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    int rc = fault_check(RS_FAULT_FILESIZE, SQLITE_IOERR_FSTAT);
    if (rc != SQLITE_OK) *size = 0;
    return rc != SQLITE_OK ? rc : REAL_CALL(file, xFileSize, size);
}

static int fault_lock(sqlite3_file *file, int lock) {
    int rc = fault_check(RS_FAULT_LOCK, SQLITE_IOERR_LOCK);
    return rc != SQLITE_OK ? rc : REAL_CALL(file, xLock, lock);
}

// A failing unlock still unlocks (see rs_fault_arm).
static int fault_unlock(sqlite3_file *file, int lock) {
    int rc = fault_check(RS_FAULT_LOCK, SQLITE_IOERR_UNLOCK);
    int rcReal = REAL_CALL(file, xUnlock, lock);
    return rc != SQLITE_OK ? rc : rcReal;
}

static int fault_check_reserved_lock(sqlite3_file *file, int *result) {
    int rc = fault_check(RS_FAULT_LOCK, SQLITE_IOERR_CHECKRESERVEDLOCK);
    if (rc != SQLITE_OK) *result = 0;
    return rc != SQLITE_OK ? rc : REAL_CALL(file, xCheckReservedLock, result);
}

// File controls go to the base file unchanged (SQLITE_FCNTL_VFSNAME included, which would need
// sqlite3_mprintf to name this VFS too).
static int fault_file_control(sqlite3_file *file, int op, void *arg) { return REAL_CALL(file, xFileControl, op, arg); }

static int fault_sector_size(sqlite3_file *file) {
    sqlite3_file *real = REAL(file);
    return real->pMethods->xSectorSize(real);
}

static int fault_device_characteristics(sqlite3_file *file) {
    sqlite3_file *real = REAL(file);
    return real->pMethods->xDeviceCharacteristics(real);
}

// Version 2: the shared memory of WAL mode.
static int fault_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **memory) {
    int rc = fault_check(RS_FAULT_SHM, SQLITE_IOERR_SHMMAP);
    if (rc != SQLITE_OK) *memory = 0;
    return rc != SQLITE_OK ? rc : REAL_CALL(file, xShmMap, region, size, extend, memory);
}

static int fault_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
    int rc = fault_check(RS_FAULT_LOCK, SQLITE_IOERR_SHMLOCK);
    if (rc != SQLITE_OK && (flags & SQLITE_SHM_UNLOCK) == 0) return rc;
    int rcReal = REAL_CALL(file, xShmLock, offset, n, flags); // a failing unlock still unlocks
    return rc != SQLITE_OK ? rc : rcReal;
}

static void fault_shm_barrier(sqlite3_file *file) {
    sqlite3_file *real = REAL(file);
    real->pMethods->xShmBarrier(real);
}

static int fault_shm_unmap(sqlite3_file *file, int deleteFlag) { return REAL_CALL(file, xShmUnmap, deleteFlag); }

// Version 3: memory-mapped I/O. xFetch hands out no page (*pp = 0, which SQLite allows), so that every
// page is read through xRead, where read faults are injected; the base file's own mapping, if any, is
// still used by its xRead. xUnfetch then only sees the null pointers that ask the base to unmap.
static int fault_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **page) {
    (void)file, (void)offset, (void)amount;
    *page = 0;
    return SQLITE_OK;
}

static int fault_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    return REAL_CALL(file, xUnfetch, offset, page);
}

// One table per version: ours never claims more than the base file's.
#define FAULT_IO_V1                                                                                            \
    .xClose = fault_close, .xRead = fault_read, .xWrite = fault_write, .xTruncate = fault_truncate,          \
    .xSync = fault_sync, .xFileSize = fault_file_size, .xLock = fault_lock, .xUnlock = fault_unlock,         \
    .xCheckReservedLock = fault_check_reserved_lock, .xFileControl = fault_file_control,                     \
    .xSectorSize = fault_sector_size, .xDeviceCharacteristics = fault_device_characteristics
#define FAULT_IO_V2                                                                                            \
    .xShmMap = fault_shm_map, .xShmLock = fault_shm_lock, .xShmBarrier = fault_shm_barrier,                  \
    .xShmUnmap = fault_shm_unmap

static const sqlite3_io_methods fault_io_v1 = {.iVersion = 1, FAULT_IO_V1};
static const sqlite3_io_methods fault_io_v2 = {.iVersion = 2, FAULT_IO_V1, FAULT_IO_V2};
static const sqlite3_io_methods fault_io_v3 = {
    .iVersion = 3, FAULT_IO_V1, FAULT_IO_V2, .xFetch = fault_fetch, .xUnfetch = fault_unfetch};

// MARK: - The VFS

#define BASE(vfs) ((sqlite3_vfs *)(vfs)->pAppData)

static int fault_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    FaultFile *fault = (FaultFile *)file;
    sqlite3_file *real = (sqlite3_file *)(void *)((char *)file + FAULT_HEADER);
    fault->base.pMethods = 0; // SQLite closes nothing that failed to open
    fault->real = real;
    int rc = fault_check(RS_FAULT_OPEN, SQLITE_CANTOPEN);
    if (rc != SQLITE_OK) return rc;
    real->pMethods = 0;
    rc = BASE(vfs)->xOpen(BASE(vfs), name, real, flags, outFlags);
    if (rc != SQLITE_OK) {
        // A base VFS that leaves pMethods set on failure expects xClose: it gets it now.
        if (real->pMethods != 0) real->pMethods->xClose(real);
        return rc;
    }
    int version = real->pMethods->iVersion;
    fault->base.pMethods = version >= 3 ? &fault_io_v3 : version == 2 ? &fault_io_v2 : &fault_io_v1;
    return SQLITE_OK;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    int rc = fault_check(RS_FAULT_OPEN, SQLITE_IOERR_DELETE);
    return rc != SQLITE_OK ? rc : BASE(vfs)->xDelete(BASE(vfs), name, syncDirectory);
}

static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    int rc = fault_check(RS_FAULT_OPEN, SQLITE_IOERR_ACCESS);
    if (rc != SQLITE_OK) *result = 0;
    return rc != SQLITE_OK ? rc : BASE(vfs)->xAccess(BASE(vfs), name, flags, result);
}

// The other methods pass the call on to the base VFS, with the base VFS as their first argument.
static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return BASE(vfs)->xFullPathname(BASE(vfs), name, size, out);
}
static void *fault_dl_open(sqlite3_vfs *vfs, const char *path) { return BASE(vfs)->xDlOpen(BASE(vfs), path); }
static void fault_dl_error(sqlite3_vfs *vfs, int size, char *message) { BASE(vfs)->xDlError(BASE(vfs), size, message); }
static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return BASE(vfs)->xDlSym(BASE(vfs), handle, symbol);
}
static void fault_dl_close(sqlite3_vfs *vfs, void *handle) { BASE(vfs)->xDlClose(BASE(vfs), handle); }
static int fault_randomness(sqlite3_vfs *vfs, int size, char *out) {
    return BASE(vfs)->xRandomness(BASE(vfs), size, out);
}
static int fault_sleep(sqlite3_vfs *vfs, int microseconds) { return BASE(vfs)->xSleep(BASE(vfs), microseconds); }
static int fault_current_time(sqlite3_vfs *vfs, double *now) { return BASE(vfs)->xCurrentTime(BASE(vfs), now); }
static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    return BASE(vfs)->xGetLastError(BASE(vfs), size, out);
}
static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    return BASE(vfs)->xCurrentTimeInt64(BASE(vfs), now);
}
static int fault_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    return BASE(vfs)->xSetSystemCall(BASE(vfs), name, call);
}
static sqlite3_syscall_ptr fault_get_system_call(sqlite3_vfs *vfs, const char *name) {
    return BASE(vfs)->xGetSystemCall(BASE(vfs), name);
}
static const char *fault_next_system_call(sqlite3_vfs *vfs, const char *name) {
    return BASE(vfs)->xNextSystemCall(BASE(vfs), name);
}

// Written once under install_lock before it is registered, read-only afterwards (SQLite's own mutex
// orders the registration before any use by another thread).
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static sqlite3_vfs fault_vfs;
static int installed = 0;

// Our method where the base has one, else none.
#define DELEGATE(method, ours) (base->method != 0 ? (ours) : 0)

int rs_fault_install(const char *name, rs_fault_vfs_find_fn find, rs_fault_vfs_register_fn reg) {
    if (name == 0 || find == 0 || reg == 0) return SQLITE_MISUSE;
    pthread_mutex_lock(&install_lock);
    int rc = SQLITE_OK;
    sqlite3_vfs *base = installed ? 0 : (sqlite3_vfs *)find(0);
    if (!installed && base == 0) rc = SQLITE_ERROR;
    if (base != 0) {
        size_t length = strlen(name) + 1;
        char *copy = (char *)malloc(length); // lives as long as the registration: for ever
        if (copy == 0) {
            pthread_mutex_unlock(&install_lock);
            return SQLITE_NOMEM;
        }
        memcpy(copy, name, length);
        memset(&fault_vfs, 0, sizeof fault_vfs);
        fault_vfs.iVersion = base->iVersion < 3 ? base->iVersion : 3;
        fault_vfs.szOsFile = (int)FAULT_HEADER + base->szOsFile;
        fault_vfs.mxPathname = base->mxPathname;
        fault_vfs.zName = copy;
        fault_vfs.pAppData = base;
        fault_vfs.xOpen = fault_open;
        fault_vfs.xDelete = fault_delete;
        fault_vfs.xAccess = fault_access;
        fault_vfs.xFullPathname = fault_full_pathname;
        fault_vfs.xDlOpen = DELEGATE(xDlOpen, fault_dl_open);
        fault_vfs.xDlError = DELEGATE(xDlError, fault_dl_error);
        fault_vfs.xDlSym = DELEGATE(xDlSym, fault_dl_sym);
        fault_vfs.xDlClose = DELEGATE(xDlClose, fault_dl_close);
        fault_vfs.xRandomness = fault_randomness;
        fault_vfs.xSleep = fault_sleep;
        fault_vfs.xCurrentTime = fault_current_time;
        fault_vfs.xGetLastError = DELEGATE(xGetLastError, fault_get_last_error);
        if (fault_vfs.iVersion >= 2) fault_vfs.xCurrentTimeInt64 = DELEGATE(xCurrentTimeInt64, fault_current_time_int64);
        if (fault_vfs.iVersion >= 3) {
            fault_vfs.xSetSystemCall = DELEGATE(xSetSystemCall, fault_set_system_call);
            fault_vfs.xGetSystemCall = DELEGATE(xGetSystemCall, fault_get_system_call);
            fault_vfs.xNextSystemCall = DELEGATE(xNextSystemCall, fault_next_system_call);
        }
        rc = reg(&fault_vfs, 0);
        if (rc == SQLITE_OK) installed = 1;
        else {
            free(copy);
            fault_vfs.zName = 0;
        }
    }
    pthread_mutex_unlock(&install_lock);
    return rc;
}
