// A fault-injecting SQLite VFS for the tests: it wraps the default VFS and makes a chosen call fail.
//
// It calls no sqlite3_* function, so it links neither libsqlite3 nor libsqlcipher: the caller hands it
// the library's sqlite3_vfs_find and sqlite3_vfs_register. This header does not include <sqlite3.h>
// either (the system one would clash with SQLCipher's in Swift), so VFS pointers are `void *` here.
// From Swift:
//
//     rs_fault_install("rsfault",
//         { name in UnsafeMutableRawPointer(sqlite3_vfs_find(name)) },
//         { vfs, makeDefault in sqlite3_vfs_register(vfs?.assumingMemoryBound(to: sqlite3_vfs.self), makeDefault) })
//
// and then open `file:/path/db.sqlite?vfs=rsfault` with SQLITE_OPEN_URI.
//
// There is one fault plan per process, shared by all the files of the VFS; only the calls made
// through this VFS count. All functions are thread-safe.
#ifndef CFAULTVFS_H
#define CFAULTVFS_H

#ifdef __cplusplus
extern "C" {
#endif

/// sqlite3_vfs_find: `sqlite3_vfs *(*)(const char *)`.
typedef void *(*rs_fault_vfs_find_fn)(const char *name);
/// sqlite3_vfs_register: `int (*)(sqlite3_vfs *, int)`.
typedef int (*rs_fault_vfs_register_fn)(void *vfs, int makeDefault);

/// Registers, not as the default, a VFS named `name` over the default VFS (`find(NULL)`). Returns an
/// SQLite result code. Only the first successful call registers: later ones return SQLITE_OK (0) and
/// do nothing, whatever their arguments.
int rs_fault_install(const char *name, rs_fault_vfs_find_fn find, rs_fault_vfs_register_fn reg);

/// The kinds of calls, as a bit mask.
enum {
    RS_FAULT_READ = 1,       // xRead
    RS_FAULT_WRITE = 2,      // xWrite
    RS_FAULT_SYNC = 4,       // xSync
    RS_FAULT_LOCK = 8,       // xLock, xUnlock, xCheckReservedLock, xShmLock
    RS_FAULT_TRUNCATE = 16,  // xTruncate
    RS_FAULT_OPEN = 32,      // xOpen, xDelete, xAccess (of the VFS)
    RS_FAULT_SHM = 64,       // xShmMap
    RS_FAULT_FILESIZE = 128, // xFileSize
    RS_FAULT_ALL = 255
};

/// Arms a fault and resets both counters: the `nth` (1-based) call of the kinds in `mask` from now on
/// fails with `errorCode`, and with `persistent` non-zero every later one too (a disk that stays
/// broken), until the next arm or disarm. An `errorCode` of 0 picks the natural code of the failing
/// method (SQLITE_IOERR_READ, _WRITE, _FSYNC, _LOCK, _UNLOCK, _CHECKRESERVEDLOCK, _SHMLOCK, _TRUNCATE,
/// SQLITE_CANTOPEN, SQLITE_IOERR_DELETE, _ACCESS, _SHMMAP, _FSTAT). An `nth` of 0 or less only counts.
/// A failing call does nothing, except an unlock (xUnlock, xShmLock of SQLITE_SHM_UNLOCK): it releases
/// the lock and then reports the error, as a lock cannot outlive its release by the system.
void rs_fault_arm(unsigned mask, long long nth, int errorCode, int persistent);

/// Stops injecting faults. The calls of the kinds of the last arm keep being counted.
void rs_fault_disarm(void);

/// The calls of the kinds of the last arm (all kinds when never armed) since that arm, or since the
/// install when never armed.
long long rs_fault_call_count(void);

/// The faults injected since the last arm, those of the size limit included.
long long rs_fault_fault_count(void);

/// A full disk: a write that would make a file of this VFS longer than `bytes`, or a truncate to a
/// larger size, fails with SQLITE_FULL, as ENOSPC does (the bytes below the limit are written, as a
/// short write would). 0 removes the limit. Independent of arm and disarm.
void rs_fault_set_size_limit(long long bytes);

#ifdef __cplusplus
}
#endif

#endif
