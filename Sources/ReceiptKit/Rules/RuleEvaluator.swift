#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Evaluates conditions against the facts of one input at one time, saying why each holds or not. A
/// value the input lacks is unknown, and stays unknown through `not` (Kleene's logic): unknown grants nothing.
struct RuleEvaluator {
    struct Outcome {
        /// nil when the condition reads a value the receipt lacks.
        let value: Bool?
        let reasons: [String]
        /// What decided it, for a program (`reason_code`): an unknown outcome always names its cause.
        let code: DecisionReason

        var satisfied: Bool { value == true }

        /// Neither held nor failed: the condition reads what the input (or the app) does not say.
        static func unknown(_ reason: String, code: DecisionReason) -> Outcome {
            Outcome(value: nil, reasons: [reason], code: code)
        }

        /// Failed, for the cause `code` names.
        static func denied(_ reason: String, code: DecisionReason) -> Outcome {
            Outcome(value: false, reasons: [reason], code: code)
        }
    }

    /// Narrowed to some transactions inside an `and` that names their ownership (`ownershipScoped`).
    var facts: EntitlementFacts
    let time: Date
    let platform: Platform?
    /// The required environment when it is a test one: only then is a test input's original version read.
    var testEnvironment: ReceiptEnvironment?
    /// Past this age of the input at `time`, purchases and subscriptions are unknown; nil for no limit.
    var maximumAge: PurchaseTerm?
    /// What the app says of its user (its app facts), read by fact comparisons.
    var appFacts = AppFacts()
    /// How the reasons name the settings that would decide what the input cannot.
    var wording: any SettingWording = APISettingWording()
    /// Outcomes of the entitlements decided so far (nil: unknown), read by `entitled NAME`.
    var decided: [String: Bool?] = [:]

