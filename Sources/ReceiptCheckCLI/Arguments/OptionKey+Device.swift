import ReceiptKit

extension OptionKey where Value == DeviceIdentifier {
    /// A device, as a receipt's hash (field 5) is made for it: a UUID, a MAC address or hex.
    static func device(_ name: String, help: String) -> Self {
        parsed(
            name, "ID",
            takes: "a UUID (956328D9-CC6A-47F4-BE40-6953FB0AB6C7), a MAC address (aa:bb:cc:dd:ee:ff or"
                + " aa-bb-cc-dd-ee-ff) or an even number of hex digits", help: help
        ) { try? DeviceIdentifier(parsing: $0) }
    }
}
