/*
 * CSQLite: Debian's libsqlite3 for the notification store (`serve --store`, `customer`, `store import`),
 * loaded with dlopen when a store is opened, as CFastCGI loads libfcgi: nothing else receipt-check does
 * maps it (verify's start-up stays as it was), and only a run that names a store needs it installed.
 * Swift looks its functions up with dlsym and calls them through these shims.
 *
 * The few constants are copied from sqlite3.h (stable since 3.0), so that the build needs no SQLite
 * headers; where they are installed (libsqlite3-dev), the asserts below hold the copies to them.
 */
#ifndef CSQLITE_H
#define CSQLITE_H

#include <dlfcn.h>
#include <stdint.h>

#define CSQLITE_OK 0
#define CSQLITE_BUSY 5
#define CSQLITE_FULL 13
#define CSQLITE_TOOBIG 18
#define CSQLITE_CONSTRAINT 19
#define CSQLITE_ROW 100
#define CSQLITE_DONE 101
#define CSQLITE_INTEGER 1
#define CSQLITE_NULL 5
#define CSQLITE_OPEN_READONLY 0x00000001
#define CSQLITE_OPEN_READWRITE 0x00000002
#define CSQLITE_OPEN_CREATE 0x00000004
#define CSQLITE_OPEN_NOMUTEX 0x00008000

#if defined(__has_include)
#if __has_include(<sqlite3.h>)
#include <sqlite3.h>
_Static_assert(CSQLITE_OK == SQLITE_OK, "SQLITE_OK changed");
_Static_assert(CSQLITE_BUSY == SQLITE_BUSY, "SQLITE_BUSY changed");
_Static_assert(CSQLITE_FULL == SQLITE_FULL, "SQLITE_FULL changed");
_Static_assert(CSQLITE_TOOBIG == SQLITE_TOOBIG, "SQLITE_TOOBIG changed");
_Static_assert(CSQLITE_CONSTRAINT == SQLITE_CONSTRAINT, "SQLITE_CONSTRAINT changed");
_Static_assert(CSQLITE_ROW == SQLITE_ROW, "SQLITE_ROW changed");
_Static_assert(CSQLITE_DONE == SQLITE_DONE, "SQLITE_DONE changed");
_Static_assert(CSQLITE_INTEGER == SQLITE_INTEGER, "SQLITE_INTEGER changed");
_Static_assert(CSQLITE_NULL == SQLITE_NULL, "SQLITE_NULL changed");
_Static_assert(CSQLITE_OPEN_READONLY == SQLITE_OPEN_READONLY, "SQLITE_OPEN_READONLY changed");
_Static_assert(CSQLITE_OPEN_READWRITE == SQLITE_OPEN_READWRITE, "SQLITE_OPEN_READWRITE changed");
_Static_assert(CSQLITE_OPEN_CREATE == SQLITE_OPEN_CREATE, "SQLITE_OPEN_CREATE changed");
_Static_assert(CSQLITE_OPEN_NOMUTEX == SQLITE_OPEN_NOMUTEX, "SQLITE_OPEN_NOMUTEX changed");
#endif
#endif

static inline void *CSQLite_dlopen(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

static inline int CSQLite_open(void *function, const char *path, void **db, int flags) {
    return ((int (*)(const char *, void **, int, const char *))function)(path, db, flags, 0);
}

static inline int CSQLite_close(void *function, void *db) { return ((int (*)(void *))function)(db); }

static inline const char *CSQLite_errmsg(void *function, void *db) {
    return ((const char *(*)(void *))function)(db);
}

static inline int CSQLite_busy_timeout(void *function, void *db, int milliseconds) {
    return ((int (*)(void *, int))function)(db, milliseconds);
}

/* Prepares the statement of `length` bytes at `sql`; the statement in *statement. */
static inline int CSQLite_prepare(void *function, void *db, const char *sql, int length, void **statement) {
    return ((int (*)(void *, const char *, int, void **, const char **))function)(db, sql, length, statement, 0);
}

static inline int CSQLite_step(void *function, void *statement) { return ((int (*)(void *))function)(statement); }

static inline int CSQLite_reset(void *function, void *statement) { return ((int (*)(void *))function)(statement); }

static inline int CSQLite_finalize(void *function, void *statement) {
    return ((int (*)(void *))function)(statement);
}

static inline int CSQLite_clear_bindings(void *function, void *statement) {
    return ((int (*)(void *))function)(statement);
}

/* Binds `length` bytes of text, copied by SQLite (SQLITE_TRANSIENT), so the caller's buffer may go. */
static inline int CSQLite_bind_text(void *function, void *statement, int index, const char *text, int length) {
    return ((int (*)(void *, int, const char *, int, void (*)(void *)))function)(
        statement, index, text, length, (void (*)(void *))(intptr_t)-1);
}

static inline int CSQLite_bind_int64(void *function, void *statement, int index, int64_t value) {
    return ((int (*)(void *, int, int64_t))function)(statement, index, value);
}

static inline int CSQLite_bind_null(void *function, void *statement, int index) {
    return ((int (*)(void *, int))function)(statement, index);
}

static inline int CSQLite_column_type(void *function, void *statement, int column) {
    return ((int (*)(void *, int))function)(statement, column);
}

static inline int64_t CSQLite_column_int64(void *function, void *statement, int column) {
    return ((int64_t (*)(void *, int))function)(statement, column);
}

static inline const unsigned char *CSQLite_column_text(void *function, void *statement, int column) {
    return ((const unsigned char *(*)(void *, int))function)(statement, column);
}

static inline int CSQLite_column_bytes(void *function, void *statement, int column) {
    return ((int (*)(void *, int))function)(statement, column);
}

static inline int CSQLite_changes(void *function, void *db) { return ((int (*)(void *))function)(db); }

#endif
