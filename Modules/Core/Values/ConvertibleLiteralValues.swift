/// Reading the values of an array literal of statement arguments without copying each one.
///
/// Reading an element of `[(any DatabaseValueConvertible)?]` (`elements[index]?`, `if let`, even
/// `== nil`) copies it through the generic value witnesses of `Optional`, and destroys the copy
/// after: about 140 instructions per value, more than SQLite spends binding it. The elements are
/// read in place instead: the type of each one is read from the raw memory, values of the common
/// standard types straight from the existential's inline buffer, and others as non-optional
/// existentials.
///
/// This relies on how Swift lays out an optional existential, which is verified once at run time
/// (`isVerified`); the elements are read the ordinary way if the check ever fails:
/// - the optional has the size and stride of the existential: `.some(value)` is stored as the
///   bits of `value`, and nil as a bit pattern no value has (an "extra inhabitant");
/// - that pattern is a null type-metadata pointer, the word after the existential's three-word
///   inline buffer; every value has non-null metadata there, the metadata of its type;
/// - a value of up to three words, aligned on a word at most (`Int64`, `Int`, `Double`, `String` on
///   64-bit platforms), is stored at the start of the inline buffer.
enum ConvertibleLiteralValues {
    typealias Element = (any DatabaseValueConvertible)?

    /// The byte offset of the type-metadata pointer in an existential container.
    private static let metadataOffset = 3 * MemoryLayout<Int>.size

    /// The metadata pointers of the types read from the inline buffer.
    private struct InlineTypes {
        let int64 = metadata(of: Int64.self)
        let int = metadata(of: Int.self)
        let double = metadata(of: Double.self)
        let string = metadata(of: String.self)

        static func metadata(of type: Any.Type) -> UInt { unsafeBitCast(type, to: UInt.self) }
    }

    private static let inlineTypes = InlineTypes()

    /// Whether the layout described above holds.
    static let isVerified: Bool = {
        guard MemoryLayout<Element>.size == MemoryLayout<any DatabaseValueConvertible>.size,
            MemoryLayout<Element>.stride == MemoryLayout<any DatabaseValueConvertible>.stride,
            MemoryLayout<Element>.size > metadataOffset
        else { return false }
        func word(_ element: Element, at offset: Int) -> UInt {
            withUnsafeBytes(of: element) { $0.load(fromByteOffset: offset, as: UInt.self) }
        }
        func storesInline<T: DatabaseValueConvertible>(_ value: T) -> Bool {
            let bytes = withUnsafeBytes(of: value) { Array($0) }
            let stored = withUnsafeBytes(of: Element.some(value)) { Array($0.prefix(bytes.count)) }
            return word(value, at: metadataOffset) == InlineTypes.metadata(of: T.self) && stored == bytes
        }
        return word(nil, at: metadataOffset) == 0
            && storesInline(Int64(0x0123_4567_89AB)) && storesInline(Int(-2)) && storesInline(2.5)
            && storesInline("short") && storesInline(String(repeating: "long text ", count: 4))
    }()

    /// Calls `body` with the index and database value of each element, in order (NULL for nil).
    static func forEach(in elements: [Element], _ body: (Int, DatabaseValue) throws -> Void) rethrows {
        guard isVerified else {
            for (index, element) in elements.enumerated() { try body(index, element?.databaseValue ?? .null) }
            return
        }
        let types = inlineTypes
        try elements.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let stride = MemoryLayout<Element>.stride
            try raw.withMemoryRebound(to: (any DatabaseValueConvertible).self, capacity: buffer.count) { values in
                for index in 0..<buffer.count {
                    let element = raw + index * stride
                    let value: DatabaseValue
                    switch element.load(fromByteOffset: metadataOffset, as: UInt.self) {
                    case 0: value = .null
                    case types.int64: value = DatabaseValue(storage: .int64(element.load(as: Int64.self)))
                    case types.int: value = DatabaseValue(storage: .int64(Int64(element.load(as: Int.self))))
                    case types.double: value = DatabaseValue(storage: .double(element.load(as: Double.self)))
                    case types.string: value = DatabaseValue(storage: .string(element.load(as: String.self)))
                    default: value = values[index].databaseValue
                    }
                    try body(index, value)
                }
            }
        }
    }
}
