import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rule options verify and inspect share, and how they become a `RuleConfiguration`.
enum RuleOptionTable {
    static let rule = OptionKey<[String]>.repeated(
        "rule", "TEXT", help: "entitlement rule 'NAME: CONDITION', e.g. 'premium: original_application_version < 42'")
    static let rules = OptionKey<[InputPath]>.repeated(
        .input("rules", help: "read rules from FILE, one a line (# comments)"))
    static let require = OptionKey<[String]>.repeated(
        "require", "NAME", help: "exit 1 when this entitlement is denied, 3 when it is unknown (ask Apple again)")
    static let platform = OptionKey<Platform>.choice(
        "platform", "PLATFORM",
        help: "what field 19 means: the build number (ios) or the marketing version (macos)")
    static let now = OptionKey<Date>.parsed(
        "now", "TIME", takes: "an RFC 3339 time such as 2024-01-31T12:00:00Z",
        help: "evaluate rules and subscriptions at this RFC 3339 time (default: now)"
    ) { RuleSet.date($0) }
    static let reminderDays = OptionKey<Int>.number(
        "reminder-days", "N", in: 0...3650, takes: "a number of days",
        help: "remind this many days before a trial ends (default: 2)")
    static let fact = OptionKey<[String]>.repeated(
        "fact", "NAME=VALUE",
        help:
            "a fact the app knows, for rules to compare: a number, true/false, a date, else a string (e.g. free_reads=3)"
    )
    static let facts = OptionKey<InputPath>.input(
        "facts", help: "read facts from a JSON object of numbers, booleans and strings")
    static let trialDays = OptionKey<Int>.number(
        "trial-days", "N", in: 1...3650, takes: "a number of days",
        help: "a free trial of N days the paywall offers: without a subscription yet, its timeline from --now")
    /// `none` reads as no limit (`.some(nil)`), a text that is neither a duration nor `none` as nil.
    static let maxAge = OptionKey<PurchaseTerm?>.parsed(
        "max-age", "DURATION", takes: "an ISO 8601 duration such as P3D or PT12H, or none",
        help:
            "past this age of the input at --now, purchases and subscriptions are unknown (default: P3D; none: no limit)"
    ) { text in text == "none" ? .some(nil) : PurchaseTerm(text).map { .some($0) } }

    static let options: [OptionSpec] = [
        rule.spec, rules.spec, require.spec, platform.spec, now.spec, reminderDays.spec, fact.spec, facts.spec,
        trialDays.spec, maxAge.spec,
    ]

    static let defaultReminderDays = 2

    /// Reads the file an option names (`--rules`, `--facts`), which `Commands/` does.
    typealias FileReader = (_ path: String, _ option: String) throws(SetupError) -> [UInt8]

    /// The rule configuration the options ask for, or nil when none of them was given; `read` reads the
    /// rules and facts files they name. `bindsToApp` (verify) refuses rules without `--bundle-id`.
    static func configuration(_ arguments: ParsedArguments, bindsToApp: Bool, read: FileReader) throws(SetupError)
        -> RuleConfiguration?
    {
        guard options.contains(where: arguments.isGiven) else { return nil }
        var files: [(path: String, text: String)] = []
        for file in try arguments.setupValues(rules) {
            files.append((file.path, try ruleFile(file.path, read)))
        }
        var ruleSet = RuleSet()
        do throws(RuleSet.ParseError) {
            for file in files {
                ruleSet.append(contentsOf: try RuleSet.parse(file: file.text, name: file.path))
            }
            for text in arguments[rule] {
                try ruleSet.append(parsing: text, origin: "--rule '\(text)'")
            }
            try ruleSet.checkReferences()
        } catch {
            throw .usage(UsageError("\(error)"))
        }
        let appFacts = try givenFacts(arguments, read)
        if bindsToApp {
            do throws(AppFacts.FactError) {
                try ruleSet.check(facts: appFacts, wording: FlagWording())
            } catch {
                throw .usage(UsageError(error.message))
            }
        }
        let required = arguments[require]
        let defined = Set(ruleSet.entitlements)
        if let unknown = required.first(where: { !defined.contains($0) }) {
            let known =
                defined.isEmpty ? "no rules were given" : "rules define " + ruleSet.entitlements.joined(separator: ", ")
            throw .usage(UsageError("--require \(unknown): no rule defines this entitlement (\(known))"))
        }
        let time = try arguments.setupValue(now) ?? Date()
        let reminderDays = try arguments.setupValue(Self.reminderDays) ?? defaultReminderDays
        // Checked last, so a mistake in the rules themselves is reported first.
        let ruleOptions = [rule.spec, rules.spec, require.spec].filter(arguments.isGiven)
        if bindsToApp, !ruleOptions.isEmpty, arguments[ValidationOptionTable.bundleID] == nil {
            throw .usage(
                UsageError(
                    "\(ruleOptions.map(\.flag).joined(separator: ", ")) on verify needs --bundle-id: without it an Apple-signed receipt or JWS of any other app (anyone can get one for an app of their own) would be granted"
                ))
        }
        let trialDays = try arguments.setupValue(Self.trialDays)
        let maximumAge = try arguments.setupValue(maxAge) ?? RuleSet.defaultMaximumAge
        return RuleConfiguration(
            rules: ruleSet, required: required,
            platform: try arguments.setupValue(platform),
            time: time, reminderDays: reminderDays, maximumAge: maximumAge, appFacts: appFacts, trialDays: trialDays,
            wording: FlagWording())
    }

    /// `--facts FILE` then every `--fact NAME=VALUE`; a name given twice, in either, is refused.
    private static func givenFacts(_ arguments: ParsedArguments, _ read: FileReader) throws(SetupError) -> AppFacts {
        var facts = AppFacts()
        let file = try arguments.setupValue(Self.facts).map { file throws(SetupError) in
            (file.path, try read(file.path, Self.facts.flag))
        }
        do throws(AppFacts.FactError) {
            if let (path, bytes) = file {
                do throws(AppFacts.FactError) {
                    try facts.add(json: bytes)
                } catch {
                    throw AppFacts.FactError("--facts \(path): \(error.message)")
                }
            }
            for text in arguments[fact] {
                guard let equals = text.firstIndex(of: "=") else {
                    throw AppFacts.FactError("--fact takes NAME=VALUE, such as free_reads=3, not '\(text)'")
                }
                let value = String(text[text.index(after: equals)...])
                try facts.add(String(text[..<equals]), AppFacts.Value(literal: value) ?? .string(value))
            }
        } catch {
            throw .usage(UsageError(error.message))
        }
        return facts
    }

    private static func ruleFile(_ path: String, _ read: FileReader) throws(SetupError) -> String {
        guard let text = String(validating: try read(path, rules.flag), as: UTF8.self) else {
            throw .badData("--rules \(path) is not UTF-8 text")
        }
        return text
    }
}
