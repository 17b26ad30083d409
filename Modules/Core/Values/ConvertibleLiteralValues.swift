/// Reading the values of an array literal of statement arguments without copying each one.
///
/// Reading an element of `[(any DatabaseValueConvertible)?]` (`elements[index]?`, `if let`, even
/// `== nil`) copies it through the generic value witnesses of `Optional`, and destroys the copy
/// after: about 140 instructions per value, more than SQLite spends binding it. The elements are
/// read in place instead, as non-optional existentials, after a check of the nil case on the raw
/// memory.
///
/// This relies on how Swift lays out an optional existential, which is verified once at run time
/// (`isVerified`); the elements are read the ordinary way if the check ever fails:
/// - the optional has the size and stride of the existential: `.some(value)` is stored as the
///   bits of `value`, and nil as a bit pattern no value has (an "extra inhabitant");
/// - that pattern is a null type-metadata pointer, the word after the existential's three-word
///   inline buffer; every value has non-null metadata there.
enum ConvertibleLiteralValues {
    typealias Element = (any DatabaseValueConvertible)?

    /// The byte offset of the type-metadata pointer in an existential container.
    private static let metadataOffset = 3 * MemoryLayout<Int>.size

    /// Whether the layout described above holds.
    static let isVerified: Bool = {
        guard MemoryLayout<Element>.size == MemoryLayout<any DatabaseValueConvertible>.size,
            MemoryLayout<Element>.stride == MemoryLayout<any DatabaseValueConvertible>.stride,
            MemoryLayout<Element>.size > metadataOffset
        else { return false }
        func metadataWord(_ element: Element) -> UInt {
            withUnsafeBytes(of: element) { $0.load(fromByteOffset: metadataOffset, as: UInt.self) }
        }
        return metadataWord(nil) == 0 && metadataWord(Int64(1)) != 0 && metadataWord("") != 0
    }()

    /// Calls `body` with the index and database value of each element, in order (NULL for nil).
    static func forEach(in elements: [Element], _ body: (Int, DatabaseValue) throws -> Void) rethrows {
        guard isVerified else {
            for (index, element) in elements.enumerated() { try body(index, element?.databaseValue ?? .null) }
            return
        }
        try elements.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let stride = MemoryLayout<Element>.stride
            try raw.withMemoryRebound(to: (any DatabaseValueConvertible).self, capacity: buffer.count) { values in
                for index in 0..<buffer.count {
                    let metadata = raw.load(fromByteOffset: index * stride + metadataOffset, as: UInt.self)
                    try body(index, metadata == 0 ? .null : values[index].databaseValue)
                }
            }
        }
    }
}
