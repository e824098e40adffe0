internal import CGenomeShims

extension Node {
    /// A JSON object: unique string keys in insertion order.
    ///
    /// Keys are distinct when their Unicode scalars differ, as RFC 8259 compares member names: `"é"` (U+00E9) and
    /// `"e\u{301}"` (`e` and a combining acute accent) are two keys, though Swift's `==` calls the two strings
    /// equal. Lookups, equality and the reader's duplicate check all follow that rule.
    ///
    /// Members keep the order they were inserted in (for a parsed document, document order), and
    /// ``Node/serialized(_:)`` writes them in that order unless asked for `.sortedKeys`.
    ///
    /// Small objects are searched linearly, which is faster than hashing for the handful of keys most JSON
    /// objects have. Objects with more than ``indexThreshold`` members also carry a key index, built once, so
    /// that lookups stay O(1) however large the object grows.
    ///
    /// Equality ignores order: two objects are equal when they have the same keys with equal values.
    ///
    /// ```swift
    /// var object: Node.Object = ["b": 1, "a": 2]
    /// object["c"] = true          // appends
    /// object["b"] = nil           // removes
    /// object.keys                 // ["a", "c"]
    /// for (key, value) in object { print(key, value) }
    /// ```
    public struct Object: Sendable {
        /// One key and its value, as the object's elements are iterated.
        public typealias Member = (key: String, value: Node)

        /// Above this many members an object keeps a `[String: Int]` index of its keys.
        public static let indexThreshold = 64

        /// A member with its key's fingerprint (see `keyFingerprint(_:)`), which makes a linear search a scan
        /// over integers with a byte comparison only on a likely match.
        internal struct Entry: Sendable {
            var key: String
            var value: Node
            /// Half of the key's fingerprint. Declared after the 17-byte value, it fills the padding that would
            /// follow it: an entry takes 40 bytes instead of 48 (a parsed twitter.json's objects, 107 KB less).
            var fingerprint: FoldedFingerprint

            init(key: String, value: Node, fingerprint: UInt64) {
                self.key = key
                self.value = value
                self.fingerprint = FoldedFingerprint(fingerprint)
            }

            /// A member whose fingerprint is worked out here.
            init(key: String, value: Node) {
                self.init(key: key, value: value, fingerprint: keyFingerprint(key))
            }
        }

        // The storage: only this file reads or writes it directly. The rest of Genome goes through the building
        // and reading API below ("Building and reading").
        private var entries: ContiguousArray<Entry>
        private var index: [ExactKey: Int]?

        /// An empty object.
        public init() {
            entries = []
            index = nil
        }

        /// Builds an object from entries whose keys the caller guarantees are unique; `index` must be nil or
        /// map every key to its position.
        internal init(uniqueEntries: ContiguousArray<Entry>, index: [ExactKey: Int]?) {
            self.entries = uniqueEntries
            self.index = uniqueEntries.count > Self.indexThreshold ? (index ?? Self.makeIndex(uniqueEntries)) : nil
        }

        /// Builds an object from members in order. A repeated key keeps its first position and takes the last
        /// value, the same rule the JSON reader applies to duplicate keys.
        public init(_ members: some Sequence<(key: String, value: Node)>) {
            self.init()
            for (key, value) in members {
                self[key] = value
            }
        }

        private static func makeIndex(_ entries: ContiguousArray<Entry>) -> [ExactKey: Int] {
            var index = [ExactKey: Int](minimumCapacity: entries.count)
            for (position, entry) in entries.enumerated() {
                index[ExactKey(entry.key, folded: entry.fingerprint)] = position
            }
            return index
        }

        /// The position of `key`, if present.
        ///
        /// - Complexity: O(1) for objects above ``indexThreshold`` members. Below, O(1) when `key` is the member
        ///   after the one this thread found last in this object, as when a static `decode` reads its fields in
        ///   document order; otherwise a scan over integer fingerprints, which beats hashing for the few keys most
        ///   objects have.
        public func position(of key: String) -> Int? {
            if index != nil { return unhintedPosition(of: key) }
            return entries.withUnsafeBufferPointer { entries -> Int? in
                guard let base = entries.baseAddress else { return nil }
                // The member after the one this thread found last in these entries first (see LookupHint).
                let storage = UInt(bitPattern: base)
                let hint = LookupHint.current
                if hint.pointee.storage == storage {
                    let next = hint.pointee.next
                    if next < entries.count && keysEqual(entries[next].key, key) {
                        hint.pointee.next = next + 1
                        return next
                    }
                }
                let fingerprint = FoldedFingerprint(keyFingerprint(key))
                for position in entries.indices
                where entries[position].fingerprint == fingerprint && keysEqual(entries[position].key, key) {
                    hint.pointee = genome_lookup_hint(storage: storage, next: position + 1)
                    return position
                }
                return nil
            }
        }

        /// `position(of:)` without this thread's hint, for a caller that keeps a hint of its own.
        internal func unhintedPosition(of key: String) -> Int? {
            let fingerprint = keyFingerprint(key)
            if let index { return index[ExactKey(key, fingerprint: fingerprint)] }
            return position(of: key, fingerprint: fingerprint)
        }

