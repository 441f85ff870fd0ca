/// One member of a StoreKit 2 model as its report shows it: the key its synthesised `Encodable` writes,
/// and the value read from the model.
///
/// Each model lists its members in `jsonMembers`, sorted as `JSONEncoder` sorts keys, so a report is
/// written without `JSONEncoder`'s generic machinery; a test holds each list to the model's stored
/// properties and to that order, and compares the bytes with `JSONEncoder`'s.
struct JWSJSONMember<Model>: Sendable {
    let key: StaticString
    let value: @Sendable (Model) -> JWSJSONValue

    init(_ key: StaticString, _ value: @escaping @Sendable (Model) -> JWSJSONValue) {
        self.key = key
        self.value = value
    }
}

/// A member's value, nil when absent (the synthesised `encodeIfPresent` then writes nothing).
enum JWSJSONValue {
    case string(String?)
    case integer(Int64?)
    case bool(Bool?)
    case date(JWSDate?)
    case json(JSONValue?)
    case strings([String]?)
    case members([String: JSONValue]?)
    case notificationData(NotificationPayload.NotificationData?)
    case appData(NotificationPayload.AppData?)
}

/// A model written member by member from its list.
protocol JWSJSONObject {
    static var jsonMembers: [JWSJSONMember<Self>] { get }
}

extension CompactJSONWriter {
    mutating func object<Model: JWSJSONObject>(_ model: Model) throws(DeclinedError) {
        out.append(UInt8(ascii: "{"))
        for member in Model.jsonMembers {
            try write(member.key, member.value(model))
        }
        out.append(UInt8(ascii: "}"))
    }

    private mutating func write(_ name: StaticString, _ value: JWSJSONValue) throws(DeclinedError) {
        switch value {
        case .string(let text?):
            key(name)
            string(text)
        case .integer(let number?):
            key(name)
            integer(number)
        case .bool(let flag?):
            key(name)
            bool(flag)
        case .date(let date?):
            key(name)
            self.date(date)
        case .json(let json?):
            key(name)
            try self.json(json)
        case .strings(let texts?):
            key(name)
            out.append(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(text)
            }
            out.append(UInt8(ascii: "]"))
        case .members(let members?):
            key(name)
            try Self.append(members, to: &out, depth: 0)
        case .notificationData(let data?):
            key(name)
            try object(data)
        case .appData(let data?):
            key(name)
            try object(data)
        case .string(nil), .integer(nil), .bool(nil), .date(nil), .json(nil), .strings(nil), .members(nil),
            .notificationData(nil), .appData(nil):
            break
        }
    }

    /// As `JWSDate.encode(to:)`: RFC 3339, or `"xcode_placeholder"` where no date can be written.
    private mutating func date(_ value: JWSDate) {
        out.append(UInt8(ascii: "\""))
        if let date = value.date, RFC3339.append(date, to: &out) {
        } else {
            raw("xcode_placeholder")
        }
        out.append(UInt8(ascii: "\""))
    }
}
