#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes a receipt's signed content: a SET of `SEQUENCE { type, version, value }`, type 17 holding one
/// more level, so the input cannot choose the depth. SET OF order is not demanded (only Xcode sorts).
package enum PayloadDecoder {
    /// Caps on what one payload may make the decoder allocate; each breach has its own error code.
    package struct Limits: Sendable, Equatable {
        /// The largest real receipts hold a few thousand purchases of about twenty attributes each.
        package static let defaultMaximumAttributesPerSet = 100_000
        /// Enough for 10,000 purchases of 100 attributes; beyond that a payload is an attack.
        package static let defaultMaximumTotalAttributes = 1_000_000
        /// Bundle and product identifiers are short; 64 KiB leaves room for anything Apple may add.
        package static let defaultMaximumStringLength = 65_536

        /// Attributes in the outer SET, and separately in each in-app purchase SET.
        package var maximumAttributesPerSet: Int
        /// Attributes across the whole payload, in-app purchase attributes included.
        package var maximumTotalAttributes: Int
        /// Bytes in one string or date value.
        package var maximumStringLength: Int
        /// In-app purchases held decoded; past it, all are kept as ranges of the payload (`InAppPurchases`).
        package var maximumDecodedPurchases: Int
        /// Real receipts hold up to a few thousand purchases; 1,024 decoded take about 330 KB.
        package static let defaultMaximumDecodedPurchases = 1_024

        package init(
            maximumAttributesPerSet: Int = defaultMaximumAttributesPerSet,
            maximumTotalAttributes: Int = defaultMaximumTotalAttributes,
            maximumStringLength: Int = defaultMaximumStringLength,
            maximumDecodedPurchases: Int = defaultMaximumDecodedPurchases
        ) {
            self.maximumAttributesPerSet = maximumAttributesPerSet
            self.maximumTotalAttributes = maximumTotalAttributes
            self.maximumStringLength = maximumStringLength
            self.maximumDecodedPurchases = maximumDecodedPurchases
        }
    }

    /// Decodes a payload, rejecting trailing bytes; error offsets count from the start of `payload`'s buffer.
    package static func decode(_ payload: ArraySlice<UInt8>, limits: Limits = Limits()) throws(ASN1Error)
        -> ParsedReceipt
    {
        var decoding = PayloadDecoding(limits: limits, payload: payload)
        var receipt = ParsedReceipt()
        do {
            try decoding.receipt(into: &receipt)
        } catch {
            // The outer SET's own faults, which no attribute holds, are the payload's too.
            throw error.inPayload()
        }
        return receipt
    }

    /// The purchase whose SET lies at `value`, decoded again: nil only for bytes the decoder refused.
    static func purchase(in payload: ArraySlice<UInt8>, value: Range<Int>, limits: Limits) -> InAppPurchase? {
        var decoding = PayloadDecoding(limits: limits, payload: payload)
        return try? decoding.lonePurchase(value)
    }

    /// Decodes a payload held in its own array.
    package static func decode(_ payload: [UInt8], limits: Limits = Limits()) throws(ASN1Error) -> ParsedReceipt {
        try decode(payload[...], limits: limits)
    }
}

/// One attribute SEQUENCE, with its value still undecoded.
private struct Attribute {
    let type: Int64
    /// Where the contents of the value OCTET STRING lie in the payload.
    let value: Range<Int>
    /// Offset of the SEQUENCE.
    let offset: Int
}

private struct PayloadDecoding {
    let limits: PayloadDecoder.Limits
    /// The payload, read by the DER reader, which names each fault.
    let payload: ArraySlice<UInt8>
    /// A reader over the whole payload, from which the SETs' readers are made.
    var reader: ASN1Reader
    var totalAttributes = 0
    /// The undocumented attributes of every purchase, in one buffer each purchase slices once decoded.
    var purchaseEntries: [UndocumentedAttributes.Entry] = []
    /// The receipt's own undocumented attributes, in input order.
    var receiptEntries: [UndocumentedAttributes.Entry] = []

    init(limits: PayloadDecoder.Limits, payload: ArraySlice<UInt8>) {
        self.limits = limits
        self.payload = payload
        reader = ASN1Reader(payload)
    }

