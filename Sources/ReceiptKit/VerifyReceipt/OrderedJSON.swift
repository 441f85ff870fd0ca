/// JSON whose object members keep the order they were added in, written compactly.
///
/// verifyReceipt's clients see Apple's member order; `JSONEncoder` can only sort or scramble it.
enum OrderedJSON: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case array([OrderedJSON])
    case object([Member])

    struct Member: Sendable, Equatable {
        let name: String
        let value: OrderedJSON
    }

    static func object(_ members: [(String, OrderedJSON)]) -> OrderedJSON {
        .object(members.map { Member(name: $0.0, value: $0.1) })
    }

    /// The compact text, written by a loop over an explicit stack: no recursion anywhere in the package.
    var text: String {
        var out: [UInt8] = []
        var stack: [Frame] = [.value(self)]
        while let frame = stack.popLast() {
            switch frame {
            case .raw(let byte):
                out.append(byte)
            case .value(.string(let text)):
                JSONString.append(text, to: &out)
            case .value(.integer(let number)):
                out.append(contentsOf: String(number).utf8)
            case .value(.array(let values)):
                out.append(UInt8(ascii: "["))
                stack.append(.raw(UInt8(ascii: "]")))
                for (index, value) in values.enumerated().reversed() {
                    stack.append(.value(value))
                    if index > 0 { stack.append(.raw(UInt8(ascii: ","))) }
                }
            case .value(.object(let members)):
                out.append(UInt8(ascii: "{"))
                stack.append(.raw(UInt8(ascii: "}")))
                for (index, member) in members.enumerated().reversed() {
                    stack.append(.value(member.value))
                    stack.append(.key(member.name))
                    if index > 0 { stack.append(.raw(UInt8(ascii: ","))) }
                }
            case .key(let name):
                JSONString.append(name, to: &out)
                out.append(UInt8(ascii: ":"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private enum Frame {
        case value(OrderedJSON)
        case key(String)
        case raw(UInt8)
    }
}
