import Synchronization

#if canImport(ReceiptStore)
    import ReceiptStore
#endif

/// Valid notifications read into rows by the intake target, so far: the replay shows the kept corpus
/// reaches the row, not only the verifier.
let keptRows = Atomic(0)

/// The notification store's intake and import path, before the store: a file split into notification bodies
/// (a history response's elements), each verified, and a valid notification read into the row it is kept as.
extension FuzzHarness {
    func intake(_ bytes: [UInt8]) throws(FuzzFinding) {
        let bodies = NotificationBodies.split(bytes)
        guard !bodies.isEmpty || bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "{") else {
            throw FuzzFinding("a file that is no history response split into no body")
        }
        for body in bodies.prefix(64) {
            let report = pinnedValidator.validate(body, input: "fuzz")
            guard report.exitStatus == 0 else { continue }
            let kept: StoredNotification
            do throws(StoredNotification.NotKept) {
                kept = try StoredNotification(report: report, body: body, receivedAtMilliseconds: 0)
            } catch {
                continue
            }
            keptRows.add(1, ordering: .relaxed)
            // The row says what the verified payload says, and keeps the body as it came.
            guard case .notification(let payload)? = report.jws?.payload, payload.notificationUUID == kept.uuid,
                !kept.uuid.isEmpty, kept.uuid.utf8.count <= 128, Array(kept.body.utf8) == body
            else {
                throw FuzzFinding("a kept notification's row differs from its verified payload: \(kept.uuid)")
            }
        }
    }
}
