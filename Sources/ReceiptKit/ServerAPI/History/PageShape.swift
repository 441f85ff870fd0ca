/// What the pages of one of Apple's paged operations look like: the member holding their signed data, the
/// token each names for the next (`revision` or `paginationToken`) and the response they make together.
package struct PageShape: Sendable, Equatable {
    /// The operation whose pages these are.
    package let operation: AppStoreServerAPIOperation
    /// The response the pages make as one body.
    let kind: ServerResponse.Kind
    /// The array of each page that holds the signed data.
    let elements: BodyMember
    /// The page's member and the request's query item that carry the token: Apple spells both alike.
    package let token: String

    /// Get Transaction History's pages.
    package static let transactionHistory = PageShape(
        operation: .getTransactionHistory, kind: .history, elements: .signedTransactions, token: "revision")

    /// The shape of `operation`'s pages; nil for an operation that answers in one page.
    package static func of(_ operation: AppStoreServerAPIOperation) -> PageShape? {
        switch operation {
        case .getTransactionHistory: transactionHistory
        case .getRefundHistory:
            PageShape(operation: operation, kind: .history, elements: .signedTransactions, token: "revision")
        case .getNotificationHistory:
            PageShape(
                operation: operation, kind: .notificationHistory, elements: .notificationHistory,
                token: "paginationToken")
        default: nil
        }
    }

    /// The signed element `item`, the `index`th of the pages' array.
    func element(_ item: JSONValue, index: Int) throws(ReceiptError) -> ServerResponse.Element {
        let path = "\(elements)[\(index)]"
        switch kind {
        case .notificationHistory: return try ServerResponse.notificationEntry(item, path)
        default: return try ServerResponse.element(item, path, .transaction)
        }
    }

    /// The token `request` asks with: the page it asks for comes after the one that named it.
    package func token(of request: AppStoreServerAPIRequest) -> String? {
        request.query.first { $0.name == token }?.value
    }
}

extension AppStoreServerAPIRequest {
    /// The request for the page after the one that named `token`: the token first, as Apple's libraries send it.
    func page(after token: String, _ name: String) -> Self {
        Self(
            operation, method, [.fixed(path)], query: [QueryItem(name, token)] + query.filter { $0.name != name },
            body: body, contentType: contentType, binding: expectedAnswer)
    }
}