    /// Decodes into `receipt`, where the caller holds it, so that the finished receipt is not copied.
    mutating func receipt(into receipt: inout ParsedReceipt) throws(ASN1Error) {
        var top = reader
        let set = try top.read(ASN1Tag.set, "the receipt payload SET")
        try top.expectEnd("the receipt payload SET")
        let contents = set.contents

        // Room for what real receipts hold (about ten per set), so the arrays rarely grow.
        receiptEntries.reserveCapacity(16)
        purchaseEntries.reserveCapacity(64)
        var purchaseBounds: [EntryBounds] = []
        var purchases: [InAppPurchase] = []
        var purchaseCount = 0
        // Past the decoded limit each purchase's range is kept instead (payloads up to 4 GiB); none below it.
        var spans: [InAppPurchases.Span] = []
        let spansFit = payload.count <= Int(UInt32.max)
        try decodeSet(contents, of: ParsedReceipt.attributeFields, inAppIndex: nil, into: &receipt) {
            decoding, attribute, position throws(ASN1Error) in
            let start = decoding.purchaseEntries.count
            let index = purchaseCount
            purchaseCount += 1
            guard purchaseCount > decoding.limits.maximumDecodedPurchases, spansFit else {
                if purchases.isEmpty {
                    // Room for the purchases most receipts hold, so the array of large values rarely grows.
                    purchases.reserveCapacity(8)
                    purchaseBounds.reserveCapacity(8)
                }
                // Decoded where it is kept, not built aside and copied in.
                purchases.append(InAppPurchase())
                try decoding.inAppPurchase(attribute, index: index, into: &purchases[purchases.count - 1])
                purchaseBounds.append(EntryBounds(start: start, end: decoding.purchaseEntries.count))
                return
            }
            // Past the decoded limit the purchase is still decoded, so that a malformed one fails the receipt.
            var purchase = InAppPurchase()
            try decoding.inAppPurchase(attribute, index: index, into: &purchase)
            if spans.isEmpty {
                // Crossing the limit: what was decoded goes, and the ranges so far are read from the attributes again.
                purchases = []
                purchaseBounds = []
                spans = try decoding.purchaseSpans(from: contents.lowerBound, upTo: position)
            } else {
                spans.append(decoding.span(of: attribute))
            }
            decoding.purchaseEntries.removeAll(keepingCapacity: true)
        }
        receipt.undocumented = UndocumentedAttributes(bytes: payload, entries: receiptEntries[...])
        if purchaseCount > limits.maximumDecodedPurchases, spansFit {
            receipt.purchases = InAppPurchases(
                encoded: InAppPurchases.Encoded(payload: payload, spans: spans, limits: limits))
            return
        }
        for (index, bounds) in zip(purchases.indices, purchaseBounds) where bounds.start < bounds.end {
            purchases[index].undocumented = UndocumentedAttributes(
                bytes: payload, entries: purchaseEntries[bounds.start..<bounds.end])
        }
        receipt.purchases = InAppPurchases(purchases)
    }

    /// Which of `purchaseEntries` belong to one purchase: two integers, since a `Range<Int>` array makes the
    /// runtime scan every conformance record.
    private struct EntryBounds {
        let start: Int
        let end: Int
    }

    /// Where a purchase's value lies, from the start of the payload (which fits in 32 bits: `spansFit`).
    private func span(of attribute: Attribute) -> InAppPurchases.Span {
        InAppPurchases.Span(
            start: UInt32(attribute.value.lowerBound - payload.startIndex),
            end: UInt32(attribute.value.upperBound - payload.startIndex))
    }

    /// The ranges of the purchases between `start` and `end`, all read once already (the counts reset for it).
    private mutating func purchaseSpans(from start: Int, upTo end: Int) throws(ASN1Error) -> [InAppPurchases.Span] {
        var set = reader.reading(start..<end)
        let total = totalAttributes
        totalAttributes = 0
        var count = 0
        var spans: [InAppPurchases.Span] = []
        while !set.isAtEnd {
            let attribute = try nextAttribute(in: &set, count: &count, inAppIndex: nil)
            if attribute.type == ParsedReceipt.purchaseAttribute {
                spans.append(span(of: attribute))
            }
        }
        totalAttributes = total
        return spans
    }

