/*
 * CPostgres: Debian's libpq for a PostgreSQL notification store (`--store postgresql://...`), loaded with
 * dlopen when such a store is opened, as CSQLite loads libsqlite3: nothing else receipt-check does maps it,
 * and only a run that names a PostgreSQL store needs it installed. Swift looks its functions up with dlsym
 * and calls them through these shims.
 *
 * The few constants are copied from libpq-fe.h (stable since PostgreSQL 7.4), so that the build needs no
 * PostgreSQL headers; where they are installed (libpq-dev), the asserts below hold the copies to them.
 */
#ifndef CPOSTGRES_H
#define CPOSTGRES_H

#include <dlfcn.h>
#include <stdint.h>

#define CPOSTGRES_CONNECTION_OK 0
#define CPOSTGRES_PGRES_COMMAND_OK 1
#define CPOSTGRES_PGRES_TUPLES_OK 2
#define CPOSTGRES_PG_DIAG_SQLSTATE 67 /* 'C' */
/* The most parameters a statement of the store binds; more is refused before libpq is called. */
#define CPOSTGRES_MAX_PARAMETERS 1024

#if defined(__has_include)
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#define CPOSTGRES_CHECKED 1
#elif __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#define CPOSTGRES_CHECKED 1
#endif
#ifdef CPOSTGRES_CHECKED
_Static_assert(CPOSTGRES_CONNECTION_OK == CONNECTION_OK, "CONNECTION_OK changed");
_Static_assert(CPOSTGRES_PGRES_COMMAND_OK == PGRES_COMMAND_OK, "PGRES_COMMAND_OK changed");
_Static_assert(CPOSTGRES_PGRES_TUPLES_OK == PGRES_TUPLES_OK, "PGRES_TUPLES_OK changed");
_Static_assert(CPOSTGRES_PG_DIAG_SQLSTATE == PG_DIAG_SQLSTATE, "PG_DIAG_SQLSTATE changed");
_Static_assert(sizeof(Oid) == sizeof(unsigned int), "Oid changed");
#endif
#endif

static inline void *CPostgres_dlopen(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

static inline void *CPostgres_connectdb(void *function, const char *conninfo) {
    return ((void *(*)(const char *))function)(conninfo);
}

static inline int CPostgres_status(void *function, void *conn) { return ((int (*)(const void *))function)(conn); }

static inline const char *CPostgres_errorMessage(void *function, void *conn) {
    return ((const char *(*)(const void *))function)(conn);
}

static inline void CPostgres_finish(void *function, void *conn) { ((void (*)(void *))function)(conn); }

static inline void CPostgres_ignoreNotice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

/* Notices (such as "relation already exists, skipping") are dropped: libpq would print them on stderr. */
static inline void CPostgres_quiet(void *function, void *conn) {
    ((void *(*)(void *, void (*)(void *, const char *), void *))function)(conn, CPostgres_ignoreNotice, 0);
}

/*
 * Fills `pointers` (CPOSTGRES_MAX_PARAMETERS entries) with parameter i at `values + offsets[i]`, or NULL when
 * offsets[i] is negative; 0 (nothing to run) for more than CPOSTGRES_MAX_PARAMETERS or an offset past `size`.
 */
static inline int CPostgres_pointers(
    const char **pointers, int count, const void *values, const long *offsets, long size) {
    if (count < 0 || count > CPOSTGRES_MAX_PARAMETERS) return 0;
    for (int i = 0; i < count; i++) {
        if (offsets[i] >= size) return 0;
        pointers[i] = offsets[i] < 0 ? 0 : (const char *)values + offsets[i];
    }
    return 1;
}

/*
 * Runs `command` with `count` parameters bound as text (never spliced into the SQL): parameter i is the
 * terminated string at `values + offsets[i]`, or NULL when offsets[i] is negative; types[i] its type's OID
 * (0: the server infers it). More than CPOSTGRES_MAX_PARAMETERS, or an offset past `size`, runs nothing.
 */
static inline void *CPostgres_execParams(
    void *function, void *conn, const char *command, int count, const unsigned int *types, const void *values,
    const long *offsets, long size) {
    const char *pointers[CPOSTGRES_MAX_PARAMETERS];
    if (!CPostgres_pointers(pointers, count, values, offsets, size)) return 0;
    return ((void *(*)(void *, const char *, int, const unsigned int *, const char *const *, const int *,
                       const int *, int))function)(conn, command, count, types, pointers, 0, 0, 0);
}

/* Prepares `command` as the statement `name` on the connection, its parameters' types as execParams takes them. */
static inline void *CPostgres_prepare(
    void *function, void *conn, const char *name, const char *command, int count, const unsigned int *types) {
    if (count < 0 || count > CPOSTGRES_MAX_PARAMETERS) return 0;
    return ((void *(*)(void *, const char *, const char *, int, const unsigned int *))function)(
        conn, name, command, count, types);
}

/* Runs the prepared statement `name` with `count` parameters, found as CPostgres_execParams finds them. */
static inline void *CPostgres_execPrepared(
    void *function, void *conn, const char *name, int count, const void *values, const long *offsets, long size) {
    const char *pointers[CPOSTGRES_MAX_PARAMETERS];
    if (!CPostgres_pointers(pointers, count, values, offsets, size)) return 0;
    return ((void *(*)(void *, const char *, int, const char *const *, const int *, const int *, int))function)(
        conn, name, count, pointers, 0, 0, 0);
}

static inline int CPostgres_resultStatus(void *function, const void *result) {
    return ((int (*)(const void *))function)(result);
}

static inline const char *CPostgres_resultErrorMessage(void *function, const void *result) {
    return ((const char *(*)(const void *))function)(result);
}

static inline const char *CPostgres_resultErrorField(void *function, const void *result, int field) {
    return ((const char *(*)(const void *, int))function)(result, field);
}

static inline void CPostgres_clear(void *function, void *result) { ((void (*)(void *))function)(result); }

static inline int CPostgres_ntuples(void *function, const void *result) {
    return ((int (*)(const void *))function)(result);
}

static inline int CPostgres_nfields(void *function, const void *result) {
    return ((int (*)(const void *))function)(result);
}

static inline unsigned int CPostgres_ftype(void *function, const void *result, int column) {
    return ((unsigned int (*)(const void *, int))function)(result, column);
}

static inline int CPostgres_getisnull(void *function, const void *result, int row, int column) {
    return ((int (*)(const void *, int, int))function)(result, row, column);
}

static inline const char *CPostgres_getvalue(void *function, const void *result, int row, int column) {
    return ((const char *(*)(const void *, int, int))function)(result, row, column);
}

static inline int CPostgres_getlength(void *function, const void *result, int row, int column) {
    return ((int (*)(const void *, int, int))function)(result, row, column);
}

static inline const char *CPostgres_cmdStatus(void *function, void *result) {
    return ((const char *(*)(void *))function)(result);
}

static inline const char *CPostgres_cmdTuples(void *function, void *result) {
    return ((const char *(*)(void *))function)(result);
}

#endif
