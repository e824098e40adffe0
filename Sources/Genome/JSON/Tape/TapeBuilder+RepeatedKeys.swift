// Repeated keys on the tape, settled when their object closes: rejected with the tree reader's error under
// `ReadingOptions.rejectsDuplicateKeys`, and otherwise resolved as `Node.Object` resolves them: a repeated key keeps
// its first position and takes its last value. The object is the last thing on the tape when it closes, so its
// members are rewritten in place at the tail, and the ends of the containers that move are shifted with them.

extension TapeBuilder {
    /// Checks the keys of the object `container`, whose last member was just completed, for a repeat; rejects or
    /// resolves one, and returns how many members the object keeps. An object without two equal fingerprints costs
    /// one pass over them (`firstRepeatedKey`, which never compares keys here) and nothing else: any per-object
    /// state, such as the array of key entries the slow path needs, shows in Compare's decode rows.
    @inline(__always)
    mutating func closeObject(_ container: JSONReader.Frame) throws(JSONSyntaxError) -> Int {
        let keyStart = container.keyStart
        let memberCount = keyFingerprints.count - keyStart
        let fingerprints = keyFingerprints.base + keyStart
        var kept = memberCount
        if firstRepeatedKey(count: memberCount, fingerprint: { fingerprints[$0] }, sameKey: { _, _ in true }) != nil {
            kept = try settleRepeatedKeys(of: container)
        }
        keyFingerprints.discardMoved(from: keyStart)
        return kept
    }

    /// `closeObject` for an object with two equal fingerprints: finds whether a key really repeats, and rejects or
    /// resolves it. Returns how many members the object keeps.
    @inline(never)
    private mutating func settleRepeatedKeys(of container: JSONReader.Frame) throws(JSONSyntaxError) -> Int {
        let fingerprints = keyFingerprints.base + container.keyStart
        let keys = keyEntries(of: container)
        guard
            let repeated = firstRepeatedKey(
                count: keys.count, fingerprint: { fingerprints[$0] },
                sameKey: { earlier, later in bytesEqual(keyBytes(keys[earlier]), keyBytes(keys[later])) })
        else { return keys.count }
        if rejectsDuplicateKeys { throw duplicateKeyError(keys[repeated]) }
        return resolveRepeatedKeys(of: container, keys: keys, fingerprints: fingerprints)
    }

    /// The entry of each key of the object `container`, which is the last thing written, in order.
    private func keyEntries(of container: JSONReader.Frame) -> [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(keyFingerprints.count - container.keyStart)
        var index = container.start + 1
        while index < entries.count {
            keys.append(index)
            index = end(of: index + 1)
        }
        return keys
    }

    /// The index after the value at `index` and everything inside it, for a value already complete.
    private func end(of index: Int) -> Int {
        let entry = entries.base[index]
        switch entry.kind {
        case .array, .object: return Int(truncatingIfNeeded: entry.payload)
        default: return index + 1
        }
    }

    /// The bytes of the key whose entry is at `index`.
    private func keyBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entries.base[index]
        return stringBytes(at: Int(truncatingIfNeeded: entry.payload), length: entry.count)
    }

    /// Where the key whose entry is at `index` starts in the input: before its content, for a key read in place;
    /// in the word before its bytes, for one copied to `unescaped` (see `pushKeyOffset`).
    private func keyOffset(_ index: Int) -> Int {
        let offset = Int(truncatingIfNeeded: entries.base[index].payload)
        if offset < inputCount { return offset - 1 }
        return UnsafeRawPointer(unescaped.base + (offset - inputCount - 8)).loadUnaligned(as: Int.self)
    }

    /// The tree reader's error for a repeat of the key at entry `index`.
    private func duplicateKeyError(_ index: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            .duplicateKey, reason: "expected unique keys in an object (ReadingOptions.rejectsDuplicateKeys)",
            found: "a second \(quoted(String(decoding: keyBytes(index), as: UTF8.self)))", offset: keyOffset(index),
            in: UnsafeRawBufferPointer(start: input, count: inputCount))
    }

    /// Rewrites the members of the object `container` (the last thing written) so that each key appears once, at
    /// its first position, with the value of its last member; returns how many members are left. Linear in the
    /// object's entries: the keys go through one dictionary, and each kept entry is copied once.
    private mutating func resolveRepeatedKeys(
        of container: JSONReader.Frame, keys: [Int], fingerprints: UnsafeMutablePointer<UInt64>
    ) -> Int {
        let memberCount = keys.count
        // For each member that is the first with its key, the last member with it.
        var lastWithKey = [Int](repeating: -1, count: memberCount)
        var firstWithKey = [ExactKey: Int](minimumCapacity: memberCount)
        for member in 0..<memberCount {
            let key = ExactKey(
                String(decoding: keyBytes(keys[member]), as: UTF8.self), fingerprint: fingerprints[member])
            let first = firstWithKey[key, default: member]
            firstWithKey[key] = first
            lastWithKey[first] = member
        }
        let start = container.start + 1
        let end = entries.count
        let members = Array(UnsafeBufferPointer(start: entries.base + start, count: end - start))
        var written = start
        var kept = 0
        for member in 0..<memberCount where lastWithKey[member] >= 0 {
            entries.base[written] = members[keys[member] - start]
            written += 1
            let last = lastWithKey[member]
            let value = keys[last] + 1
            let valueEnd = last + 1 < memberCount ? keys[last + 1] : end
            // A container's payload is the absolute index after it: it moves with the value.
            let shift = written - value
            for index in value..<valueEnd {
                var entry = members[index - start]
                if entry.kind == .array || entry.kind == .object {
                    entry.payload = UInt64(truncatingIfNeeded: Int(truncatingIfNeeded: entry.payload) + shift)
                }
                entries.base[written] = entry
                written += 1
            }
            kept += 1
        }
        entries.shrink(to: written)
        return kept
    }
}
