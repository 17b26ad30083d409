/// A table, a view or another object of the database, named in its schema.
public struct DatabaseObjectID: Hashable, Sendable {
    /// The name of the object.
    public var name: String

    /// The schema that holds the object.
    public var schemaID: DatabaseSchemaID

    /// The object named `name` in the schema `schemaID`.
    public init(name: String, schemaID: DatabaseSchemaID) {
        self.name = name
        self.schemaID = schemaID
    }
}
