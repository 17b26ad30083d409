extension String {
    /// The identifier with its ASCII letters lowercased: two identifiers are the same for SQLite
    /// (which folds the case of ASCII letters only) when their normalized forms are equal.
    ///
    /// An identifier without uppercase ASCII letters, the common case, is returned as is.
    package var normalizedIdentifier: String {
        var string = self
        let needsLowercasing = string.withUTF8 { bytes in bytes.contains(where: { (0x41...0x5A).contains($0) }) }
        guard needsLowercasing else { return self }
        return string.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() {
                    buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }

    /// The normalized form (see `normalizedIdentifier`) of a C string that SQLite gives, made in
    /// one copy. `Strings` of up to 15 bytes, most identifiers, are not allocated.
    package init(normalizedIdentifier cString: UnsafePointer<CChar>) {
        let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
        var count = 0
        while bytes[count] != 0 { count += 1 }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count {
                let byte = bytes[index]
                buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            return count
        }
    }
}
