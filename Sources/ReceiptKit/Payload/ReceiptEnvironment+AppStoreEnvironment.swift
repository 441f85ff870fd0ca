extension ReceiptEnvironment {
    /// The environment a StoreKit 2 payload names, as `init(storeKit:)` reads its raw value; nil is `.unknown`.
    public init(storeKit environment: AppStoreEnvironment?) {
        self.init(storeKit: environment?.rawValue)
    }
}
