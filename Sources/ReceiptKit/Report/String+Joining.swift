extension String {
    /// `parts` one after another, in storage made once: every input's check details are written this way.
    init(joining parts: String...) {
        self = ByteAppend.joined(parts)
    }
}
