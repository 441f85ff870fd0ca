import ReceiptKit
import ReceiptSystem

/// The API client a run of `api` or `verify --refresh` makes; a key file others can read is warned about.
enum APIClientSetup {
    /// The client the credentials and connection options make, verifying with `validator`.
    static func client(
        _ arguments: ParsedArguments, credentials: APIOptionTable.Credentials, validator: ReceiptValidator,
        variables: [String: String], console: Console
    ) throws -> AppStoreServerAPIClient {
        // The options' values first, so that a bad one is a usage error before any file is read.
        let baseURL = try arguments.value(APIOptionTable.baseURL)?.text
        let connection = try APIOptionTable.connection(arguments, variables: variables)
        let deadline = try arguments.value(APIOptionTable.deadline) ?? 300
        if let warning = keyPermissionWarning(credentials.keyFile) {
            console.warning(warning)
        }
        do {
            let key = try SigningKey(
                pkcs8PEM: try InputFile.contents(of: credentials.keyFile.path, limit: keySizeLimit))
            return try AppStoreServerAPIClient(
                key: key, keyID: credentials.keyID, issuerID: credentials.issuerID, bundleID: credentials.bundleID,
                environment: credentials.environment, baseURL: baseURL, validator: validator, connection: connection,
                operationTimeout: .seconds(deadline))
        } catch let error as SigningError {
            throw SetupError(error)
        }
    }

    /// A .p8 file is a few hundred bytes.
    private static let keySizeLimit = 64 << 10

    /// A warning when the key file can be read by its group or others: the key signs for the whole team.
    static func keyPermissionWarning(_ file: InputPath) -> String? {
        guard !file.isStandardInput, case .success(let status) = FileStatus.of(file.path, followingLinks: true),
            status.permissions & 0o077 != 0
        else { return nil }
        return
            "\(file.path) can be read by its group or others (mode \(String(status.permissions & 0o777, radix: 8))): "
            + "chmod 600 it"
    }
}
