/// A `StaticString`'s bytes, which the standard library hands out only through a pointer.
enum StaticText {
    /// Appends `text`'s UTF-8 bytes: up to four one by one, more at once.
    @inline(__always)
    static func append(_ text: StaticString, to out: inout [UInt8]) {
        // Sound: `withUTF8Buffer` hands over the literal's bytes for the call alone; copied before it returns.
        text.withUTF8Buffer { bytes in
            if bytes.count <= 4 {
                for index in 0..<bytes.count { out.append(unsafe bytes[index]) }
            } else {
                unsafe out.append(contentsOf: bytes)
            }
        }
    }

    /// Whether the bytes from index `start` of `bytes` begin with `text`'s; false when fewer are left.
    static func matches(_ text: StaticString, in bytes: ArraySlice<UInt8>, at start: Int) -> Bool {
        text.withUTF8Buffer { expected in
            // Sound: each index of `expected` is below its count; `bytes` is read by checked indices.
            guard start >= bytes.startIndex, bytes.endIndex &- start >= expected.count else { return false }
            return expected.indices.allSatisfy { unsafe bytes[start &+ $0] == expected[$0] }
        }
    }

    /// Negative, zero or positive as `text`'s UTF-8 bytes sort before, the same as, or after `other`'s.
    static func order(of text: StaticString, against other: String) -> Int {
        text.withUTF8Buffer { textBytes in
            // Sound: `index` is checked against the count before each read of `textBytes`.
            var index = 0
            for byte in other.utf8 {
                guard index < textBytes.count else { return -1 }
                let textByte = unsafe textBytes[index]
                if textByte != byte { return textByte < byte ? -1 : 1 }
                index += 1
            }
            return index < textBytes.count ? 1 : 0
        }
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s.
    static func precedes(_ a: StaticString, _ b: StaticString) -> Bool {
        a.withUTF8Buffer { a in b.withUTF8Buffer { b in unsafe a.lexicographicallyPrecedes(b) } }
    }
}
