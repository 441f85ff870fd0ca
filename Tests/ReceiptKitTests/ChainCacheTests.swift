import Testing

@testable import ReceiptKit

/// The chain cache keeps its first few chains in the ring alone and moves to the table when a chain more
/// comes: every chain is found again, by its own key, on either side of that move.
@Suite struct ChainCacheTests {
    private static func chain(_ number: Int) -> (ChainKey, VerifiedChain) {
        let key = ChainKey(bytes: [UInt8](repeating: UInt8(number), count: 10 + number))
        let chain = VerifiedChain(
            signer: nil, signerKey: nil, kind: nil, chain: [], passed: [(.chain, "chain \(number)")], failure: nil)
        return (key, chain)
    }

    @Test(arguments: [1, 4, 5, 9])
    func everyChainIsFoundByItsOwnKey(count: Int) {
        var cache = ChainCache()
        for number in 0..<count {
            let (key, chain) = Self.chain(number)
            cache.insert(key, chain)
            cache.insert(key, chain)
        }
        #expect(cache.count == count)
        #expect(cache.bytes == (0..<count).reduce(0) { $0 + 10 + $1 })
        for number in (0..<count).reversed() {
            let found = cache.lookUp(Self.chain(number).0)
            #expect(found?.passed.first?.1 == "chain \(number)", "chain \(number) of \(count)")
        }
        #expect(cache.lookUp(Self.chain(count).0) == nil)
    }
}