    func evaluate(_ condition: RuleCondition) -> Outcome {
        switch condition {
        case .compareVersion(let field, let op, let text):
            if field == .originalApplicationVersion, let disagreement = platformDisagreement(field) {
                return disagreement
            }
            return version(field, op, text)
        case .compareVersionPerPlatform(let field, let op, let thresholds):
            guard let platform = versionPlatform else {
                return .unknown(
                    "\(field.label): the rule has a threshold per platform, and neither the input (originalPlatform) nor \(wording.words(for: .name(.platform))) says which: rule not satisfied",
                    code: .platformUnknown)
            }
            guard let text = thresholds[platform] else {
                return .unknown(
                    "\(field.label): the rule has no threshold for \(platform.rawValue): rule not satisfied",
                    code: .platformUnknown)
            }
            return version(field, op, text)
        case .compareDate(let field, let op, let date):
            let value: Date
            switch fieldValue(field) {
            case .success(.date(let read)): value = read
            case .failure(let unknown): return unknown.outcome
            case .success: return missing(field)
            }
            let order = value < date ? -1 : (value == date ? 0 : 1)
            return compared(field.label, show(value), op, show(date), holds: op.holds(order))
        case .compareEnvironment(let op, let environment):
            let order = facts.environment == environment ? 0 : 1
            return compared(
                RuleField.environment.label, facts.environment.rawValue, op, environment.rawValue,
                holds: op.holds(order))
        case .compareString(let field, let op, let text):
            if field == .ownership { return ownership(op, text) }
            if field == .appAccountToken || field == .sku || field == .commitmentBillingPeriod {
                return everyTransaction(condition, field)
            }
            let value: String
            switch fieldValue(field) {
            case .success(.string(let read)): value = read
            case .failure(let unknown): return unknown.outcome
            case .success: return missing(field)
            }
            return compared(
                field.label, "\"\(value)\"", op, "\"\(text)\"", holds: op.holds(value.isIdentical(to: text) ? 0 : 1))
        case .product(let product):
            return purchase(of: product, term: nil)
        case .productForTerm(let product, let term):
            return purchase(of: product, term: term)
        case .subscriptionActive(let product):
            return subscription(product)
        case .subscriptionInGrace(let product):
            if let stale = staleness(of: facts.snapshotDate, in: facts.noun) {
                return .unknown(
                    "\(stale): the billing state of \"\(product)\" since is invisible: unknown", code: .tooOldForMaxAge)
            }
            let status = SubscriptionStatus.status(of: product, in: facts.purchases, at: time, reminderDays: 0)
            if let grace = grace(product, status) { return grace }
            if let unknown = staleRenewal(product, status) { return unknown }
            return .denied(
                "subscription \"\(product)\" is not in a billing grace period at \(show(time))", code: .notInGracePeriod
            )
        case .subscriptionGroupActive(let group):
            return subscriptionGroup(group)
        case .entitled(let name):
            return entitlement(name)
        case .compareFact(let name, let op, let value):
            return fact(name, op, value)
        case .compareOperands(let left, let op, let right):
            return compare(left, op, right, condition)
        case .constant(let holds):
            return Outcome(satisfied: holds, reasons: [holds ? "always holds" : "never holds"])
        case .not(let inner):
            let outcome = evaluate(inner)
            // A negation denies by what held inside it, which is no cause of its own: a condition not met.
            let code: DecisionReason =
                switch outcome.value {
                case true: .conditionNotMet
                case false: .ruleSatisfied
                case nil: outcome.code
                }
            return Outcome(value: outcome.value.map { !$0 }, reasons: outcome.reasons.map { "not: " + $0 }, code: code)
        case .and(let operands):
            if let scoped = ownershipScoped(operands) { return scoped }
            var reasons: [String] = []
            var unknown: [String] = []
            var unknownCode = DecisionReason.ruleSatisfied
            for operand in operands {
                let outcome = evaluate(operand)
                switch outcome.value {
                case false: return outcome
                case nil:
                    if unknown.isEmpty { unknownCode = outcome.code }
                    unknown += outcome.reasons
                case true: reasons += outcome.reasons
                }
            }
            return unknown.isEmpty
                ? Outcome(value: true, reasons: reasons, code: .ruleSatisfied)
                : Outcome(value: nil, reasons: unknown, code: unknownCode)
        case .or(let operands):
            var reasons: [String] = []
            var codes: [(value: Bool?, code: DecisionReason)] = []
            for operand in operands {
                let outcome = evaluate(operand)
                if outcome.value == true { return outcome }
                codes.append((outcome.value, outcome.code))
                reasons += outcome.reasons
            }
            return Self.either(codes, reasons: reasons)
        }
    }

    /// The platform of the original application version: the input's `originalPlatform`, else the configured one.
    private var versionPlatform: Platform? {
        facts.originalPlatform.flatMap(Platform.init(originalPlatform:)) ?? platform
    }

    /// Unknown when the input's platform is not the run's: one plain threshold means one kind of version.
    private func platformDisagreement(_ field: RuleField) -> Outcome? {
        guard let platform, let original = facts.originalPlatform,
            let meaning = Platform(originalPlatform: original), meaning != platform
        else { return nil }
        return .unknown(
            "\(field.label): \(wording.words(for: .name(.platform))) \(platform.rawValue) disagrees with the input's originalPlatform \(original), whose version is \(meaning.versionMeaning): a plain threshold is unknown, rule not satisfied (give one per platform, such as < ios:42 macos:2.0)",
            code: .platformUnknown)
    }

