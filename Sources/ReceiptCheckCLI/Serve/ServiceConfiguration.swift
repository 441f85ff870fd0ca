import ReceiptKit
import ReceiptStore

/// What every worker reads and none writes: validator, rules, size limit and the digest `GET /health` shows;
/// rebuilt on SIGHUP, keeping the one before when the new one fails.
final class ServiceConfiguration: Sendable {
    let validator: ReceiptValidator
    /// `POST /verify`'s checks: the CLI's own, one input at a time, its verdict as compact JSON.
    let runner: BatchRunner
    let limit: Int
    let digest: String
    /// `POST /notifications`' intake, with `--store`; `GET /customers/ID`'s lookup, with `--customer-token` too.
    let intake: NotificationIntake?
    let customers: CustomersRoute.Access?

    private init(
        validator: ReceiptValidator, runner: BatchRunner, limit: Int, digest: String, intake: NotificationIntake?,
        customers: CustomersRoute.Access?
    ) {
        self.validator = validator
        self.runner = runner
        self.limit = limit
        self.digest = digest
        self.intake = intake
        self.customers = customers
    }

    /// Reads the options and every file they name (certificates, rules, revocation data) now. `store`: the
    /// store `--store` names, opened once for the life of the service (a reload keeps it).
    static func load(_ arguments: ParsedArguments, store: (any NotificationStore)? = nil) throws(SetupError)
        -> ServiceConfiguration
    {
        let rules = try RuleOptionTable.configuration(arguments, bindsToApp: true, read: OptionFiles.read)
        let validator = try ValidatorSetup.validator(arguments)
        let limit: Int
        do {
            limit = try ValidationOptionTable.sizeLimit(arguments)
        } catch {
            throw .usage(error)
        }
        var settings = BatchOptionTable.Settings()
        settings.format = .ndjson
        settings.given.set(BatchOptionTable.quiet.spec)
        let runner = BatchRunner(
            validator: validator, settings: settings, limit: limit, detailed: false, rules: rules,
            enforcesRequirements: true, status: { ExitStatus($0) })
        var intake: NotificationIntake?
        var customers: CustomersRoute.Access?
        if let store {
            do throws(StoreError) {
                intake = try NotificationIntake(validator: validator, store: store)
            } catch {
                throw .usage(UsageError("--store: \(error.message)"))
            }
            if let token = try StoreOptionTable.token(arguments) {
                customers = CustomersRoute.Access(
                    lookup: CustomerLookup(validator: validator, store: store, rules: rules), token: token,
                    runner: runner)
            }
        } else if arguments[StoreOptionTable.customerToken] != nil {
            throw .usage(UsageError("--customer-token reads customers from a store: give --store"))
        }
        return ServiceConfiguration(
            validator: validator, runner: runner, limit: limit, digest: digest(of: arguments), intake: intake,
            customers: customers)
    }

    /// The options whose values name files: their bytes are part of the configuration.
    private static let fileOptions = [
        ValidationOptionTable.root.name, ValidationOptionTable.storeKitTestCert.name, ValidationOptionTable.crl.name,
        ValidationOptionTable.ocspResponse.name, RuleOptionTable.rules.name, RuleOptionTable.facts.name,
        StoreOptionTable.customerToken.name,
    ]

    /// FNV-1a (64 bits) over the options as given and the bytes of each file an option names: which
    /// configuration answers, told apart at a glance; an identity, not a security check.
    static func digest(of arguments: ParsedArguments) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        for (name, values) in arguments.givenValues {
            for value in values {
                mix("--\(name)=\(value)\n".utf8)
                if fileOptions.contains(name),
                    let bytes = try? InputFile.contents(of: value, limit: OptionFiles.sizeLimit * 64)
                {
                    mix(bytes)
                }
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
