extension BinaryInteger {
    /// The decimal digits of the number, with leading zeros up to `width` digits.
    func zeroPadded(toWidth width: Int) -> String {
        let digits = String(self)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
