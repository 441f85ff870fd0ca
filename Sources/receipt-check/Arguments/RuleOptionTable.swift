import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rule options verify and inspect share, and how they become a `RuleConfiguration`.
enum RuleOptionTable {
    static let options: [OptionSpec] = [
        OptionSpec(
            "rule", value: "TEXT", repeatable: true,
            help: "entitlement rule 'NAME: CONDITION', e.g. 'premium: original_application_version < 42'"),
        OptionSpec("rules", value: "FILE", repeatable: true, help: "read rules from FILE, one a line (# comments)"),
        OptionSpec(
            "require", value: "NAME", repeatable: true,
            help: "exit 1 unless the (valid) receipt is granted this entitlement"),
        OptionSpec(
            "platform", value: "PLATFORM", choices: ["ios", "macos"],
            help: "what field 19 means: the build number (ios) or the marketing version (macos)"),
        OptionSpec("now", value: "TIME", help: "evaluate rules and subscriptions at this RFC 3339 time (default: now)"),
        OptionSpec("reminder-days", value: "N", help: "remind this many days before a trial ends (default: 2)"),
        OptionSpec(
            "fact", value: "NAME=VALUE", repeatable: true,
            help:
                "a fact the app knows, for rules to compare: a number, true/false, a date, else a string (e.g. free_reads=3)"
        ),
        OptionSpec("facts", value: "FILE", help: "read facts from a JSON object of numbers, booleans and strings"),
        OptionSpec(
            "trial-days", value: "N",
            help: "a free trial of N days the paywall offers: without a subscription yet, its timeline from --now"),
        OptionSpec(
            "max-age", value: "DURATION",
            help:
                "past this age of the input at --now, purchases and subscriptions are unknown (default: P3D; none: no limit)"
        ),
    ]

    static let defaultReminderDays = 2

    /// The rule configuration the options ask for, or nil when none of them was given. `bindsToApp`
    /// (verify) refuses rules without `--bundle-id`.
    static func configuration(_ arguments: ParsedArguments, bindsToApp: Bool) throws(SetupError)
        -> RuleConfiguration?
    {
        guard options.contains(where: { !arguments.all($0.name).isEmpty }) else { return nil }
        var files: [(path: String, text: String)] = []
        for path in arguments.all("rules") {
            files.append((path, try ruleFile(path)))
        }
        var rules = RuleSet()
        do throws(RuleSet.ParseError) {
            for file in files {
                rules.append(contentsOf: try RuleSet.parse(file: file.text, name: file.path))
            }
            for text in arguments.all("rule") {
                try rules.append(parsing: text, origin: "--rule '\(text)'")
            }
            try rules.checkReferences()
        } catch {
            throw .usage(UsageError("\(error)"))
        }
        let appFacts = try facts(arguments)
        if bindsToApp {
            do throws(AppFacts.FactError) {
                try rules.check(facts: appFacts, wording: FlagWording())
            } catch {
                throw .usage(UsageError(error.message))
            }
        }
        let required = arguments.all("require")
        let defined = Set(rules.entitlements)
        if let unknown = required.first(where: { !defined.contains($0) }) {
            let known =
                defined.isEmpty ? "no rules were given" : "rules define " + rules.entitlements.joined(separator: ", ")
            throw .usage(UsageError("--require \(unknown): no rule defines this entitlement (\(known))"))
        }
        var time = Date()
        if let text = arguments.value("now") {
            guard let parsed = RuleSet.date(text) else {
                throw .usage(UsageError("--now takes an RFC 3339 time such as 2024-01-31T12:00:00Z, not '\(text)'"))
            }
            time = parsed
        }
        var reminderDays = defaultReminderDays
        if let text = arguments.value("reminder-days") {
            guard let days = Int(text), (0...3650).contains(days) else {
                throw .usage(UsageError("--reminder-days takes a number of days from 0 to 3650, not '\(text)'"))
            }
            reminderDays = days
        }
        // Checked last, so a mistake in the rules themselves is reported first.
        let ruleOptions = ["rule", "rules", "require"].filter { !arguments.all($0).isEmpty }
        if bindsToApp, !ruleOptions.isEmpty, arguments.value("bundle-id") == nil {
            throw .usage(
                UsageError(
                    "\(ruleOptions.map { "--" + $0 }.joined(separator: ", ")) on verify needs --bundle-id: without it an Apple-signed receipt or JWS of any other app (anyone can get one for an app of their own) would be granted"
                ))
        }
        var trialDays: Int?
        if let text = arguments.value("trial-days") {
            guard let days = Int(text), (1...3650).contains(days) else {
                throw .usage(UsageError("--trial-days takes a number of days from 1 to 3650, not '\(text)'"))
            }
            trialDays = days
        }
        var maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge
        if let text = arguments.value("max-age") {
            if text == "none" {
                maximumAge = nil
            } else {
                guard let term = PurchaseTerm(text) else {
                    throw .usage(
                        UsageError("--max-age takes an ISO 8601 duration such as P3D or PT12H, or none, not '\(text)'"))
                }
                maximumAge = term
            }
        }
        return RuleConfiguration(
            rules: rules, required: required,
            platform: arguments.value("platform").flatMap { Platform(rawValue: $0.lowercased()) },
            time: time, reminderDays: reminderDays, maximumAge: maximumAge, appFacts: appFacts, trialDays: trialDays,
            wording: FlagWording())
    }

    /// `--facts FILE` then every `--fact NAME=VALUE`; a name given twice, in either, is refused.
    private static func facts(_ arguments: ParsedArguments) throws(SetupError) -> AppFacts {
        var facts = AppFacts()
        let file = try arguments.value("facts").map { path throws(SetupError) in (path, try contents(path, "--facts")) }
        do throws(AppFacts.FactError) {
            if let (path, bytes) = file {
                do throws(AppFacts.FactError) {
                    try facts.add(json: bytes)
                } catch {
                    throw AppFacts.FactError("--facts \(path): \(error.message)")
                }
            }
            for text in arguments.all("fact") {
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

    /// A rules or facts file's bytes; unreadable files are reported as such (exit 66), not as usage errors.
    private static func contents(_ path: String, _ option: String) throws(SetupError) -> [UInt8] {
        do {
            return try InputFile.contents(of: path, limit: 1 << 20)
        } catch {
            throw .unreadable("\(option): \(error.message)")
        }
    }

    /// A rules file's text.
    private static func ruleFile(_ path: String) throws(SetupError) -> String {
        guard let text = String(validating: try contents(path, "--rules"), as: UTF8.self) else {
            throw .badData("--rules \(path) is not UTF-8 text")
        }
        return text
    }
}
