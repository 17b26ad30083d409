import Foundation
import ReactiveSQLite
import Testing

@Suite struct PersistenceContainerTests {
    @Test func typedAndUntypedSubscriptsStoreTheSameValues() {
        var container = PersistenceContainer()
        let id: Int64 = 1
        let score: Double? = nil
        let untyped: (any DatabaseValueConvertible)? = "Arthur"
        container["id"] = id
        container["name"] = untyped
        container["score"] = score
        container[Column("ratio")] = 2.5
        container["nothing"] = nil
        #expect(container.columns == ["id", "name", "score", "ratio", "nothing"])
        #expect(container.values == [1.databaseValue, "Arthur".databaseValue, .null, 2.5.databaseValue, .null])

        let typedID: Int64? = container["id"]
        let idAsDouble: Double? = container["ID"]
        let typedName: String? = container[Column("name")]
        let missing: String? = container["missing"]
        #expect(typedID == 1)
        #expect(idAsDouble == 1.0)
        #expect(typedName == "Arthur")
        #expect(missing == nil)
        #expect(container["id"] as? Int64 == 1)
        #expect(container[Column("ratio")] as? Double == 2.5)
        #expect(container["score"] == nil)
    }

    @Test func settingAColumnAgainReplacesItsValueInPlaceWhateverTheCase() {
        var container = PersistenceContainer()
        container["id"] = Int64(1)
        container["name"] = "Arthur"
        container["NAME"] = "Barbara"
        container[Column("Id")] = Int64(2)
        #expect(container.columns == ["id", "name"])
        #expect(container.values == [2.databaseValue, "Barbara".databaseValue])
    }

    @Test func manyColumnsAndNonASCIINamesAreFoundAgain() {
        var container = PersistenceContainer()
        for index in 0..<100 { container["c\(index)"] = Int64(index) }
        container["café"] = "a"
        container["naïve"] = "b"
        for index in 0..<100 { container["C\(index)"] = Int64(-index) }
        // SQLite folds ASCII letters only: "CAFé" is "café", "CAFÉ" another column.
        container["CAFé"] = "c"
        container["CAFÉ"] = "d"
        #expect(container.columns.count == 103)
        #expect(container.values.prefix(3) == [0.databaseValue, (-1).databaseValue, (-2).databaseValue])
        #expect(container.databaseValue(forColumn: "C99") == (-99).databaseValue)
        #expect(container.databaseValue(forColumn: "Café") == "c".databaseValue)
        #expect(container.databaseValue(forColumn: "cafÉ") == "d".databaseValue)
        #expect(container.databaseValue(forColumn: "naïve") == "b".databaseValue)
        #expect(container.databaseValue(forColumn: "c100") == nil)
    }
}
