import ReceiptFastCGI
import ReceiptSystem
import Synchronization

/// `receipt-check serve` running: one thread accepts requests into a bounded queue (answering 503 when it is
/// full), `workers` threads answer them with the current configuration, and the calling thread waits for
/// signals: SIGHUP reloads the configuration, SIGTERM or SIGINT stops accepting, lets the workers finish
/// every request accepted, and returns.
final class Service: Sendable {
    struct Job: Sendable {
        let request: FastCGIRequest
        /// When it was accepted (`MonotonicClock.seconds()`): its time limit runs from here.
        let accepted: Double
    }

    let settings: ServeOptionTable.Settings
    private let listener: FastCGIListener
    private let queue: RequestQueue<Job>
    private let log = AccessLog()
    private let current: Mutex<ServiceConfiguration>
    private let acceptFailed = Atomic(false)

    init(settings: ServeOptionTable.Settings, configuration: ServiceConfiguration, listener: FastCGIListener) {
        self.settings = settings
        self.listener = listener
        self.queue = RequestQueue(capacity: settings.queue)
        self.current = Mutex(configuration)
    }

    /// Runs until a stop signal; `reload` builds the configuration anew from the same options.
    func run(reload: () throws(SetupError) -> ServiceConfiguration) -> ExitStatus {
        let threads = ServiceThreads()
        var started = 0
        for _ in 0..<settings.workers where threads.start({ [self] in work() }) {
            started += 1
        }
        guard started == settings.workers, threads.start({ [self] in acceptRequests() }) else {
            log.note("cannot start \(settings.workers) worker threads and the acceptor")
            stop(threads)
            return .internalError
        }
        let digest = current.withLock { $0.digest }
        log.note("listening on \(settings.address): \(settings.workers) workers, configuration \(digest)")
        while ServiceSignals.next() == .reload {
            reloadConfiguration(reload)
        }
        log.note("stopping: finishing the requests accepted")
        stop(threads)
        log.note("stopped")
        return acceptFailed.load(ordering: .acquiring) ? .ioError : .valid
    }

    private func stop(_ threads: ServiceThreads) {
        listener.stop()
        queue.close(workers: settings.workers)
        threads.join()
    }

    private func reloadConfiguration(_ reload: () throws(SetupError) -> ServiceConfiguration) {
        let old = current.withLock { $0.digest }
        do {
            let configuration = try reload()
            current.withLock { $0 = configuration }
            log.note("reloaded: configuration \(configuration.digest) replaces \(old)")
        } catch {
            log.note("reload refused, configuration \(old) kept: \(ErrorReport(error).message)")
        }
    }

    private func acceptRequests() {
        while let request = listener.accept() {
            let job = Job(request: request, accepted: MonotonicClock.seconds())
            if listener.isStopped {
                refuse(job, "the service is stopping")
            } else if !queue.push(job) {
                refuse(job, "saturated: \(settings.queue) requests already wait for a worker")
            }
        }
        guard !listener.isStopped else { return }
        acceptFailed.store(true, ordering: .releasing)
        log.note("accepting requests failed: stopping")
        ServiceSignals.raiseStop()
    }

    /// 503 at once, the body read and dropped first so that the web server sees an answer, not a reset.
    private func refuse(_ job: Job, _ why: String) {
        let limit = current.withLock { $0.limit }
        _ = job.request.readBody(upTo: limit + 1)
        respond(job, ServiceRouter.unavailable(path: Self.path(of: job.request), why))
    }

    private func work() {
        while let job = queue.pop() {
            let configuration = current.withLock { $0 }
            let request = job.request
            let limitMs = settings.timeoutMilliseconds
            guard Self.isWithinTimeLimit(since: job.accepted, limitMilliseconds: limitMs) else {
                refuse(job, "waited for a worker past --request-timeout \(limitMs)")
                continue
            }
            let router = ServiceRouter(
                configuration: configuration, workers: settings.workers, isStopping: listener.isStopped)
            var answer = router.answer(
                ServiceRouter.Request(
                    method: request.parameter("REQUEST_METHOD"), path: Self.path(of: request),
                    contentLength: request.parameter("CONTENT_LENGTH"),
                    readBody: { request.readBody(upTo: $0) ?? [] },
                    authorization: request.parameter("HTTP_AUTHORIZATION")))
            if !Self.isWithinTimeLimit(since: job.accepted, limitMilliseconds: limitMs) {
                // Late is refused, not sent: the client's own deadline is what the limit stands for.
                answer = ServiceRouter.unavailable(
                    path: Self.path(of: request), "answered past --request-timeout \(limitMs): withheld")
            }
            respond(job, answer)
        }
    }

    private func respond(_ job: Job, _ answer: HTTPAnswer) {
        let request = job.request
        // Read before finish, which frees the parameters.
        let method = request.parameter("REQUEST_METHOD")
        let route = Self.path(of: request)
        _ = request.write(Array(answer.text.utf8))
        request.finish()
        let microseconds = Int(((MonotonicClock.seconds() - job.accepted) * 1_000_000).rounded())
        log.record(
            AccessLog.Entry(
                method: method, route: route, status: answer.code,
                reason: answer.reason, problem: answer.problem, microseconds: microseconds))
    }

    /// Whether a request accepted at `since` (`MonotonicClock.seconds()`) is still within its time limit.
    static func isWithinTimeLimit(since: Double, now: Double = MonotonicClock.seconds(), limitMilliseconds: Int)
        -> Bool
    {
        (now - since) * 1000 <= Double(limitMilliseconds)
    }

    /// The request's path without its query: nginx's `DOCUMENT_URI`, else `REQUEST_URI` cut at `?`.
    static func path(of request: FastCGIRequest) -> String? {
        if let path = request.parameter("DOCUMENT_URI") { return path }
        return request.parameter("REQUEST_URI").map { uri in
            uri.firstIndex(of: "?").map { String(uri[..<$0]) } ?? uri
        }
    }
}
