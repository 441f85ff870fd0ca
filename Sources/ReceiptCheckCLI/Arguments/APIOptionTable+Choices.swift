import ReceiptKit

extension APIOptionTable {
    /// `--history-version`: which Get Transaction History endpoint is asked.
    enum HistoryVersion: String, OptionChoice {
        case v1 = "1"
        case v2 = "2"
    }

    /// `--product-type`, as the history request's `productType` names it.
    enum ProductType: String, OptionChoice {
        case autoRenewable = "AUTO_RENEWABLE"
        case nonRenewable = "NON_RENEWABLE"
        case consumable = "CONSUMABLE"
        case nonConsumable = "NON_CONSUMABLE"
    }

    /// `--sort`, as the history request's `sort` names it.
    enum SortOrder: String, OptionChoice {
        case ascending = "ASCENDING"
        case descending = "DESCENDING"
    }

    /// `--image-size`, as Upload Image's `imageSize` names it.
    enum ImageSize: String, OptionChoice {
        case fullSize = "FULL_SIZE"
        case bulletPoint = "BULLET_POINT"
    }
}

/// `--id-kind` names what the operand is as the library does.
extension AppStoreServerAPIRequest.IdentifierKind: OptionChoice {}
