/// Appends to the writers' byte arrays from scratch space and from a string's storage, each piece at once.
enum ByteAppend {
    /// The first `count` bytes (at most 24) of three little-endian words: a date, digits or hex built in registers.
    @inline(__always)
    static func append(_ low: UInt64, _ middle: UInt64, _ high: UInt64, count: Int, to out: inout [UInt8]) {
        let count = min(count, 24)
        guard count > 0 else { return }
        unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
            // Sound: 3 words of 8 are stored at offsets 0, 8 and 16 of 24 bytes; `count <= 24` of them are appended.
            let raw = UnsafeMutableRawBufferPointer(scratch)
            unsafe raw.storeBytes(of: low.littleEndian, toByteOffset: 0, as: UInt64.self)
            unsafe raw.storeBytes(of: middle.littleEndian, toByteOffset: 8, as: UInt64.self)
            unsafe raw.storeBytes(of: high.littleEndian, toByteOffset: 16, as: UInt64.self)
            unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<count]))
        }
    }

    /// The decimal digits of `magnitude`, signed, written from the end of scratch space and appended at once.
    static func appendDecimal(_ magnitude: UInt64, negative: Bool, to out: inout [UInt8]) {
        unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
            // Sound: at most 21 bytes are stored, at indices from 20 down to 0; the bytes appended are those stored.
            var start = 21
            var rest = magnitude
            repeat {
                start &-= 1
                unsafe digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if negative {
                start &-= 1
                unsafe digits[start] = UInt8(ascii: "-")
            }
            unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<21]))
        }
    }

    /// `bytes` as lowercase hex: the one hex writer; short values digit by digit, longer ones at once.
    static func appendHex(_ bytes: some Collection<UInt8>, to out: inout [UInt8]) {
        guard bytes.count > 8 else {
            for byte in bytes {
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0x0F))
            }
            return
        }
        unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 2) { digits in
            // Sound: two digits are stored for each byte, so `index + 1 < digits.count`; those stored are appended.
            var index = 0
            for byte in bytes {
                unsafe digits[index] = hexDigit(byte >> 4)
                unsafe digits[index &+ 1] = hexDigit(byte & 0x0F)
                index &+= 2
            }
            unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[0..<index]))
        }
    }

    /// The lowercase hex digit of a nibble (0 to 15).
    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }

    /// `text`'s UTF-8 bytes, copied from its own storage at once.
    @inline(__always)
    static func append(utf8 text: String, to out: inout [UInt8]) {
        var text = text
        // Sound: `withUTF8` hands over the string's bytes for the call alone, copied before it returns.
        text.withUTF8 { unsafe out.append(contentsOf: $0) }
    }

    /// `parts` one after another in a string whose storage is made once, each copied from its own storage.
    static func joined(_ parts: [String]) -> String {
        var total = 0
        for part in parts {
            total += part.utf8.count
        }
        return unsafe String(unsafeUninitializedCapacity: total) { buffer in
            // Sound: the parts just counted fill `buffer` exactly; each copy gets its count, checked against the rest.
            var index = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard bytes.count <= buffer.count &- index else { return }
                    _ = unsafe UnsafeMutableBufferPointer(rebasing: buffer[index..<(index + bytes.count)])
                        .initialize(fromContentsOf: bytes)
                    index += bytes.count
                }
            }
            return index
        }
    }
}
