/*
 * CFastCGI: Debian's libfcgi (the FastCGI Developer's Kit) for `receipt-check serve`, loaded with dlopen
 * when the service starts, so that nothing else receipt-check does maps it (the one-shot verify's start-up
 * stays as it was) and only the service needs the library installed. Swift looks its functions up with
 * dlsym and calls them through these shims.
 *
 * The request is declared here as libfcgi 2.4 lays out FCGX_Request (fcgiapp.h, unchanged since 2.4.0),
 * so that the build needs no libfcgi headers; where they are installed (libfcgi-dev), the asserts below
 * hold the copy to them at compile time.
 */
#ifndef CFASTCGI_H
#define CFASTCGI_H

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/epoll.h>
#else
#include <sys/event.h>
#endif

typedef struct CFastCGI_Request {
    int requestId;
    int role;
    void *in;
    void *out;
    void *err;
    char **envp;
    void *paramsPtr;
    int ipcFd;
    int isBeginProcessed;
    int keepConnection;
    int appStatus;
    int nWriters;
    int flags;
    int listen_sock;
    int detached;
} CFastCGI_Request;

#if defined(__has_include)
#if __has_include(<fcgiapp.h>)
#include <fcgiapp.h>
_Static_assert(sizeof(CFastCGI_Request) == sizeof(FCGX_Request), "FCGX_Request's size changed");
_Static_assert(offsetof(CFastCGI_Request, in) == offsetof(FCGX_Request, in), "FCGX_Request.in moved");
_Static_assert(offsetof(CFastCGI_Request, out) == offsetof(FCGX_Request, out), "FCGX_Request.out moved");
_Static_assert(offsetof(CFastCGI_Request, envp) == offsetof(FCGX_Request, envp), "FCGX_Request.envp moved");
_Static_assert(offsetof(CFastCGI_Request, ipcFd) == offsetof(FCGX_Request, ipcFd), "FCGX_Request.ipcFd moved");
_Static_assert(offsetof(CFastCGI_Request, keepConnection) == offsetof(FCGX_Request, keepConnection),
               "FCGX_Request.keepConnection moved");
_Static_assert(offsetof(CFastCGI_Request, listen_sock) == offsetof(FCGX_Request, listen_sock),
               "FCGX_Request.listen_sock moved");
#endif
#endif

static inline void *CFastCGI_dlopen(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

static inline int CFastCGI_init(void *function) { return ((int (*)(void))function)(); }

/*
 * The listening socket, made here rather than by FCGX_OpenSocket, which exits the process when bind or
 * listen fails: these return the descriptor, or -errno for the caller to report.
 * A unix socket's path is replaced only when what is there is a socket (a stale one from a previous run).
 */
static inline int CFastCGI_listen_unix(const char *path, int backlog) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address.sun_path) return -ENAMETOOLONG;
    memcpy(address.sun_path, path, length + 1);
    struct stat status;
    if (lstat(path, &status) == 0 && S_ISSOCK(status.st_mode)) unlink(path);
    int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0) return -errno;
    if (bind(sock, (struct sockaddr *)&address, sizeof address) < 0 || listen(sock, backlog) < 0) {
        int error = errno;
        close(sock);
        return -error;
    }
    return sock;
}

static inline int CFastCGI_listen_tcp(const char *ipv4, int port, int backlog) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((unsigned short)port);
    if (port < 1 || port > 65535 || inet_pton(AF_INET, ipv4, &address.sin_addr) != 1) return -EINVAL;
    int sock = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0) return -errno;
    int one = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(sock, (struct sockaddr *)&address, sizeof address) < 0 || listen(sock, backlog) < 0) {
        int error = errno;
        close(sock);
        return -error;
    }
    return sock;
}

static inline const char *CFastCGI_strerror(int error) { return strerror(error); }

static inline const char *CFastCGI_get_param(void *function, const char *name, char **envp) {
    return ((char *(*)(const char *, char **))function)(name, envp);
}

static inline int CFastCGI_get_str(void *function, char *buffer, int count, void *stream) {
    return ((int (*)(char *, int, void *))function)(buffer, count, stream);
}

