extension ReceiptEnvironment {
    /// The environment a StoreKit 2 payload names; nil is `.unknown`. A value Apple does not document as an
    /// environment may still be a receipt type (an AppTransaction's `receiptType`, `ProductionSandbox`...),
    /// read as `init(storeKit:)` reads its name.
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
