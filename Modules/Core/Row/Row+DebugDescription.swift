extension Row: CustomDebugStringConvertible {
    /// The row, its unadapted row, and its scopes, one per line:
    ///
    /// ```
    /// ▿ [id:1 name:"Arthur"]
    ///   unadapted: [id:1 name:"Arthur" id:2 name:"Reds"]
    ///   - team: [id:2 name:"Reds"]
    /// ```
    ///
    /// A row equal to its unadapted row (a row without adapter, or whose adapter changes nothing)
    /// is described as `description` is.
    public var debugDescription: String {
        let unadapted = self.unadapted
        if self == unadapted { return description }
        var lines = ["▿ " + description, "  unadapted: " + unadapted.description]
        appendScopes(to: &lines, depth: 1)
        return lines.joined(separator: "\n")
    }

    private func appendScopes(to lines: inout [String], depth: Int) {
        let indentation = String(repeating: "  ", count: depth)
        for (name, row) in scopes {
            lines.append(indentation + "- " + name + ": " + row.description)
            row.appendScopes(to: &lines, depth: depth + 1)
        }
    }
}