/* Whether the stream is at its end: seen already, or the next read finds it (a body read to its declared
 * length has not seen the record that ends it yet). 0 when a byte more was there. */
static inline int CFastCGI_at_end(void *hasSeenEOF, void *getStr, void *stream) {
    if (((int (*)(void *))hasSeenEOF)(stream) != 0) return 1;
    char byte;
    return ((int (*)(char *, int, void *))getStr)(&byte, 1, stream) == 0;
}

static inline int CFastCGI_put_str(void *function, const char *buffer, int count, void *stream) {
    return ((int (*)(const char *, int, void *))function)(buffer, count, stream);
}

/*
 * Connections are accepted here, not by FCGX_Accept_r, which also reads the request's parameters: a client
 * that connects and sends nothing would hold whichever thread accepts. The acceptor only accepts; a worker
 * hands the connection to libfcgi with CFastCGI_accept_on.
 */

/* The next connection, close-on-exec and blocking (TCP_NODELAY on TCP, as libfcgi sets it); -errno when
 * accept fails (-EAGAIN: none waits). EINTR and connections aborted before they were taken are retried. */
static inline int CFastCGI_accept_connection(int sock) {
    for (;;) {
        int fd = accept(sock, NULL, NULL);
        if (fd >= 0) {
            fcntl(fd, F_SETFD, FD_CLOEXEC);
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
            int one = 1;
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            return fd;
        }
        if (errno != EINTR && errno != ECONNABORTED && errno != EPROTO) return -errno;
    }
}

/*
 * The acceptor waits in one poller for the listening socket (every wake-up while connections wait) and for
 * the connections the web server keeps open between requests (FCGI_KEEP_CONN), each watched for one
 * wake-up at a time and watched again by the worker that answered it: an idle connection holds no thread.
 * epoll on Linux, kqueue elsewhere. Each returns 0 or a descriptor, or -errno.
 */
static inline int CFastCGI_poller_open(void) {
#if defined(__linux__)
    int poller = epoll_create1(EPOLL_CLOEXEC);
#else
    int poller = kqueue();
    if (poller >= 0) fcntl(poller, F_SETFD, FD_CLOEXEC);
#endif
    return poller >= 0 ? poller : -errno;
}

/* Watches `fd` for reading: every time (`once` 0, the listening socket, made non-blocking) or for the next
 * wake-up only (`once` 1, a connection; `again` 1 when it was watched before). */
static inline int CFastCGI_poller_watch(int poller, int fd, int once, int again) {
    if (!once && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) return -errno;
#if defined(__linux__)
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN | (once ? EPOLLONESHOT | EPOLLRDHUP : 0);
    event.data.fd = fd;
    int status = epoll_ctl(poller, again ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event);
#else
    (void)again;
    struct kevent event;
    EV_SET(&event, fd, EVFILT_READ, EV_ADD | (once ? EV_ONESHOT : 0), 0, 0, NULL);
    int status = kevent(poller, &event, 1, NULL, 0, NULL);
#endif
    return status == 0 ? 0 : -errno;
}

/* Stops watching `fd`, before it is closed. */
static inline void CFastCGI_poller_forget(int poller, int fd) {
#if defined(__linux__)
    struct epoll_event event;
    epoll_ctl(poller, EPOLL_CTL_DEL, fd, &event);
#else
    struct kevent event;
    EV_SET(&event, fd, EVFILT_READ, EV_DELETE, 0, 0, NULL);
    kevent(poller, &event, 1, NULL, 0, NULL);
#endif
}

/* Waits up to `milliseconds` for descriptors ready to read: at most `capacity` of them in `fds`, with
 * `ended[i]` 1 when the peer closed (or the connection was cut). How many, or -errno (EINTR is 0). */
