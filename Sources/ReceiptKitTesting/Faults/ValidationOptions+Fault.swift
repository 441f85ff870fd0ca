import ReceiptKit

extension ValidationOptions {
    /// Makes the check `name` names fail as if OpenSSL had, so that a test reaches the paths no input can;
    /// false, with nothing changed, for any other name.
    public mutating func injectFault(named name: String) -> Bool {
        guard let fault = InjectedFault(rawValue: name) else { return false }
        injectedFault = fault
        return true
    }
}