    private func version(_ field: RuleField, _ op: ComparisonOperator, _ text: String) -> Outcome {
        let raw = field == .originalApplicationVersion ? facts.originalApplicationVersion : facts.applicationVersion
        guard let raw else { return missing(field) }
        if field == .originalApplicationVersion, let revoked = revokedApp() { return revoked }
        if field == .originalApplicationVersion, facts.environment == .sandbox || facts.environment == .xcode,
            testEnvironment != facts.environment
        {
            return .unknown(
                "\(field.label) \"\(raw)\" comes from a \(facts.environment.rawValue) \(facts.source.rawValue), which never carries a customer's first version (sandbox and TestFlight say 1.0): unknown, rule not satisfied (\(wording.words(for: .change(.environment, to: facts.environment.rawValue))))",
                code: .testEnvironmentVersion)
        }
        guard let value = AppVersion(raw), let threshold = AppVersion(text) else {
            return .unknown(
                "\(field.label) \"\(raw)\" in \(facts.noun) is not a version: rule not satisfied", code: .notComparable)
        }
        var notes: [String] = []
        if field == .originalApplicationVersion {
            if let original = facts.originalPlatform, let meaning = Platform(originalPlatform: original) {
                notes.append("\(meaning.versionMeaning): first bought on \(original)")
            } else if let platform {
                notes.append(platform == .ios ? "the iOS build number" : "the macOS marketing version")
            }
            if facts.environment == .sandbox {
                notes.append("sandbox \(facts.source.rawValue): \(raw) is not the real original version")
            }
        }
        let note = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
        return compared(field.label, raw, op, text + note, holds: op.holds(value.compare(threshold)))
    }

    /// Unknown when the app purchase was refunded by the evaluation time: it grants nothing.
    func revokedApp() -> Outcome? {
        guard let revoked = facts.appRevocationDate, revoked <= time else { return nil }
        return .unknown(
            "the app purchase was refunded at \(show(revoked)) (the AppTransaction's revocationDate): nothing is granted from it",
            code: .appRefunded)
    }

    /// A comparison's outcome, worded alike for fields, facts and both: `fact free_reads 3 is not > 5`.
    func compared(_ label: String, _ value: String, _ op: ComparisonOperator, _ target: String, holds: Bool) -> Outcome
    {
        Outcome(
            satisfied: holds,
            reasons: [
                holds
                    ? "\(label) \(value) \(op.rawValue) \(target)"
                    : "\(label) \(value) is not \(op.rawValue) \(target)"
            ])
    }

    func missing(_ field: RuleField) -> Outcome {
        var note = facts.source == .receipt ? " (\(field.absenceNote))" : ""
        if field == .originalApplicationVersion, facts.source == .receipt, facts.environment == .production {
            note =
                " (a production receipt from before mid-2013 lacks field 19: refreshing the receipt on the device, SKReceiptRefreshRequest, brings it)"
        }
        return .unknown("no \(field.label) in \(facts.noun)\(note): rule not satisfied", code: .fieldMissing)
    }

    /// Satisfied when the subscription has lapsed and a renewal info puts it in the billing grace period.
    private func grace(_ product: String, _ status: SubscriptionStatus) -> Outcome? {
        guard status.state == .expired,
            let until = facts.renewals.filter({
                String.identical($0.productID, product) && !isStale($0.snapshotDate)
            })
            .compactMap(\.gracePeriodExpires).max(),
            time < until
        else { return nil }
        return Outcome(
            satisfied: true,
            reasons: [
                "subscription \"\(product)\" lapsed but is in its billing grace period until \(show(until)) at \(show(time)): Apple says to provide full service during it"
            ], code: .inGracePeriod)
    }

    private func subscriptionGroup(_ group: String) -> Outcome {
        var seen = Set<[UInt8]>()
        let products = facts.purchases.filter { String.identical($0.subscriptionGroupID, group) }
            .compactMap(\.productID).filter { seen.insert(Array($0.utf8)).inserted }
        guard !products.isEmpty else {
            return .denied("no subscription of group \"\(group)\" in \(facts.noun)", code: .notPurchased)
        }
        var reasons: [String] = []
        var codes: [(value: Bool?, code: DecisionReason)] = []
        for product in products {
            let outcome = subscription(product)
            if outcome.satisfied {
                return Outcome(satisfied: true, reasons: outcome.reasons.map { "group \"\(group)\": " + $0 })
            }
            codes.append((outcome.value, outcome.code))
            reasons += outcome.reasons
        }
        return Self.either(codes, reasons: reasons)
    }