        internal func position(of key: String, fingerprint: UInt64) -> Int? {
            let fingerprint = FoldedFingerprint(fingerprint)
            return entries.withUnsafeBufferPointer { entries in
                // A scan over integers, with a byte comparison only on a likely match.
                for position in entries.indices
                where entries[position].fingerprint == fingerprint && keysEqual(entries[position].key, key) {
                    return position
                }
                return nil
            }
        }

        /// The value for `key`; setting `nil` removes the member, setting a new key appends it.
        public subscript(key: String) -> Node? {
            get {
                guard let position = position(of: key) else { return nil }
                return entries[position].value
            }
            set {
                if let position = position(of: key) {
                    if let newValue {
                        entries[position].value = newValue
                    } else {
                        entries.remove(at: position)
                        index = entries.count > Self.indexThreshold ? Self.makeIndex(entries) : nil
                    }
                } else if let newValue {
                    let fingerprint = keyFingerprint(key)
                    entries.append(Entry(key: key, value: newValue, fingerprint: fingerprint))
                    if index != nil {
                        index![ExactKey(key, fingerprint: fingerprint)] = entries.count - 1
                    } else if entries.count > Self.indexThreshold {
                        index = Self.makeIndex(entries)
                    }
                }
            }
        }

        /// The keys, in order.
        public var keys: [String] { entries.map(\.key) }

        /// The values, in key order.
        public var values: [Node] { entries.map(\.value) }

        /// Removes the member for `key` and returns its value, if there was one.
        @discardableResult
        public mutating func removeValue(forKey key: String) -> Node? {
            let old = self[key]
            self[key] = nil
            return old
        }

        /// The members ordered by key, comparing keys by their UTF-8 bytes (the `.sortedKeys` order).
        public func sortedByKey() -> [Member] {
            sortedEntries().map { ($0.key, $0.value) }
        }

        /// The entries in `.sortedKeys` order: the one definition of that order, shared by the writer and
        /// `NodeEncoder`.
        internal func sortedEntries() -> ContiguousArray<Entry> {
            var sorted = entries
            sorted.sort(by: Self.precedesInKeyOrder)
            return sorted
        }

        /// Keys compare by their UTF-8 bytes, so the order never depends on Unicode normalisation or locale.
        internal static func precedesInKeyOrder(_ lhs: Entry, _ rhs: Entry) -> Bool {
            lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
    }
}

extension Node.Object: RandomAccessCollection {
    public typealias Index = Int
    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Member { (entries[position].key, entries[position].value) }
}

extension Node.Object: ExpressibleByDictionaryLiteral {
    /// A literal with a repeated key keeps the first position and the last value.
    public init(dictionaryLiteral elements: (String, Node)...) {
        self.init(elements.lazy.map { (key: $0.0, value: $0.1) })
    }
}

extension Node.Object: Equatable {
    /// Equal when both have the same keys with equal values, in any order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        Node.object(lhs) == Node.object(rhs)
    }
}

extension Node.Object: Hashable {
    /// Agrees with `==`: see `Node.hash(into:)`.
    public func hash(into hasher: inout Hasher) {
        Node.object(self).hash(into: &hasher)
    }
}

// MARK: - Building and reading

// The internal API through which Genome's reader, writer and coders build objects and read their members, so
// that the storage (entries with fingerprints, and an index above `indexThreshold` members) is known to this file
// only.
extension Node.Object {
    /// Builds an object from members collected in order, which may repeat a key: a repeated key keeps its first
    /// position and its last value, as everywhere in Genome. Built for the common case, no repeat, which costs one
    /// scan over the fingerprints and no copy.
    internal init(collected members: ContiguousArray<Entry>) {
        if Self.hasRepeatedKey(members) {
            self.init(members.lazy.map { (key: $0.key, value: $0.value) })
        } else {
            self.init(uniqueEntries: members, index: nil)
        }
    }

    /// The members as stored, in order: the same storage, not a copy.
    internal var storedEntries: ContiguousArray<Entry> { entries }

    /// The member at `position` (`0..<count`), with its fingerprint.
    @inline(__always)
    internal func entry(at position: Int) -> Entry { entries[position] }

    /// Swaps the value at `position` (`0..<count`) with `value`, in place. How a walk moves a child out of its
    /// object to change it without copying it (the object no longer holds a reference), and back afterwards.
    internal mutating func swapValue(at position: Int, with value: inout Node) {
        swap(&entries[position].value, &value)
    }

    /// The value at `hint` when the member there has `key`, else nil: how a decoder that reads members in document
    /// order finds each one without a search.
    @inline(__always)
    internal func value(at hint: Int, ifKeyIs key: String) -> Node? {
        entries.withUnsafeBufferPointer { entries -> Node? in
            // Not `condition ? value : nil`: Node is ExpressibleByNilLiteral, so that `nil` would be `.null`.
            guard hint < entries.count && keysEqual(entries[hint].key, key) else { return .none }
            return entries[hint].value
        }
    }

    private static func hasRepeatedKey(_ entries: ContiguousArray<Entry>) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            firstRepeatedKey(
                count: entries.count, fingerprint: { entries[$0].fingerprint.widened }, key: { entries[$0].key })
                != nil
        }
    }
}
