extension EntitlementFacts {
    /// The facts of a verified response's signed elements together, each transaction's latest copy deciding;
    /// the unsigned body adds nothing, so its elements must be tied to one customer (`CustomerMatch`).
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
