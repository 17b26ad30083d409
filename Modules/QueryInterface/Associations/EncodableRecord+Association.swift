import RSCore

extension TableRecord where Self: EncodableRecord {
    /// The request of the records that an association links this record to:
    /// `author.request(for: Author.books)`, `book.request(for: Book.author)`.
    ///
    /// ```swift
    /// extension Author {
    ///     var books: QueryInterfaceRequest<Book> { request(for: Author.books) }
    /// }
    /// // SELECT * FROM "book" WHERE "authorId" = ?
    /// let books = try author.books.fetchAll(db)
    /// ```
    ///
    /// A record whose key is NULL is linked to no record. The request keeps the association's
    /// filters, ordering and joins. The request of an association through others joins its pivots,
    /// the first of them filtered on the record's values.
    public func request<A: Association>(for association: A) -> QueryInterfaceRequest<A.RowDecoder>
    where A.OriginRowDecoder == Self {
        // The values are read now, the columns when the request runs: its error is then thrown.
        let container = Result { try persistenceContainer() }
        var association = association._sqlAssociation
        let condition = association.pivot.condition
        association.pivot.relation.filterWhenConnected { db in
            let container = try container.get()
            var conditions: [SQLExpression] = []
            for pair in try condition.columnPairs(db, for: "request(for:)") {
                let value = container.databaseValue(forColumn: pair.origin) ?? .null
                if value.isNull { return false }
                conditions.append(Column(pair.destination) == value)
            }
            return conditions.joined(operator: .and)
        }
        return QueryInterfaceRequest(relation: association.destinationRelation())
    }
}
