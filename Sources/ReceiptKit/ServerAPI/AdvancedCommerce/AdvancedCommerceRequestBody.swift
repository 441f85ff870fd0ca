/// The body of one Advanced Commerce server request, typed as Apple's models type it: read strictly from
/// JSON (``init(json:)``) or made in code, and checked against Apple's rules by ``json()`` before sending.
public protocol AdvancedCommerceRequestBody: Sendable {
    /// The operation whose body this is.
    static var operation: AppStoreServerAPIOperation { get }
    /// The body `json` holds: its members' types checked, its values not yet.
    init(json: JSONValue) throws(AppStoreServerAPIError)
    /// The JSON sent, members in the order of Apple's model; every value checked against Apple's rules.
    func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON
}

extension AdvancedCommerceRequestBody {
    /// A request body is a small object: a few kilobytes, a few levels deep.
    static var limits: JSONParser.Limits { JSONParser.Limits(maximumDepth: 8, maximumValues: 4096) }

    /// The body `bytes` hold, read strictly.
    public init(bytes: [UInt8]) throws(AppStoreServerAPIError) {
        let parsed: JSONValue
        do throws(JSONParser.ParseError) {
            parsed = try JSONParser.parse(bytes, limits: Self.limits)
        } catch {
            throw AdvancedCommerceFields.refused("the request body is not JSON: \(error.description)")
        }
        try self.init(json: parsed)
    }
}

/// The `requestInfo` of every Advanced Commerce request.
public struct AdvancedCommerceRequestInfo: Sendable, Equatable {
    /// A lowercase UUID naming the request; the same one again retries it.
    public var requestReferenceId: String
    /// The app account token (a UUID) to associate with the transaction.
    public var appAccountToken: String?
    /// The renewal info's `advancedCommerceConsistencyToken`, as Apple gave it.
    public var consistencyToken: String?

    /// The request info with `requestReferenceId`.
    public init(requestReferenceId: String, appAccountToken: String? = nil, consistencyToken: String? = nil) {
        self.requestReferenceId = requestReferenceId
        self.appAccountToken = appAccountToken
        self.consistencyToken = consistencyToken
    }

    init(_ fields: inout AdvancedCommerceFields) throws(AppStoreServerAPIError) {
        guard var info = try fields.object("requestInfo", required: true) else {
            throw AdvancedCommerceFields.refused("requestInfo is required")
        }
        requestReferenceId = try info.string("requestReferenceId", required: true) ?? ""
        appAccountToken = try info.string("appAccountToken")
        consistencyToken = try info.string("consistencyToken")
        try info.finish()
    }

    func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
        .object([
            (
                "requestReferenceId",
                .string(try AdvancedCommerceRules.uuid(requestReferenceId, "requestInfo.requestReferenceId"))
            ),
            ("appAccountToken", try appAccountToken.checked(AdvancedCommerceRules.uuid, "requestInfo.appAccountToken")),
            (
                "consistencyToken",
                try consistencyToken.checked(AdvancedCommerceRules.required, "requestInfo.consistencyToken")
            ),
        ])
    }
}

extension Optional where Wrapped == String {
    /// The string checked by `rule` as the member `name`; nil (the member left out) without one.
    func checked(_ rule: (String, String) throws(AppStoreServerAPIError) -> String, _ name: String)
        throws(AppStoreServerAPIError) -> AdvancedCommerceJSON?
    {
        guard let value = self else { return nil }
        return .string(try rule(value, name))
    }
}

extension Optional where Wrapped == Int64 {
    /// The number checked by `rule` as the member `name`; nil (the member left out) without one.
    func checked(_ rule: (Int64, String) throws(AppStoreServerAPIError) -> Int64, _ name: String)
        throws(AppStoreServerAPIError) -> AdvancedCommerceJSON?
    {
        guard let value = self else { return nil }
        return .integer(try rule(value, name))
    }
}
