extension EntitlementFacts {
    /// The facts of a verified App Store Server API response: every element's, together, each
    /// transaction's latest copy deciding. Only signed elements count; the response's own members
    /// (unsigned) add nothing. The body is unsigned, so its elements must be tied to one customer as
    /// separate inputs must (`CustomerTie`), or nothing is granted from them.
    init(response: ResponseReport) {
        self.init(source: .response)
        var units: [CustomerTie.Unit] = []
        for element in response.elements {
            guard let facts = EntitlementFacts(report: element) else { continue }
            absorb(facts)
            units += CustomerTie.units(of: element)
        }
        customerMismatch = CustomerTie.mismatch(units)
        keepLatestCopies()
    }
}
