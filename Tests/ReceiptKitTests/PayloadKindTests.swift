import Testing

@testable import ReceiptKit

/// A signed payload is taken for the kind its members tell, by the fields its model marks as kind markers.
@Suite struct PayloadKindTests {
    /// The kind markers, as the models declare them, in the order they are tried.
    @Test func theModelsDeclareTheKindMarkers() {
        let markers = JWSPayload.kindMarkers.map { "\($0.kind.rawValue): \($0.names) \($0.needsAll)" }
        #expect(
            markers == [
                #"notification: ["notificationType"] false"#,
                #"transaction: ["transactionId"] false"#,
                #"realtime_request: ["requestIdentifier", "userLocale"] true"#,
                #"renewal_info: ["autoRenewProductId", "autoRenewStatus"] false"#,
                #"app_transaction: ["applicationVersion", "receiptCreationDate", "receiptType"] false"#,
            ])
    }

    /// Each kind marker alone tells its kind; a real-time request needs both of its own; the first kind
    /// in the order wins; an object with none of them is unidentified.
    @Test(arguments: [
        (#"{"notificationType":"TEST","transactionId":"1"}"#, JWSPayload.Kind.notification),
        (#"{"transactionId":"1","autoRenewStatus":1}"#, .transaction),
        (#"{"requestIdentifier":"r","userLocale":"en-US"}"#, .realtimeRequest),
        (#"{"requestIdentifier":"r"}"#, .unidentified),
        (#"{"userLocale":"en-US"}"#, .unidentified),
        (#"{"autoRenewStatus":1}"#, .renewalInfo),
        (#"{"autoRenewProductId":"p"}"#, .renewalInfo),
        (#"{"receiptCreationDate":1}"#, .appTransaction),
        (#"{"receiptType":"Production"}"#, .appTransaction),
        (#"{"applicationVersion":"1"}"#, .appTransaction),
        (#"{"bundleId":"com.example"}"#, .unidentified),
    ])
    func membersTellTheKind(json: String, kind: JWSPayload.Kind) throws {
        #expect(try JWSPayload.decode(Array(json.utf8), expecting: nil).kind == kind)
    }
}
