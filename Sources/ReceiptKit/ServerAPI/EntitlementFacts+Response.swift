extension EntitlementFacts {
    /// The facts of a verified App Store Server API response: every element's, together. Only signed
    /// elements count; the response's own members (unsigned) add nothing.
    init(response: ResponseReport) {
        self.init(source: .response)
        for element in response.elements {
            guard let facts = EntitlementFacts(report: element) else { continue }
            absorb(facts)
        }
    }
}
