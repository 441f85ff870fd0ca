/// The `Encoder` a model's `encode(to:)` sees inside `SortedJSONEncoder`: it hands out containers that add
/// to `node`.
///
/// The coding path is left empty: no model in this package writes differently by where it sits, and
/// keeping one would cost an array per value.
struct SortedJSONEncoderState: Encoder {
    let node: SortedJSONNode
    let buffer: SortedJSONBuffer
    /// How deep `node` sits; each value encoded below it is one deeper.
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if !node.become(.object) { buffer.failed = true }
        return KeyedEncodingContainer(SortedJSONKeyedContainer<Key>(node: node, buffer: buffer, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if !node.become(.array) { buffer.failed = true }
        return SortedJSONUnkeyedContainer(node: node, buffer: buffer, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SortedJSONSingleValueContainer(node: node, buffer: buffer, depth: depth)
    }

    /// A container nested in `node`'s member or element: a new node of `kind`; past the depth bound the
    /// buffer is marked failed, so the encoder declines the value.
    static func nested(_ kind: SortedJSONNode.Kind, in buffer: SortedJSONBuffer, depth: Int) -> SortedJSONNode {
        let child = SortedJSONNode()
        _ = child.become(kind)
        if depth + 1 >= SortedJSONEncoder.maximumDepth { buffer.failed = true }
        return child
    }
}