    /// One purchase SET alone (`InAppPurchases` reading an entry again), its undocumented attributes its own.
    mutating func lonePurchase(_ value: Range<Int>) throws(ASN1Error) -> InAppPurchase {
        let attribute = Attribute(type: ParsedReceipt.purchaseAttribute, value: value, offset: value.lowerBound)
        var purchase = InAppPurchase()
        try inAppPurchase(attribute, index: 0, into: &purchase)
        if !purchaseEntries.isEmpty {
            purchase.undocumented = UndocumentedAttributes(bytes: payload, entries: purchaseEntries[...])
        }
        return purchase
    }

    /// Decodes the purchase SET of `attribute` into `purchase`, which starts with every field absent.
    private mutating func inAppPurchase(_ attribute: Attribute, index: Int, into purchase: inout InAppPurchase)
        throws(ASN1Error)
    {
        do {
            // A purchase's table has no purchases field: a type 17 inside a purchase is undocumented.
            try decodeSet(
                setContents(of: attribute), of: InAppPurchase.attributeFields, inAppIndex: index, into: &purchase
            ) { _, _, _ in }
        } catch {
            throw error.inPayload(type: attribute.type, name: ParsedReceipt.purchasesKey, inAppIndex: index)
        }
    }

    /// Decodes the attribute SET at `contents` into `model` through `table`: counted against the limits,
    /// undocumented ones kept, a purchase handed to `purchase`. The one walk of both levels.
    @inline(__always)
    private mutating func decodeSet<Model>(
        _ contents: Range<Int>, of table: AttributeFields<Model>, inAppIndex: Int?, into model: inout Model,
        purchase: (inout PayloadDecoding, Attribute, _ position: Int) throws(ASN1Error) -> Void
    ) throws(ASN1Error) {
        var set = reader.reading(contents)
        var seen: UInt64 = 0
        var count = 0
        while !set.isAtEnd {
            let attribute = try nextAttribute(in: &set, count: &count, inAppIndex: inAppIndex)
            guard let slot = table.slot(of: attribute.type) else {
                let entry = UndocumentedAttributes.Entry(type: attribute.type, value: attribute.value)
                if inAppIndex == nil { receiptEntries.append(entry) } else { purchaseEntries.append(entry) }
                continue
            }
            guard table.purchaseBits & table.bit(attribute.type) == 0 else {
                try purchase(&self, attribute, set.position)
                continue
            }
            do throws(ASN1Error) {
                // Purchases repeat by design; every other named field must be unambiguous.
                let bit = table.bit(attribute.type)
                guard seen & bit == 0 else {
                    throw ASN1Error(.duplicateField, at: attribute.offset, "occurs more than once")
                }
                seen |= bit
                // A slot holds at least one field (`slot(of:)`).
                var field = slot.start
                repeat {
                    try store(table.setter(at: field), attribute, in: &model)
                    field &+= 1
                } while field < slot.end
            } catch {
                throw error.inPayload(type: attribute.type, name: table.key(at: slot.start), inAppIndex: inAppIndex)
            }
        }
    }

    /// Reads the attribute's value as its field's kind and stores it in the model.
    @inline(__always)
    private mutating func store<Model>(
        _ setter: FieldSetter<Model>, _ attribute: Attribute, in model: inout Model
    ) throws(ASN1Error) {
        switch setter {
        case .integer(let set): set(&model, try integer(attribute))
        case .string(let set): set(&model, try string(attribute))
        case .date(let set): if let date = try date(attribute) { set(&model, date) }
        case .boolean(let set): set(&model, try boolean(attribute))
        case .octets(let set): set(&model, Array(payload[attribute.value]))
        case .purchases, .undocumented, .derived: break
        }
    }

    // MARK: - Attributes

