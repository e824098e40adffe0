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
            var fingerprint: UInt64
        }

        internal var entries: ContiguousArray<Entry>
        internal var index: [ExactKey: Int]?

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
                index[ExactKey(entry.key, fingerprint: entry.fingerprint)] = position
            }
            return index
        }

        /// The position of `key`, if present.
        ///
        /// - Complexity: O(1) for objects above ``indexThreshold`` members; below, a scan over integer
        ///   fingerprints, which beats hashing for the few keys most objects have.
        public func position(of key: String) -> Int? {
            let fingerprint = keyFingerprint(key)
            if let index {
                return index[ExactKey(key, fingerprint: fingerprint)]
            }
            return position(of: key, fingerprint: fingerprint)
        }

        internal func position(of key: String, fingerprint: UInt64) -> Int? {
            entries.withUnsafeBufferPointer { entries in
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

/// A 64-bit hash of the UTF-8 of a key, never 0. Keys are equal exactly when their bytes are (see `keysEqual`),
/// so keys with different fingerprints always differ.
///
/// Keys are hashed eight bytes at a time: a byte-at-a-time hash such as FNV-1a is one dependent multiplication
/// per byte, a visible share of reading and encoding objects. The value is never stored or shown, so it only
/// has to agree within one process.
internal func keyFingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
    if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset &+ 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = fingerprintMix(hash ^ word)
            offset &+= 8
        }
        if offset < count {
            var tail: UInt64 = 0
            if count >= 8 {
                // The last eight bytes, overlapping what was hashed, shifted so only the new ones remain.
                let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self).littleEndian
                tail = last >> (UInt64(truncatingIfNeeded: 8 &- (count &- offset)) &* 8)
            } else {
                var shift: UInt64 = 0
                while offset < count {
                    tail |= UInt64(base[offset]) &<< shift
                    shift &+= 8
                    offset &+= 1
                }
            }
            hash = fingerprintMix(hash ^ tail)
        }
    }
    // The last round has mixed the high bits into the low ones, which the duplicate check and the key cache use.
    return hash | 1
}

/// One round of a multiply-xorshift mixer: every input bit reaches the high and the low output bits.
@inline(__always)
private func fingerprintMix(_ value: UInt64) -> UInt64 {
    let product = value &* 0xFF51_AFD7_ED55_8CCD
    return product ^ (product >> 32)
}

internal func keyFingerprint(_ key: String) -> UInt64 {
    if let fingerprint = key.utf8.withContiguousStorageIfAvailable(keyFingerprint) {
        return fingerprint
    }
    return Array(key.utf8).withUnsafeBufferPointer(keyFingerprint)
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

/// The position of the first key (of `count`, read through the closures) that repeats an earlier one, or nil.
///
/// Built for the common case, no repeat, in a small object: a 256-bit Bloom filter over the fingerprints (see
/// `keyFingerprint(_:)`) sends only likely repeats to a comparison of keys, so a scan without repeats is linear.
internal func firstRepeatedKey(count: Int, fingerprint: (Int) -> UInt64, key: (Int) -> String) -> Int? {
    var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    for later in 0..<count {
        let laterFingerprint = fingerprint(later)
        let bit = UInt64(1) << (laterFingerprint >> 8 & 63)
        let alreadySeen: Bool
        switch laterFingerprint >> 1 & 3 {  // bit 0 is always set
        case 0: alreadySeen = seen.0 & bit != 0; seen.0 |= bit
        case 1: alreadySeen = seen.1 & bit != 0; seen.1 |= bit
        case 2: alreadySeen = seen.2 & bit != 0; seen.2 |= bit
        default: alreadySeen = seen.3 & bit != 0; seen.3 |= bit
        }
        guard alreadySeen else { continue }
        for earlier in 0..<later where fingerprint(earlier) == laterFingerprint && keysEqual(key(earlier), key(later)) {
            return later
        }
    }
    return nil
}
