import ReceiptFastCGI
import ReceiptKit
import ReceiptStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `receipt-check serve`: a long-running FastCGI responder for nginx's `fastcgi_pass`, over libfcgi.
enum ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        summary: """
            Answer verifyReceipt and verify requests as a long-running FastCGI responder (libfcgi) behind a web \
            server: POST /verifyReceipt (as verify --cgi), POST /verify (the verdict as JSON), GET /health; with \
            --store, POST /notifications (App Store Server Notifications kept before 200 is answered) and, with \
            --customer-token, GET /customers/ID. \
            SIGTERM finishes the requests accepted and exits 0; SIGHUP reloads the files the options name.
            """,
        operands: "", minimumOperands: 0,
        options: ServeOptionTable.options + [StoreOptionTable.store.spec, StoreOptionTable.customerToken.spec]
            + ValidationOptionTable.options.filter { option in
                option.name != ValidationOptionTable.format.name && option.name != ValidationOptionTable.json.name
            })

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        let settings: ServeOptionTable.Settings
        let configuration: ServiceConfiguration
        let store: (any NotificationStore)?
        do {
            guard arguments.operands.isEmpty else { throw UsageError("serve takes no INPUT operands") }
            if let environment = try arguments.value(ValidationOptionTable.environment),
                environment != .production, environment != .sandbox
            {
                throw UsageError(
                    "serve answers /verifyReceipt as Apple's production or sandbox endpoint; "
                        + "--environment \(arguments.text(of: ValidationOptionTable.environment.spec) ?? "") is neither"
                )
            }
            // With a store a worker mostly waits for the disk, holding no core: more of them share each sync.
            settings = try ServeOptionTable.settings(
                arguments, cores: arguments[StoreOptionTable.store] == nil ? cores : max(cores, 32))
            store = try StoreOptionTable.open(arguments, create: true)
            configuration = try ServiceConfiguration.load(arguments, store: store)
        } catch {
            return fail(error, console)
        }
        // Before any thread: every thread started afterwards inherits the mask, and only the waiting one takes them.
        guard ServiceSignals.block() else {
            console.error("cannot block the service's signals")
            return .internalError
        }
        let listener: FastCGIListener
        do {
            let library = try FastCGILibrary.load()
            // Connections wait in the kernel's backlog only until the acceptor takes them (and answers 503 when the
            // queue is full): a short backlog would refuse them instead, which nginx answers 502.
            listener = try FastCGIListener(
                library, address: settings.address, backlog: max(4096, settings.queue),
                timeLimit: Double(settings.timeoutMilliseconds) / 1000)
        } catch {
            console.error(error.message)
            return .cantCreate
        }
        let service = Service(settings: settings, configuration: configuration, listener: listener)
        return service.run { () throws(SetupError) in try ServiceConfiguration.load(arguments, store: store) }
    }

    /// The processors online: the default number of workers.
    private static var cores: Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
