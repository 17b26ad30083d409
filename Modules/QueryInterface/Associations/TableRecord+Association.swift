import RSCore

extension TableRecord {
    /// The destination relation of an association to this record's table: its `databaseSelection`.
    static var associationDestination: SQLRelation {
        QueryInterfaceRequest<Self>(table: databaseTableName, selection: databaseSelection).relation
    }

    /// An association to the record that this record's foreign key refers to: a book belongs to
    /// its author.
    ///
    /// ```swift
    /// struct Book: TableRecord {
    ///     static let author = belongsTo(Author.self)
    /// }
    /// let request = Book.including(required: Book.author)
    /// ```
    ///
    /// - parameters:
    ///   - destination: The type of the associated record.
    ///   - key: The key of the association (by default, the singular of the destination table name).
    ///   - foreignKey: The foreign key, in this record's table (by default, the schema's only
    ///     foreign key from this table to the destination table).
    public static func belongsTo<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> BelongsToAssociation<Self, Destination> {
        BelongsToAssociation(
            from: databaseTableName, to: Destination.associationDestination, key: key, using: foreignKey)
    }

    /// An association to the record whose foreign key refers to this record: a country has one profile.
    ///
    /// - parameters:
    ///   - destination: The type of the associated record.
    ///   - key: The key of the association (by default, the singular of the destination table name).
    ///   - foreignKey: The foreign key, in the destination table (by default, the schema's only
    ///     foreign key from the destination table to this table).
    public static func hasOne<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasOneAssociation<Self, Destination> {
        HasOneAssociation(from: databaseTableName, to: Destination.associationDestination, key: key, using: foreignKey)
    }

    /// An association to the records whose foreign key refers to this record: an author has many books.
    ///
    /// ```swift
    /// struct Author: TableRecord {
    ///     static let books = hasMany(Book.self)
    /// }
    /// let request = Author.including(all: Author.books)
    /// ```
    ///
    /// - parameters:
    ///   - destination: The type of the associated records.
    ///   - key: The key of the association (by default, the plural of the destination table name).
    ///   - foreignKey: The foreign key, in the destination table (by default, the schema's only
    ///     foreign key from the destination table to this table).
    public static func hasMany<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasManyAssociation<Self, Destination> {
        HasManyAssociation(from: databaseTableName, to: Destination.associationDestination, key: key, using: foreignKey)
    }

    /// An association to the row of a table that this record's foreign key refers to.
    public static func belongsTo<Destination>(
        _ destination: Table<Destination>, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> BelongsToAssociation<Self, Destination> {
        BelongsToAssociation(from: databaseTableName, to: destination.all().relation, key: key, using: foreignKey)
    }

    /// An association to the row of a table whose foreign key refers to this record.
    public static func hasOne<Destination>(
        _ destination: Table<Destination>, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasOneAssociation<Self, Destination> {
        HasOneAssociation(from: databaseTableName, to: destination.all().relation, key: key, using: foreignKey)
    }

    /// An association to the rows of a table whose foreign key refers to this record.
    public static func hasMany<Destination>(
        _ destination: Table<Destination>, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasManyAssociation<Self, Destination> {
        HasManyAssociation(from: databaseTableName, to: destination.all().relation, key: key, using: foreignKey)
    }

    /// An association to the records that another association's records lead to: a country has
    /// many citizens through its passports.
    ///
    /// ```swift
    /// struct Country: TableRecord {
    ///     static let passports = hasMany(Passport.self)
    ///     static let citizens = hasMany(Citizen.self, through: passports, using: Passport.citizen)
    /// }
    /// let request = Country.including(all: Country.citizens)
    /// ```
    ///
    /// - parameters:
    ///   - destination: The type of the associated records.
    ///   - pivot: The association from this record to the pivot records.
    ///   - target: The association from the pivot records to the destination records.
    ///   - key: The key of the association (by default, the key of `target`).
    public static func hasMany<Pivot: Association, Target: Association>(
        _ destination: Target.RowDecoder.Type, through pivot: Pivot, using target: Target, key: String? = nil
    ) -> HasManyThroughAssociation<Self, Target.RowDecoder>
    where Pivot.OriginRowDecoder == Self, Pivot.RowDecoder == Target.OriginRowDecoder {
        HasManyThroughAssociation(through: pivot, using: target, key: key)
    }

    /// An association to the record that another association's record leads to: a book has one
    /// country through its author.
    ///
    /// ```swift
    /// struct Book: TableRecord {
    ///     static let author = belongsTo(Author.self)
    ///     static let country = hasOne(Country.self, through: author, using: Author.country)
    /// }
    /// ```
    ///
    /// - parameters:
    ///   - destination: The type of the associated record.
    ///   - pivot: The association from this record to the pivot record.
    ///   - target: The association from the pivot record to the destination record.
    ///   - key: The key of the association (by default, the key of `target`).
    public static func hasOne<Pivot: AssociationToOne, Target: AssociationToOne>(
        _ destination: Target.RowDecoder.Type, through pivot: Pivot, using target: Target, key: String? = nil
    ) -> HasOneThroughAssociation<Self, Target.RowDecoder>
    where Pivot.OriginRowDecoder == Self, Pivot.RowDecoder == Target.OriginRowDecoder {
        HasOneThroughAssociation(through: pivot, using: target, key: key)
    }

    /// A request of all records, each with all its associated records: `Author.including(all: Author.books)`.
    public static func including<A: AssociationToMany>(all association: A) -> QueryInterfaceRequest<Self>
    where A.OriginRowDecoder == Self {
        all().including(all: association)
    }

    /// A request of all records, each with its associated record, if any.
    public static func including<A: Association>(optional association: A) -> QueryInterfaceRequest<Self>
    where A.OriginRowDecoder == Self {
        all().including(optional: association)
    }

    /// A request of the records that have an associated record, each with it.
    public static func including<A: Association>(required association: A) -> QueryInterfaceRequest<Self>
    where A.OriginRowDecoder == Self {
        all().including(required: association)
    }

    /// A request of all records, joined to their associated record, if any.
    public static func joining<A: Association>(optional association: A) -> QueryInterfaceRequest<Self>
    where A.OriginRowDecoder == Self {
        all().joining(optional: association)
    }

    /// A request of the records that have an associated record.
    public static func joining<A: Association>(required association: A) -> QueryInterfaceRequest<Self>
    where A.OriginRowDecoder == Self {
        all().joining(required: association)
    }

    /// A request of all records, with the columns that an association selects, NULL where there is
    /// no associated record.
    public static func annotated<A: Association>(withOptional association: A) -> QueryInterfaceRequest<Self>
    where A.OriginRowDecoder == Self {
        all().annotated(withOptional: association)
    }

    /// A request of the records that have an associated record, with the columns it selects.
    public static func annotated<A: Association>(withRequired association: A) -> QueryInterfaceRequest<Self>
    where A.OriginRowDecoder == Self {
        all().annotated(withRequired: association)
    }
}
