extension EntitlementFacts {
    /// The facts of a verified App Store Server API response: every element's, together, each
    /// transaction's latest copy deciding. Only signed elements count; the response's own members
    /// (unsigned) add nothing. The body is unsigned, so its elements must be tied to one customer as
    /// separate inputs must (`CustomerMatch`), or nothing is granted from them.
    init(response: ResponseReport) {
        self.init(source: .response)
        var units: [CustomerMatch.Unit] = []
        for element in response.elements {
            guard let facts = EntitlementFacts(report: element) else { continue }
            absorb(facts)
            units += CustomerMatch.units(of: element)
        }
        customerMismatch = CustomerMatch.mismatch(units)
        keepLatestCopies()
    }
}
