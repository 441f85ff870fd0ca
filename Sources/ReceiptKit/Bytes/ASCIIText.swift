/// A receipt's strings checked for ASCII eight bytes a word and copied into the string's storage in one pass.
enum ASCIIText {
    /// The bytes of `range` as a string when all are ASCII; nil when not, or out of bounds, for the checked path.
    static func string(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>) -> String? {
        guard range.lowerBound >= bytes.startIndex, range.upperBound <= bytes.endIndex else { return nil }
        let start = range.lowerBound &- bytes.startIndex
        return unsafe bytes.withUnsafeBufferPointer { whole -> String? in
            // Sound: the range lies inside the slice (checked above); words are loaded while eight bytes are left,
            // and the string's storage gets as many bytes as it was made for.
            let part = unsafe UnsafeBufferPointer(rebasing: whole[start..<(start &+ range.count)])
            guard unsafe isASCII(part) else { return nil }
            return unsafe String(unsafeUninitializedCapacity: part.count) { target in
                unsafe target.initialize(fromContentsOf: part)
            }
        }
    }

    /// Whether every byte of `buffer` is below 0x80, read eight bytes at a time.
    @inline(__always)
    private static func isASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let raw = unsafe UnsafeRawPointer(base)
        var words: UInt64 = 0
        var index = 0
        while buffer.count &- index >= 8 {
            words |= unsafe raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        var tail: UInt8 = 0
        while index < buffer.count {
            tail |= unsafe base[index]
            index &+= 1
        }
        return words & 0x8080_8080_8080_8080 == 0 && tail & 0x80 == 0
    }
}
