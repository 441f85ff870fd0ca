import ReceiptFastCGI
import ReceiptSystem
import Synchronization

/// `serve` running: an acceptor queues connections for `workers` threads (refusers answer 503 when the queue is
/// full); the calling thread waits for signals: SIGHUP reloads, SIGTERM or SIGINT drains and returns.
final class Service: Sendable {
    struct Job: Sendable {
        let connection: FastCGIConnection
        /// When it was accepted (`MonotonicClock.seconds()`): its time limit runs from here.
        let accepted: Double
        /// Why it is refused, for a job of the refusers.
        var refusal: String?
    }

    /// Threads that answer 503 for the acceptor, so that it never waits on a client.
    static let refusers = 2
    /// How long a refusal waits for the client's request and body, at most: nginx sends both at once.
    static let refusalSeconds = 0.5

    let settings: ServeOptionTable.Settings
    private let listener: FastCGIListener
    private let queue: RequestQueue<Job>
    private let refusals: RequestQueue<Job>
    private let log = AccessLog()
    private let current: Mutex<ServiceConfiguration>
    private let acceptFailed = Atomic(false)

    init(settings: ServeOptionTable.Settings, configuration: ServiceConfiguration, listener: FastCGIListener) {
        self.settings = settings
        self.listener = listener
        self.queue = RequestQueue(capacity: settings.queue)
        self.refusals = RequestQueue(capacity: max(256, settings.queue))
        self.current = Mutex(configuration)
    }

    /// Runs until a stop signal; `reload` builds the configuration anew from the same options.
    func run(reload: () throws(SetupError) -> ServiceConfiguration) -> ExitStatus {
        let threads = ServiceThreads()
        let watcher = ServiceThreads()
        var started = 0
        for _ in 0..<settings.workers where threads.start({ [self] in work() }) {
            started += 1
        }
        for _ in 0..<Self.refusers where threads.start({ [self] in refuseRequests() }) {
            started += 1
        }
        guard started == settings.workers + Self.refusers, watcher.start({ [self] in listener.watchDeadlines() }),
            threads.start({ [self] in acceptRequests() })
        else {
            log.note("cannot start \(settings.workers) worker threads, the refusers and the acceptor")
            stop(threads, watcher)
            return .internalError
        }
        let digest = current.withLock { $0.digest }
        log.note("listening on \(settings.address): \(settings.workers) workers, configuration \(digest)")
        while ServiceSignals.next() == .reload {
            reloadConfiguration(reload)
        }
        log.note("stopping: finishing the requests accepted")
        stop(threads, watcher)
        log.note("stopped")
        return acceptFailed.load(ordering: .acquiring) ? .ioError : .valid
    }

    private func stop(_ threads: ServiceThreads, _ watcher: ServiceThreads) {
        listener.stop()
        queue.close(workers: settings.workers)
        refusals.close(workers: Self.refusers)
        threads.join()
        listener.stopWatching()
        watcher.join()
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
        while let connections = listener.next() {
            for connection in connections {
                var job = Job(connection: connection, accepted: MonotonicClock.seconds())
                if listener.isStopped {
                    job.refusal = "the service is stopping"
                } else if !queue.push(job) {
                    job.refusal = "saturated: \(settings.queue) requests already wait for a worker"
                }
                guard job.refusal != nil else { continue }
                if !refusals.push(job, waitingUpTo: Self.refusalSeconds) {
                    // Closed unanswered (nginx answers 502): the refusers' queue stayed full for as long as one
                    // refusal may take, so they are held by clients that stall.
                    log.note("closed a connection unanswered: the queue and the refusals' queue are full")
                }
            }
        }
        guard !listener.isStopped else { return }
        acceptFailed.store(true, ordering: .releasing)
        log.note("accepting requests failed: stopping")
        ServiceSignals.raiseStop()
    }

    private func refuseRequests() {
        while let job = refusals.pop() {
            // From here, not from the queue: the time a refuser may spend on one client.
            job.connection.limit(toSeconds: min(Self.refusalSeconds, Double(settings.timeoutMilliseconds) / 1000))
            guard let request = read(job) else { continue }
            refuse(job, request, job.refusal ?? "refused")
        }
    }

    /// The job's request, its parameters read within its deadline; nil (logged) when none came in time.
    private func read(_ job: Job) -> FastCGIRequest? {
        guard let request = job.connection.request() else {
            log.record(
                AccessLog.Entry(
                    method: nil, route: nil, status: 408, reason: nil,
                    problem: "no FastCGI request before the deadline: closed unanswered",
                    microseconds: Self.microseconds(since: job.accepted)))
            return nil
        }
        return request
    }

    /// 503, the body read (within its deadline) and dropped first, so the web server sees an answer, not a reset.
    private func refuse(_ job: Job, _ request: FastCGIRequest, _ why: String) {
        let limit = current.withLock { $0.limit }
        _ = request.readBody(upTo: limit + 1)
        respond(job, request, ServiceRouter.unavailable(path: Self.path(of: request), why), keep: true)
    }

    private func work() {
        while let job = queue.pop() {
            guard let request = read(job) else { continue }
            let configuration = current.withLock { $0 }
            let limitMs = settings.timeoutMilliseconds
            guard Self.isWithinTimeLimit(since: job.accepted, limitMilliseconds: limitMs) else {
                refuse(job, request, "waited for a worker past --request-timeout \(limitMs)")
                continue
            }
            let router = ServiceRouter(
                configuration: configuration, workers: settings.workers, isStopping: listener.isStopped,
                logLinesLost: log.linesLost)
            var answer = router.answer(
                ServiceRouter.request(
                    parameter: { request.parameter($0) }, readBody: { request.readBody(upTo: $0) ?? [] }))
            if !Self.isWithinTimeLimit(since: job.accepted, limitMilliseconds: limitMs) {
                // Late is refused, not sent: the client's own deadline is what the limit stands for.
                answer = ServiceRouter.unavailable(
                    path: Self.path(of: request), "answered past --request-timeout \(limitMs): withheld")
            }
            respond(job, request, answer, keep: true)
        }
    }

    /// Writes the answer and ends the request; with `keep` the connection goes back to the listener, a refusal's
    /// too: closing one nginx may be sending its next request on would fail that request (502), not refuse it.
    private func respond(_ job: Job, _ request: FastCGIRequest, _ answer: HTTPAnswer, keep: Bool) {
        // Read before finish, which frees the parameters.
        let method = request.parameter("REQUEST_METHOD")
        let route = Self.path(of: request)
        let written = request.write(answer.bytes)
        if request.finish(keepingConnection: keep && written && !listener.isStopped) {
            listener.keep(job.connection)
        }
        log.record(
            AccessLog.Entry(
                method: method, route: route, status: answer.code,
                reason: answer.reason, problem: answer.problem, microseconds: Self.microseconds(since: job.accepted)))
    }

    private static func microseconds(since accepted: Double) -> Int {
        Int(((MonotonicClock.seconds() - accepted) * 1_000_000).rounded())
    }

    /// Whether a request accepted at `since` (`MonotonicClock.seconds()`) is still within its time limit.
    static func isWithinTimeLimit(since: Double, now: Double = MonotonicClock.seconds(), limitMilliseconds: Int)
        -> Bool
    {
        (now - since) * 1000 <= Double(limitMilliseconds)
    }

    static func path(of request: FastCGIRequest) -> String? {
        ServiceRouter.path { request.parameter($0) }
    }
}
