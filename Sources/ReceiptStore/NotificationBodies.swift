import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The notification bodies a file holds: a Get Notification History response's elements, each as the body
/// Apple would have POSTed (`{"signedPayload": ...}`), or the file itself, whatever it is (the intake says
/// why when it is no notification).
public enum NotificationBodies {
    public static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        guard bytes.first(where: { !$0.isASCIIWhitespace }) == UInt8(ascii: "{"),
            case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
            case .array(let history)? = members["notificationHistory"]
        else {
            return [bytes]
        }
        return history.map { element in
            var body = element
            if case .object(let entry) = element, case .string(let payload)? = entry["signedPayload"] {
                body = .object(["signedPayload": .string(payload)])
            }
            // An element the intake cannot read is passed on as it is, to be refused with why.
            return Array((body.json(pretty: false) ?? "").utf8)
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIWhitespace: Bool {
        self == 0x20 || self == 0x0a || self == 0x0d || self == 0x09
    }
}
