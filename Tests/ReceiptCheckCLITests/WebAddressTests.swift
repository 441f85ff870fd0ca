import Testing

@testable import ReceiptCheckCLI

/// A URL option's value: its scheme in any case of its letters, never another character that lowers to one.
@Suite struct WebAddressTests {
    @Test func aSchemeIsReadInAnyCaseOfItsLettersOnly() {
        #expect(WebAddress("HTTPS://Example.com/v1", schemes: ["https"])?.text == "HTTPS://Example.com/v1")
        #expect(WebAddress("\u{212A}s://example.com", schemes: ["ks"]) == nil)
        #expect(WebAddress("ks://example.com", schemes: ["ks"]) != nil)
        #expect(WebAddress("https://example.com", schemes: ["http"]) == nil)
    }
}
