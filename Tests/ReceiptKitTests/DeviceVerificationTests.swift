import Foundation
import Testing

@testable import ReceiptKit

/// `--device-verification-id`: base64(SHA-384(nonce + device id)) as Apple documents it, against a
/// value computed outside this project.
@Suite struct DeviceVerificationTests {
    typealias M = StoreKit2Material

    @Test func valueMatchesTheIndependentComputation() throws {
        let device = try #require(DeviceVerification.DeviceID(parsing: M.device))
        #expect(device.uuid == M.device.lowercased())
        #expect(try DeviceVerification.value(nonce: M.nonce.uppercased(), device: device) == M.deviceVerification)
    }

    @Test func onlyUUIDsAreDeviceIDs() {
        for text in [
            "", "3F2A9C1E7B4D4E8A9F102C6B5D8E1A47", "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A4", "aa:bb:cc:dd:ee:ff",
            "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A4Ｆ", "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A4G",
        ] {
            #expect(DeviceVerification.DeviceID(parsing: text) == nil, "\(text)")
        }
    }

    @Test func appTransactionOfThisDeviceIsAccepted() throws {
        let report = try M.validate(try M.jws(M.appTransaction())) {
            $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.device)
        }
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.checks.contains { $0.name == .deviceVerification && $0.passed })
    }

    @Test func anotherDeviceIsRejected() throws {
        let report = try M.validate(try M.jws(M.appTransaction())) {
            $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: CheckMaterial.otherDevice)
        }
        #expect(report.status == .invalid && report.reason == .deviceVerificationMismatch)
    }

    @Test func transactionWithoutDeviceVerificationIsRejected() throws {
        let report = try M.validate(try M.jws(M.transaction())) {
            $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.device)
        }
        #expect(report.reason == .deviceVerificationMismatch)
        let bound = M.transaction(
            extra: #","deviceVerification":"\#(M.deviceVerification)","deviceVerificationNonce":"\#(M.nonce)""#)
        let accepted = try M.validate(try M.jws(bound)) {
            $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.device)
        }
        #expect(accepted.status == .valid, "\(accepted.message ?? "")")
    }

    @Test func nonceThatIsNoUUIDIsRejected() throws {
        let spec = M.appTransaction().replacingOccurrences(of: M.nonce, with: "not-a-uuid")
        let report = try M.validate(try M.jws(spec)) {
            $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.device)
        }
        #expect(report.reason == .deviceVerificationMismatch)
    }

    @Test func receiptIsNotBoundThisWay() throws {
        let outcome = try CheckMaterial.validate(CheckMaterial.signed(CheckMaterial.receipt())) {
            $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.device)
        }
        #expect(outcome.reason == .deviceVerificationMismatch)
    }
}
