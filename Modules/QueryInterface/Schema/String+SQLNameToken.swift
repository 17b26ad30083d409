extension String {
    /// The string as an SQL name: as is when it is a plain identifier of ASCII letters, digits and
    /// underscores (`NOCASE`), and quoted otherwise (`"my collation"`), so that it cannot be read as
    /// anything but one name.
    var sqlNameToken: String {
        let isPlain =
            !isEmpty
            && unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "_": return true
                default: return false
                }
            }
            && !(unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false)
        return isPlain ? self : quotedDatabaseIdentifier
    }
}
