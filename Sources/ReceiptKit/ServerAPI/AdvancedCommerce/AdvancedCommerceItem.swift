/// An item of a request's list, written with its refusals named by its place in the list.
protocol AdvancedCommerceItem {
    func json(at path: String) throws(AppStoreServerAPIError) -> AdvancedCommerceJSON
}
