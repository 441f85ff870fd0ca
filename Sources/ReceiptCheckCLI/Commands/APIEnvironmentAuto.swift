import ReceiptKit

/// `api --environment auto`: the arguments of the production run and of the sandbox fallback, each naming its
/// own environment, so that each answer is verified as its environment's and never as the other's.
enum APIEnvironmentAuto {
    /// The sandbox's client and the runner whose validator requires the sandbox.
    struct Fallback {
        let client: AppStoreServerAPIClient
        let runner: BatchRunner
    }

    /// `arguments` for production and, with `auto`, for the sandbox (at `--sandbox-base-url`'s); else no sandbox.
    static func arguments(_ arguments: ParsedArguments, auto: Bool) throws(UsageError) -> (
        production: ParsedArguments, sandbox: ParsedArguments?
    ) {
        let sandboxURL = arguments.text(of: APIOptionTable.sandboxBaseURL.spec)
        guard auto else {
            if sandboxURL != nil { throw UsageError("--sandbox-base-url is for --environment auto") }
            return (arguments, nil)
        }
        // A proxy for production says nothing of where the sandbox is: never send its requests there unasked.
        if arguments.isGiven(APIOptionTable.baseURL.spec), sandboxURL == nil {
            throw UsageError("--environment auto with --base-url needs --sandbox-base-url for the sandbox's requests")
        }
        _ = try arguments.value(APIOptionTable.sandboxBaseURL)
        var production = arguments
        production.add(ValidationOptionTable.environment.spec, value: "production")
        var sandbox = arguments
        sandbox.add(ValidationOptionTable.environment.spec, value: "sandbox")
        if let sandboxURL { sandbox.add(APIOptionTable.baseURL.spec, value: sandboxURL) }
        return (production, sandbox)
    }
}
