#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A model written field by field from its list, as `JSONEncoder` writes its `Encodable` form; each field
/// is read in place, since copying whole fields would cost more than writing most.
extension CompactJSONWriter {
    /// The model's fields in order; declined past `maximumDepth` nested models, which bounds the recursion.
    mutating func object<Model: FieldModel>(_ model: Model) throws(DeclinedError) {
        try object(model, beside: Optional<Model>.none)
    }

    /// The fields of `model` and of `other` as one object (their keys are distinct): a report and its decisions.
    mutating func object<Model: FieldModel, Other: FieldModel>(_ model: Model, beside other: Other?)
        throws(DeclinedError)
    {
        guard depth < Self.maximumDepth else {
            throw DeclinedError(description: "models nested deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
        defer { depth -= 1 }
        open(UInt8(ascii: "{"))
        let fields = Model.fields
        guard let other else {
            for index in fields.indices { try fields[index].write(&self, fields[index].key, model) }
            close(UInt8(ascii: "}"))
            return
        }
        let others = Other.fields
        var next = others.startIndex
        for index in fields.indices {
            while next < others.endIndex, Self.precedes(others[next].key, fields[index].key) {
                try others[next].write(&self, others[next].key, other)
                next += 1
            }
            try fields[index].write(&self, fields[index].key, model)
        }
        for index in next..<others.endIndex { try others[index].write(&self, others[index].key, other) }
        close(UInt8(ascii: "}"))
    }

    /// Whether key `a` sorts before `b` as `JSONEncoder` sorts keys (by their UTF-8 bytes).
    private static func precedes(_ a: StaticString, _ b: StaticString) -> Bool {
        StaticText.precedes(a, b)
    }

    /// `[` the models `]`, the text handed to the sink between them, so that huge arrays are never one buffer.
    mutating func array<Models: Collection>(_ models: Models) throws(DeclinedError) where Models.Element: FieldModel {
        open(UInt8(ascii: "["))
        // By index, so each model is written where the collection keeps it rather than copied out first.
        var index = models.startIndex
        while index != models.endIndex {
            element(first: index == models.startIndex)
            try object(models[index])
            flushIfFull()
            models.formIndex(after: &index)
        }
        close(UInt8(ascii: "]"))
    }

    /// The models as one object's members, sorted as `JSONEncoder` sorts keys.
    mutating func objects<Model: FieldModel>(byKey models: [String: Model]) throws(DeclinedError) {
        open(UInt8(ascii: "{"))
        for (member, model) in models.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            separator()
            string(member)
            colon()
            try object(model)
        }
        close(UInt8(ascii: "}"))
    }

    /// `"name":"<RFC 3339>"`; a date outside the years 0000-9999 is refused, as `Encodable` refuses it.
    mutating func receiptDate(_ name: StaticString, _ date: Date) throws(DeclinedError) {
        key(name)
        out.append(UInt8(ascii: "\""))
        guard RFC3339.append(date, to: &out) else {
            throw DeclinedError(description: "\(name): the date lies outside the years 0000-9999")
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `"name":"<RFC 3339>"`, or nothing for an absent date or one RFC 3339 cannot hold.
    mutating func formattedDate(_ name: StaticString, _ date: Date?) {
        guard let date else { return }
        let mark = out.count
        key(name)
        out.append(UInt8(ascii: "\""))
        guard RFC3339.append(date, to: &out) else {
            out.removeSubrange(mark...)
            return
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `[` the strings `]`.
    mutating func strings(_ texts: [String]) {
        open(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            element(first: index == 0)
            string(text)
        }
        close(UInt8(ascii: "]"))
    }

    /// As `JWSDate.encode(to:)`: RFC 3339, or `"xcode_placeholder"` where no date can be written.
    mutating func date(_ value: JWSDate) {
        out.append(UInt8(ascii: "\""))
        if let date = value.date, RFC3339.append(date, to: &out) {
        } else {
            raw("xcode_placeholder")
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `{"17":["hex",...],...}` with the types as strings, sorted as strings (as `JSONEncoder` sorts them).
    mutating func undocumented(_ attributes: UndocumentedAttributes) {
        open(UInt8(ascii: "{"))
        var current: Int64?
        for (_, entry) in attributes.sorted(byKey: DecimalOrder.init) {
            let first = entry.type != current
            if first {
                if current != nil { close(UInt8(ascii: "]")) }
                element(first: current == nil)
                current = entry.type
                out.append(UInt8(ascii: "\""))
                integer(entry.type)
                out.append(UInt8(ascii: "\""))
                colon()
                open(UInt8(ascii: "["))
            }
            element(first: first)
            hex(attributes[entry])
        }
        if current != nil { close(UInt8(ascii: "]")) }
        close(UInt8(ascii: "}"))
    }

    /// Bytes as a quoted lowercase hex string, written straight into the output.
    mutating func hex(_ bytes: ArraySlice<UInt8>) {
        out.append(UInt8(ascii: "\""))
        ByteAppend.appendHex(bytes, to: &out)
        out.append(UInt8(ascii: "\""))
    }
}