    /// An `or` none of whose operands holds: unknown when one is, else denied for the first one's cause.
    static func either(_ codes: [(value: Bool?, code: DecisionReason)], reasons: [String]) -> Outcome {
        if let unknown = codes.first(where: { $0.value == nil }) {
            return Outcome(value: nil, reasons: reasons, code: unknown.code)
        }
        return Outcome(value: false, reasons: reasons, code: codes.first?.code ?? .conditionNotMet)
    }

    /// Why a copy dated `snapshot` is too old to say what holds at `time`, or nil; each copy has its own age.
    func staleness(of snapshot: Date?, in noun: String) -> String? {
        guard let maximumAge, isStale(snapshot) else { return nil }
        guard let snapshot else {
            return
                "\(noun) has no signed or creation date to tell how old it is (\(wording.words(for: .value(.maxAge, "\(maximumAge)"))))"
        }
        let days = Int(time.timeIntervalSince(snapshot) / 86_400)
        // An old input is judged on purpose at its own time, or with no age limit: the message says how.
        let judging =
            "\(wording.words(for: .change(.ruleTime))) to judge it at another time, or \(wording.words(for: .change(.maxAge))) to turn the age check off"
        return
            "\(noun) is \(days) days old at \(show(time)) (signed or created \(show(snapshot)), \(wording.words(for: .value(.maxAge, "\(maximumAge)"))); \(judging))"
    }

    /// Whether a copy dated `snapshot` is too old (no date is: fail closed).
    func isStale(_ snapshot: Date?) -> Bool {
        guard let maximumAge else { return false }
        // An end that cannot be computed is past: never "no limit".
        guard let snapshot, let limit = maximumAge.end(from: snapshot) else { return true }
        return time > limit
    }

    /// The purchases of `product`, each with the date of the copy it comes from.
    private func copies(of product: String) -> [(purchase: PurchaseFacts, snapshot: Date?)] {
        facts.purchases.indices.filter { String.identical(facts.purchases[$0].productID, product) }
            .map { (facts.purchases[$0], facts.snapshot(ofPurchaseAt: $0)) }
    }

    /// The freshest word on `product`: its newest copy's date, or the whole input's when none speaks of it.
    private func newest(_ copies: [(purchase: PurchaseFacts, snapshot: Date?)]) -> (date: Date?, noun: String) {
        guard !copies.isEmpty, !facts.purchaseSnapshots.isEmpty else { return (facts.snapshotDate, facts.noun) }
        let product = copies[0].purchase.productID ?? ""
        return (copies.compactMap(\.snapshot).max(), "the newest copy of a purchase of \"\(product)\"")
    }

