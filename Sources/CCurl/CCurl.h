/*
 * CCurl: libcurl for the App Store Server API client, loaded with dlopen only when a request is
 * made, so that nothing else receipt-check does maps libcurl (or its TLS and resolver libraries)
 * into the process. Nothing here links libcurl: Swift looks its functions up with dlsym and calls
 * them through these shims, which exist because curl_easy_setopt and curl_easy_getinfo are variadic.
 *
 * The option and info numbers are libcurl's stable ABI (curl/curl.h, unchanged since they were
 * added), declared here so that the build needs no libcurl headers.
 */
#ifndef CCURL_H
#define CCURL_H

#include <dlfcn.h>
#include <stddef.h>

enum {
    CCurl_OK = 0,
    CCurl_COULDNT_RESOLVE_HOST = 6,
    CCurl_COULDNT_CONNECT = 7,
    CCurl_WRITE_ERROR = 23,
    CCurl_OPERATION_TIMEDOUT = 28,
    CCurl_PEER_FAILED_VERIFICATION = 60,
    CCurl_SSL_CACERT_BADFILE = 77,

    CCurl_GLOBAL_DEFAULT = 3,
    CCurl_PROTO_HTTPS = 2,

    CCurlOPT_WRITEDATA = 10001,
    CCurlOPT_URL = 10002,
    CCurlOPT_ERRORBUFFER = 10010,
    CCurlOPT_WRITEFUNCTION = 20011,
    CCurlOPT_POSTFIELDS = 10015,
    CCurlOPT_HTTPHEADER = 10023,
    CCurlOPT_HEADERDATA = 10029,
    CCurlOPT_CUSTOMREQUEST = 10036,
    CCurlOPT_POSTFIELDSIZE = 60,
    CCurlOPT_CAINFO = 10065,
    CCurlOPT_CAPATH = 10097,
    CCurlOPT_HEADERFUNCTION = 20079,
    CCurlOPT_NOSIGNAL = 99,
    CCurlOPT_TIMEOUT_MS = 155,
    CCurlOPT_CONNECTTIMEOUT_MS = 156,
    CCurlOPT_PROTOCOLS = 181,
    CCurlOPT_REDIR_PROTOCOLS = 182,

    CCurlINFO_RESPONSE_CODE = 0x200002,

    CCurl_ERROR_SIZE = 256,
};

/* libcurl's write and header callbacks. */
typedef size_t (*CCurl_write_callback)(char *data, size_t size, size_t count, void *context);

/* A `struct curl_slist *`, opaque to Swift. */
typedef void CCurl_slist;

static inline void *CCurl_dlopen(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

static inline int CCurl_global_init(void *function, long flags) {
    return ((int (*)(long))function)(flags);
}

static inline void *CCurl_easy_init(void *function) { return ((void *(*)(void))function)(); }

static inline void CCurl_easy_cleanup(void *function, void *handle) { ((void (*)(void *))function)(handle); }

static inline int CCurl_easy_perform(void *function, void *handle) { return ((int (*)(void *))function)(handle); }

static inline int CCurl_setopt_long(void *function, void *handle, int option, long value) {
    return ((int (*)(void *, int, ...))function)(handle, option, value);
}

static inline int CCurl_setopt_pointer(void *function, void *handle, int option, const void *value) {
    return ((int (*)(void *, int, ...))function)(handle, option, value);
}

static inline int CCurl_setopt_callback(void *function, void *handle, int option, CCurl_write_callback value) {
    return ((int (*)(void *, int, ...))function)(handle, option, value);
}

static inline int CCurl_getinfo_long(void *function, void *handle, int info, long *value) {
    return ((int (*)(void *, int, ...))function)(handle, info, value);
}

static inline CCurl_slist *CCurl_slist_append(void *function, CCurl_slist *list, const char *text) {
    return ((CCurl_slist * (*)(CCurl_slist *, const char *)) function)(list, text);
}

static inline void CCurl_slist_free_all(void *function, CCurl_slist *list) {
    ((void (*)(CCurl_slist *))function)(list);
}

static inline const char *CCurl_easy_strerror(void *function, int code) {
    return ((const char *(*)(int))function)(code);
}

#endif
