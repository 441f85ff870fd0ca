import ReceiptKit
import ReceiptStore

/// `customer ID --store URL`: one customer's entitlements from the stored notifications, as `verify --combine`.
enum CustomerCommand: Command {
    static let spec = CommandSpec(
        name: "customer",
        summary: """
            Decide one customer's entitlements from the notification store (--store): every notification kept \
            for the original transaction id or app account token ID is verified again and decided as one, as \
            verify --combine decides; the report's inputs name the notifications that decided. Exit statuses \
            as verify's; 67 when the store holds nothing of ID.
            """,
        operands: "ID", minimumOperands: 1,
        options: [StoreOptionTable.store.spec] + ValidationOptionTable.options)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        let runner: BatchRunner
        let lookup: CustomerLookup
        let id: String
        do {
            guard arguments.operands.count == 1, let given = arguments.operands.first else {
                throw UsageError("customer takes one ID: an original transaction id or an app account token")
            }
            guard CustomerID.isValid(given) else {
                throw UsageError("'\(given)' is no customer: an original transaction id or an app account token")
            }
            id = given
            let rules = try RuleOptionTable.configuration(arguments, bindsToApp: true, read: OptionFiles.read)
            let settings = try BatchOptionTable.settings(arguments, command: spec)
            guard !settings.format.printer.answersPerInput else {
                throw UsageError("customer makes one decision; --format verifyreceipt answers per receipt")
            }
            let validator = try ValidatorSetup.validator(arguments)
            guard validator.options.bundleID != nil else {
                throw UsageError("customer decides for one app: give --bundle-id")
            }
            guard let store = try StoreOptionTable.open(arguments, create: false) else {
                throw UsageError("customer reads the notification store: give --store URL")
            }
            let limit = try ValidationOptionTable.sizeLimit(arguments)
            runner = BatchRunner(
                validator: validator, settings: settings, limit: limit, detailed: false, rules: rules,
                enforcesRequirements: true, status: { ExitStatus($0) })
            lookup = CustomerLookup(validator: validator, store: store, rules: rules)
        } catch {
            return fail(error, console)
        }
        let answer: CustomerLookup.Answer?
        do throws(StoreError) {
            answer = try lookup.answer(for: id)
        } catch {
            console.error(error.message)
            return .unavailable
        }
        guard let answer else {
            console.error("the store holds no notification of \(id)")
            return .notFound
        }
        return runner.print(large: answer.verdict, console: console)
    }
}
