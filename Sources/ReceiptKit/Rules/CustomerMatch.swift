/// Which signed wholes may be decided together: only those that identifiers Apple signs tie to one
/// customer (an `appTransactionId`, or a transaction id, unique per purchase). A response's elements are
/// wholes of their own, as separate inputs are: either could have been assembled from two customers' data.
enum CustomerMatch {
    /// One signed whole: an app receipt, a JWS with what it nests, or one element of a response.
    struct Unit {
        let name: String
        var receipt: ParsedReceipt?
        var payloads: [JWSPayload] = []

        /// Whether it carries anything rules read: a notification of no transaction needs no tie.
        var carriesFacts: Bool {
            receipt != nil
                || payloads.contains {
                    switch $0 {
                    case .appTransaction, .transaction, .renewalInfo: true
                    case .notification, .realtimeRequest, .unidentified: false
                    }
                }
        }

        /// Its tying identifiers, each prefixed by its kind.
        var identifiers: [String] {
            var apps: [String?] = []
            var transactions = receipt?.purchases.flatMap { [$0.transactionID, $0.originalTransactionID] } ?? []
            for payload in payloads {
                switch payload {
                case .appTransaction(let app): apps.append(app.appTransactionId)
                case .transaction(let transaction):
                    apps.append(transaction.appTransactionId)
                    transactions += [transaction.transactionId, transaction.originalTransactionId]
                case .renewalInfo(let renewal):
                    apps.append(renewal.appTransactionId)
                    transactions.append(renewal.originalTransactionId)
                case .notification, .realtimeRequest, .unidentified: break
                }
            }
            return apps.compactMap { $0.map { "a " + $0 } } + transactions.compactMap { $0.map { "t " + $0 } }
        }
    }

    /// The signed wholes of a valid report: its receipt, its JWS, or each verified element of its response.
    static func units(of report: ValidationReport) -> [Unit] {
        guard report.status == .valid else { return [] }
        switch report.contents {
        case .receipt(let receipt):
            return [Unit(name: report.input, receipt: receipt)]
        case .signedData(let jws):
            guard let payload = jws.payload else { return [] }
            return [Unit(name: report.input, payloads: [payload] + nestedPayloads(jws))]
        case .response(let response):
            return response.elements.compactMap { element in
                guard element.status == .valid, let jws = element.jws, let payload = jws.payload else { return nil }
                return Unit(name: "\(report.input) \(element.input)", payloads: [payload] + nestedPayloads(jws))
            }
        case .combination, nil:
            return []
        }
    }

    /// Nested payloads are signed inside their parent, so they are one whole with it.
    private static func nestedPayloads(_ jws: JWSReport) -> [JWSPayload] {
        jws.nested.sorted { $0.key < $1.key }.map(\.value).filter { $0.status == .valid }.compactMap { $0.jws?.payload }
    }

    /// Why `units` cannot be decided together (`customer_mismatch`), or nil when they can.
    static func mismatch(_ units: [Unit]) -> String? {
        var customer: (id: String, unit: String)?
        var transactionIDs: Set<String> = []
        var renewals: [(id: String?, unit: String)] = []
        for unit in units {
            for payload in unit.payloads {
                let carried: String?
                switch payload {
                case .appTransaction(let app): carried = app.appTransactionId
                case .transaction(let transaction):
                    carried = transaction.appTransactionId
                    if let id = transaction.originalTransactionId { transactionIDs.insert(id) }
                case .renewalInfo(let renewal):
                    carried = renewal.appTransactionId
                    renewals.append((renewal.originalTransactionId, unit.name))
                case .notification, .realtimeRequest, .unidentified: carried = nil
                }
                guard let carried else { continue }
                if let first = customer, first.id != carried {
                    return "\(unit.name) is of appTransactionId \(carried), \(first.unit) of \(first.id): two customers"
                }
                customer = customer ?? (carried, unit.name)
            }
        }
        for (id, unit) in renewals where !(id.map(transactionIDs.contains) ?? false) {
            return
                "\(unit) holds a renewal info of originalTransactionId \(id ?? "(absent)"), which no transaction beside it has"
        }
        return untied(units.filter(\.carriesFacts))
    }

    /// The first unit not tied to the first one, named with it: union-find by index, no recursion.
    private static func untied(_ units: [Unit]) -> String? {
        guard units.count > 1 else { return nil }
        var parent = Array(units.indices)
        func root(_ start: Int) -> Int {
            var node = start
            while parent[node] != node {
                parent[node] = parent[parent[node]]
                node = parent[node]
            }
            return node
        }
        var holder: [String: Int] = [:]
        for (index, unit) in units.enumerated() {
            for identifier in unit.identifiers {
                if let other = holder[identifier] {
                    parent[root(index)] = root(other)
                } else {
                    holder[identifier] = index
                }
            }
        }
        let anchor = root(0)
        guard let loose = units.indices.first(where: { root($0) != anchor }) else { return nil }
        let named = units[loose].identifiers.contains { $0.hasPrefix("a ") } ? "" : " (it carries no appTransactionId)"
        return
            "\(units[loose].name) shares no identifier Apple signs with \(units[0].name)\(named): nothing ties them to one customer (an appTransactionId, a transaction or original transaction id in common)"
    }
}