static inline int CFastCGI_poller_wait(int poller, int *fds, int *ended, int capacity, int milliseconds) {
    if (capacity > 64) capacity = 64;
#if defined(__linux__)
    struct epoll_event events[64];
    int count = epoll_wait(poller, events, capacity, milliseconds);
    if (count < 0) return errno == EINTR ? 0 : -errno;
    for (int i = 0; i < count; i++) {
        fds[i] = events[i].data.fd;
        ended[i] = (events[i].events & (EPOLLHUP | EPOLLRDHUP | EPOLLERR)) != 0;
    }
#else
    struct kevent events[64];
    struct timespec timeout = {milliseconds / 1000, (long)(milliseconds % 1000) * 1000000L};
    int count = kevent(poller, NULL, 0, events, capacity, &timeout);
    if (count < 0) return errno == EINTR ? 0 : -errno;
    for (int i = 0; i < count; i++) {
        fds[i] = (int)events[i].ident;
        ended[i] = (events[i].flags & (EV_EOF | EV_ERROR)) != 0;
    }
#endif
    return count;
}

static inline int CFastCGI_is_would_block(int error) { return error == EAGAIN || error == EWOULDBLOCK; }

/* Whether accept's error is the system running short (descriptors, buffers), to wait out, not to stop for. */
static inline int CFastCGI_is_shortage(int error) {
    return error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM;
}

/* Raises the soft limit on open descriptors to the hard one: every connection waiting holds two. */
static inline void CFastCGI_raise_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

static inline int CFastCGI_duplicate(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 0); }

static inline int CFastCGI_close(int fd) { return close(fd); }

/* Ends a connection's exchange at once: a read or write blocked on it returns (its deadline passed). */
static inline int CFastCGI_cut(int fd) { return shutdown(fd, SHUT_RDWR); }

static inline double CFastCGI_now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

/*
 * Reads the request on `fd`, a connection accepted already (libfcgi 2.4's FCGX_Accept_r accepts only while
 * ipcFd < 0). keepConnection is set so that the FCGX_Finish_r it starts with leaves `fd` open, and the
 * listening socket is -1, so that a connection without a valid request makes it fail (libfcgi has closed
 * `fd` then) instead of accepting another. 0, or a negative value on failure.
 */
static inline int CFastCGI_accept_on(void *init, void *accept, CFastCGI_Request *request, int fd) {
    ((int (*)(CFastCGI_Request *, int, int))init)(request, -1, 0);
    request->keepConnection = 1;
    request->ipcFd = fd;
    return ((int (*)(CFastCGI_Request *))accept)(request);
}

/* FCGX_Finish_r on libfcgi's copy of the connection, which is then closed. `keep` 0 ends the connection
 * as libfcgi ends one the web server did not ask to keep (its write side shut, then read to the end, so that
 * nothing unread resets the answer); 1 leaves it open for the web server's next request. */
static inline void CFastCGI_finish(void *finish, CFastCGI_Request *request, int keep) {
    if (!keep) request->keepConnection = 0;
    ((void (*)(CFastCGI_Request *))finish)(request);
    if (request->ipcFd >= 0) {
        close(request->ipcFd);
        request->ipcFd = -1;
    }
}

/* The service's signals: blocked in every thread, taken by the one that waits for them. */
static inline int CFastCGI_block_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    return pthread_sigmask(SIG_BLOCK, &set, NULL);
}

/* The next of those signals; -1 when sigwait fails. */
static inline int CFastCGI_wait_signal(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    int number = 0;
    return sigwait(&set, &number) == 0 ? number : -1;
}

static inline int CFastCGI_is_reload(int number) { return number == SIGHUP; }

/* Sends the process SIGTERM: to the process, not the calling thread, so the thread that waits takes it. */
static inline int CFastCGI_raise_stop(void) { return kill(getpid(), SIGTERM); }

/* Wakes a thread blocked in accept() on the socket (Linux returns EINVAL there), so it stops accepting. */
static inline int CFastCGI_stop_listening(int sock) { return shutdown(sock, SHUT_RDWR); }

/* Runs `body(context)` on a new thread; 0 on success, with its id in *thread. */
static inline int CFastCGI_spawn(pthread_t *thread, void *(*body)(void *), void *context) {
    return pthread_create(thread, NULL, body, context);
}

static inline int CFastCGI_join(pthread_t thread) { return pthread_join(thread, NULL); }

#endif
