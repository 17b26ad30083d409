extension OrderedDiff {
    /// An element of the old array whose identity is not in the new one.
    public struct Deletion {
        /// Its offset in the old array.
        public let offset: Int
        /// The element, as it was.
        public let element: Element

        /// The deletion of `element` at `offset` in the old array.
        public init(offset: Int, element: Element) {
            self.offset = offset
            self.element = element
        }
    }

    /// An element of the new array whose identity was not in the old one.
    public struct Insertion {
        /// Its offset in the new array.
        public let offset: Int
        /// The element.
        public let element: Element

        /// The insertion of `element` at `offset` in the new array.
        public init(offset: Int, element: Element) {
            self.offset = offset
            self.element = element
        }
    }

    /// An element of both arrays whose order relative to the others changed.
    public struct Move {
        /// Its offset in the old array.
        public let from: Int
        /// Its offset in the new array.
        public let to: Int
        /// The element, as it is in the new array.
        public let element: Element

        /// The move of `element` from `from` in the old array to `to` in the new array.
        public init(from: Int, to: Int, element: Element) {
            self.from = from
            self.to = to
            self.element = element
        }
    }

    /// An element of both arrays whose value changed.
    public struct Update {
        /// Its offset in the old array.
        public let oldOffset: Int
        /// Its offset in the new array.
        public let newOffset: Int
        /// The element, as it is in the new array.
        public let element: Element

        /// The update of the element at `oldOffset` in the old array and `newOffset` in the new one
        /// to `element`.
        public init(oldOffset: Int, newOffset: Int, element: Element) {
            self.oldOffset = oldOffset
            self.newOffset = newOffset
            self.element = element
        }
    }
}

extension OrderedDiff.Deletion: Sendable where Element: Sendable {}
extension OrderedDiff.Deletion: Equatable where Element: Equatable {}
extension OrderedDiff.Insertion: Sendable where Element: Sendable {}
extension OrderedDiff.Insertion: Equatable where Element: Equatable {}
extension OrderedDiff.Move: Sendable where Element: Sendable {}
extension OrderedDiff.Move: Equatable where Element: Equatable {}
extension OrderedDiff.Update: Sendable where Element: Sendable {}
extension OrderedDiff.Update: Equatable where Element: Equatable {}
