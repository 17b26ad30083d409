import RSSQLMigrationsGenerator
import Testing

/// The multi-line string literals of the generated source.
@Suite struct SwiftStringLiteralTests {
    @Test func indentsEachLine() {
        #expect(
            SwiftStringLiteral.multiline("CREATE TABLE t (\n  id INTEGER\n);", indentation: "    ")
                == "\"\"\"\n    CREATE TABLE t (\n      id INTEGER\n    );\n    \"\"\"")
    }

    /// A final line break is an empty last line, and empty lines are not indented.
    @Test func keepsEmptyLines() {
        #expect(SwiftStringLiteral.multiline("a\n\nb\n", indentation: "  ") == "\"\"\"\n  a\n\n  b\n\n  \"\"\"")
        #expect(SwiftStringLiteral.multiline("", indentation: "  ") == "\"\"\"\n\n  \"\"\"")
    }

    @Test func escapesBackslashesQuotesAndControlCharacters() {
        #expect(
            SwiftStringLiteral.multiline(#"a\(b) """c" \"#, indentation: "")
                == "\"\"\"\na\\\\(b) \\\"\\\"\\\"c\\\" \\\\\n\"\"\"")
        #expect(SwiftStringLiteral.multiline("a\r\nb", indentation: "") == "\"\"\"\na\\r\nb\n\"\"\"")
        #expect(
            SwiftStringLiteral.multiline("\t\u{0}\u{1B}\u{7F}é🦊", indentation: "")
                == "\"\"\"\n\t\\u{0}\\u{1b}\\u{7f}é🦊\n\"\"\"")
    }
}