    /// Reads the next attribute SEQUENCE, counted first so that a flood of attributes is refused undecoded.
    @inline(__always)
    private mutating func nextAttribute(in set: inout ASN1Reader, count: inout Int, inAppIndex: Int?)
        throws(ASN1Error) -> Attribute
    {
        count += 1
        totalAttributes += 1
        var type: Int64?
        do throws(ASN1Error) {
            guard count <= limits.maximumAttributesPerSet else {
                throw ASN1Error(
                    .tooManyAttributes, at: set.position,
                    "more than \(limits.maximumAttributesPerSet) attributes in one SET")
            }
            guard totalAttributes <= limits.maximumTotalAttributes else {
                throw ASN1Error(
                    .tooManyAttributesInTotal, at: set.position,
                    "more than \(limits.maximumTotalAttributes) attributes in the payload")
            }
            let sequence = try set.read(ASN1Tag.sequence, "an attribute")
            return try set.reading(sequence.contents) { fields throws(ASN1Error) in
                // Through the decoder's own reader, over the same bytes: through `fields`, a local, every
                // attribute retained the bytes once more.
                let read = try reader.nonNegativeInteger(fields.read(ASN1Tag.integer, "the attribute type"))
                type = read
                // The version carries no meaning for decoding; only its shape is checked.
                _ = try fields.read(ASN1Tag.integer, "the attribute version")
                let value = try fields.read(ASN1Tag.octetString, "the attribute value")
                try fields.expectEnd("the attribute value")
                return Attribute(type: read, value: value.contents, offset: sequence.offset)
            }
        } catch {
            throw error.inPayload(type: type, inAppIndex: inAppIndex)
        }
    }

    // MARK: - Values

    /// Where the attributes of the SET an attribute value holds lie.
    private mutating func setContents(of attribute: Attribute) throws(ASN1Error) -> Range<Int> {
        let element = try value(of: attribute)
        guard element.tag == ASN1Tag.set else {
            throw ASN1Error(.unexpectedValueType, at: element.offset, "expected a SET, found tag \(element.tag.hex)")
        }
        return element.contents
    }

    /// The single element an attribute value holds; nothing may follow it.
    @inline(__always)
    private mutating func value(of attribute: Attribute) throws(ASN1Error) -> ASN1Element {
        try reader.reading(attribute.value) { value throws(ASN1Error) in
            let element = try value.next()
            guard value.isAtEnd else {
                throw ASN1Error(.trailingBytes, at: value.position, "unexpected bytes after the value")
            }
            return element
        }
    }

    /// The contents of a string value, checked for tag and length but not yet for UTF-8.
    private mutating func stringContents(_ attribute: Attribute) throws(ASN1Error) -> Range<Int> {
        let element = try value(of: attribute)
        switch element.tag {
        case ASN1Tag.utf8String, ASN1Tag.ia5String, ASN1Tag.printableString:
            break
        default:
            throw ASN1Error(.unexpectedValueType, at: element.offset, "expected a string, found tag \(element.tag.hex)")
        }
        guard element.contents.count <= limits.maximumStringLength else {
            throw ASN1Error(
                .stringTooLong, at: element.offset,
                "a string of \(element.contents.count) bytes exceeds the limit of \(limits.maximumStringLength)")
        }
        return element.contents
    }

    private mutating func string(_ attribute: Attribute) throws(ASN1Error) -> String {
        let contents = try stringContents(attribute)
        // Receipt strings are ASCII: checked in one pass, where the general validation looks up metadata each call.
        if let text = ASCIIText.string(payload, contents) {
            return text
        }
        guard let text = String(validating: payload[contents], as: UTF8.self) else {
            throw ASN1Error(.invalidString, at: contents.startIndex, "a string is not valid UTF-8")
        }
        return text
    }

    /// A date, or nil for the empty string Apple writes for "none".
    private mutating func date(_ attribute: Attribute) throws(ASN1Error) -> Date? {
        let contents = try stringContents(attribute)
        do throws(RFC3339.ParseError) {
            return try RFC3339.parse(payload[contents])
        } catch {
            throw ASN1Error(.invalidDate, at: contents.startIndex, error.description)
        }
    }

    private mutating func integer(_ attribute: Attribute) throws(ASN1Error) -> Int64 {
        let element = try value(of: attribute)
        guard element.tag == ASN1Tag.integer else {
            throw ASN1Error(
                .unexpectedValueType, at: element.offset, "expected an INTEGER, found tag \(element.tag.hex)")
        }
        return try reader.nonNegativeInteger(element)
    }

    private mutating func boolean(_ attribute: Attribute) throws(ASN1Error) -> Bool {
        let number = try integer(attribute)
        guard number <= 1 else {
            throw ASN1Error(.invalidBoolean, at: attribute.offset, "expected 0 or 1, found \(number)")
        }
        return number == 1
    }
}
