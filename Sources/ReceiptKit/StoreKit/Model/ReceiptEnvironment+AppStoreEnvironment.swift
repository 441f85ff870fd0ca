extension ReceiptEnvironment {
    /// The environment a StoreKit 2 payload names (nil is `.unknown`); an undocumented one is read as a
    /// receipt type, as `init(storeKit:)` reads its name.
    public init(storeKit environment: AppStoreValue<AppStoreEnvironment>?) {
        switch environment {
        case .known(.production): self = .production
        case .known(.sandbox): self = .sandbox
        case .known(.xcode), .known(.localTesting): self = .xcode
        case .other(let name): self.init(storeKit: name)
        case nil: self = .unknown
        }
    }
}
