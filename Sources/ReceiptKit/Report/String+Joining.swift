extension String {
    /// `parts` one after another, copied once into a string of their total length.
    ///
    /// The details of the checks every receipt passes are written for every input a server or a batch
    /// validates; interpolation grows the string and goes through the general append for each part,
    /// which costs about twice this.
    init(joining parts: String...) {
        var total = 0
        for part in parts {
            total += part.utf8.count
        }
        self.init(unsafeUninitializedCapacity: total) { buffer in
            // The parts are the ones just counted, so they fill `buffer` exactly.
            var index = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[index..<(index + bytes.count)]).initialize(
                        from: bytes)
                    index += bytes.count
                }
            }
            return index
        }
    }
}