    private func purchase(of product: String, term: PurchaseTerm?) -> Outcome {
        let copies = copies(of: product)
        let newest = newest(copies)
        if let stale = staleness(of: newest.date, in: newest.noun) {
            return .unknown(
                "\(stale): a purchase or refund of \"\(product)\" since is invisible: unknown", code: .tooOldForMaxAge)
        }
        let purchases = copies.map(\.purchase)
        guard !purchases.isEmpty else {
            return .denied("no purchase of \"\(product)\" in \(facts.noun)", code: .notPurchased)
        }
        // A purchase says nothing of the time after it for these kinds: refuse to guess.
        if term == nil, purchases.contains(where: { $0.kind == .autoRenewable }) {
            return .unknown(
                "\"\(product)\" is an auto-renewable subscription, which product would hold after it expired: use subscription \"\(product)\" active (rule not satisfied)",
                code: .wrongProductKind)
        }
        if purchases.contains(where: { $0.kind == .consumable }) {
            return .unknown(
                "\"\(product)\" is a consumable, which the App Store lists only until the app finishes the transaction: product cannot say it is still owed (rule not satisfied)",
                code: .wrongProductKind)
        }
        let madeCopies = copies.filter { copy in
            copy.purchase.purchaseDate.map {
                $0 <= time.addingTimeInterval(SubscriptionStatus.Period.allowedClockSkew)
            } ?? true
        }
        let made = madeCopies.map(\.purchase)
        guard !made.isEmpty else {
            let dates = purchases.compactMap(\.purchaseDate).map(show).joined(separator: ", ")
            return .denied("\"\(product)\" was purchased on \(dates), after \(show(time))", code: .notStarted)
        }
        let keptCopies = madeCopies.filter { copy in copy.purchase.cancellationDate.map { $0 > time } ?? true }
        // Only a copy within the age limit grants: an old one's refund since would be invisible.
        let kept = keptCopies.filter { !isStale($0.snapshot) }.map(\.purchase)
        if kept.isEmpty, let old = keptCopies.first {
            let noun = "the copy of transaction \(old.purchase.transactionID ?? "(no transactionId)")"
            let stale = staleness(of: old.snapshot, in: noun) ?? noun
            return .unknown("\(stale): a refund of \"\(product)\" since is invisible: unknown", code: .tooOldForMaxAge)
        }
        guard !kept.isEmpty else {
            let dates = made.compactMap(\.cancellationDate).map(show).joined(separator: ", ")
            return .denied(
                "every purchase of \"\(product)\" was \(Self.revoked(made.last?.revocationType, made.last?.revocationPercentage)) (cancelled \(dates))",
                code: made.last?.revocationType?.known == .familyRevoke ? .revoked : .refunded)
        }
        if let term {
            let ends = kept.compactMap { purchase in purchase.purchaseDate.flatMap(term.end(from:)) }
            guard let end = ends.filter({ $0 > time }).max() else {
                let last = ends.max().map(show) ?? "?"
                return .denied(
                    "the \(term) term of \"\(product)\" ended at \(last), before \(show(time))", code: .expired)
            }
            return Outcome(
                satisfied: true, reasons: ["purchase of \"\(product)\" held for \(term), until \(show(end))"])
        }
        let held = kept[0]
        var reason = "purchase of \"\(product)\""
        if let date = held.purchaseDate { reason += " on \(show(date))" }
        if let id = held.transactionID { reason += " (transaction \(id))" }
        if held.kind == .nonRenewing {
            reason +=
                "; a non-renewing subscription is held forever unless a term is given (product \"\(product)\" for P1Y)"
        }
        return Outcome(satisfied: true, reasons: [reason])
    }

    private func subscription(_ product: String) -> Outcome {
        let newest = newest(copies(of: product))
        if let stale = staleness(of: newest.date, in: newest.noun) {
            // Expired already when the input was made: that much it does show.
            let periods = SubscriptionStatus.Period.periods(of: product, in: facts.purchases)
            let ended = newest.date.map { snapshot in
                !periods.isEmpty && periods.allSatisfy { $0.end <= snapshot }
            }
            if ended != true {
                return .unknown(
                    "\(stale): subscription \"\(product)\" may have renewed or been refunded since: unknown",
                    code: .tooOldForMaxAge)
            }
        }
        let status = SubscriptionStatus.status(of: product, in: facts.purchases, at: time, reminderDays: 0)
        let at = show(time)
        if let grace = grace(product, status) { return grace }
        if let unknown = staleRenewal(product, status) { return unknown }
        switch status.state {
        case .active:
            let fresh = freshPeriod(of: product, status)
            if fresh == nil, let stale = staleCopy(of: product, status.currentPeriod) {
                return .unknown(
                    "\(stale): subscription \"\(product)\" may have been refunded or upgraded since: unknown",
                    code: .tooOldForMaxAge)
            }
            let period = fresh.map { " (period \(show($0.start)) to \(show($0.end)))" } ?? ""
            return Outcome(satisfied: true, reasons: ["subscription \"\(product)\" active at \(at)\(period)"])
        case .notStarted where status.periods.isEmpty:
            return .denied("no subscription period of \"\(product)\" in \(facts.noun)", code: .notPurchased)
        case .notStarted:
            return .denied("subscription \"\(product)\" not yet started at \(at)", code: .notStarted)
        case .expired:
            let end = status.periods.filter { $0.start <= time }.map(\.end).max().map(show) ?? "?"
            return .denied(
                "subscription \"\(product)\" expired at \(end), before \(at)",
                code: inBillingRetry(product) ? .billingRetry : .expired)
        case .upgraded:
            let id = status.currentPeriod?.transactionID.map { " (transaction \($0))" } ?? ""
            return .denied(
                "subscription \"\(product)\" was upgraded to another product\(id): Apple provides no service for an upgraded transaction",
                code: .upgraded)
        case .inGracePeriod, .billingRetry, .stale, .revoked:
            // Only the summary carries these (`state(of:)`); periods alone never say them. Fail closed.
            return Outcome(
                satisfied: false, reasons: ["subscription \"\(product)\" is \(status.state.rawValue) at \(at)"])
        case .refunded:
            let period = status.currentPeriod ?? status.periods.last(where: { $0.start <= time })
            let when = period?.cancellation.map(show) ?? "?"
            let how = period?.revocationType?.known == .familyRevoke ? "revoked from Family Sharing" : "refunded"
            return .denied(
                "subscription \"\(product)\" \(how) at \(when), before \(at)",
                code: period?.revocationType?.known == .familyRevoke ? .revoked : .refunded)
        }
    }

