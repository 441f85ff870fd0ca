extension String {
    /// `parts` one after another, in a string whose storage is made once, of their total length.
    ///
    /// The details of the checks every receipt passes are written for every input a server or a batch
    /// validates; interpolation grows the string as it goes, part by part.
    init(joining parts: String...) {
        self = ByteAppend.joined(parts)
    }
}