    /// The latest period in force at `time` known from a fresh copy, or nil; any one proves the subscription
    /// active, so a stale copy cannot hide a fresh one.
    private func freshPeriod(of product: String, _ status: SubscriptionStatus) -> SubscriptionStatus.Period? {
        let inForce = SubscriptionStatus.Period.covering(status.periods, at: time).filter { $0.isActive(at: time) }
        guard maximumAge != nil else { return inForce.last }
        // One pass over the copies, so that many periods in force cost no more than one.
        var old = Set<String?>()
        for copy in copies(of: product) where isStale(copy.snapshot) {
            old.insert(copy.purchase.transactionID)
        }
        return inForce.last { !old.contains($0.transactionID) }
    }

    /// Why the copy of the period in force is too old to grant, or nil.
    private func staleCopy(of product: String, _ period: SubscriptionStatus.Period?) -> String? {
        let copies = copies(of: product).filter { $0.purchase.transactionID == period?.transactionID }
        let dates = copies.map(\.snapshot)
        let oldest = dates.contains(nil) ? nil : dates.compactMap { $0 }.min()
        let noun = "the copy of transaction \(period?.transactionID ?? "(no transactionId)")"
        return staleness(of: oldest, in: noun)
    }

    /// Unknown when the grace period is known only from a stale renewal info: the retry may have ended since.
    private func staleRenewal(_ product: String, _ status: SubscriptionStatus) -> Outcome? {
        guard status.state == .expired,
            let old = facts.renewals.first(where: { renewal in
                String.identical(renewal.productID, product) && renewal.gracePeriodExpires.map { time < $0 } == true
                    && isStale(renewal.snapshotDate)
            })
        else { return nil }
        let stale = staleness(of: old.snapshotDate, in: "the renewal info of \"\(product)\"") ?? ""
        return .unknown("\(stale): its billing grace period may have ended since: unknown", code: .tooOldForMaxAge)
    }

    /// How a revocation reads: Family Sharing access that ended is not a refund.
    static func revoked(_ type: AppStoreValue<RevocationType>?, _ percentage: Int64?) -> String {
        switch type?.known {
        case .familyRevoke: return "revoked from Family Sharing"
        case .refundProrated:
            guard let percentage, (0...100_000).contains(percentage) else { return "refunded in part" }
            return "refunded in part (\(percentage / 1000).\(String(percentage % 1000).leftPadded(to: 3))%)"
        default: return "refunded"
        }
    }

    func show(_ date: Date) -> String {
        RFC3339.format(date) ?? "\(date.timeIntervalSince1970) s since 1970"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension RuleEvaluator.Outcome {
    init(satisfied: Bool, reasons: [String], code: DecisionReason? = nil) {
        self.init(value: satisfied, reasons: reasons, code: code ?? (satisfied ? .ruleSatisfied : .conditionNotMet))
    }
}
