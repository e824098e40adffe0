// Full paths for the static-decode API's recoveries, worked out only when a report is handed back: each recovery
// made by a static `decode` keeps the object or array it was made in, and that container is found in the root
// the caller named. Objects and arrays are found by the identity of their storage, which a node shares with the
// document it was read from as long as nobody changes it; an empty one (all empty containers share one storage)
// by value, the first in document order.

extension RecoveryReport {
    /// The report with every static-decode recovery's path starting at `root`.
    func located(in root: Node) -> RecoveryReport {
        guard recoveries.contains(where: { $0.container != nil }) else { return self }
        let paths = root.pathsByStorage()
        var located = self
        for position in located.recoveries.indices {
            guard let container = located.recoveries[position].container else { continue }
            let prefix = container.storageIdentity.flatMap { paths[$0] } ?? root.firstPath(to: container) ?? []
            located.recoveries[position].path = prefix + located.recoveries[position].path
            located.recoveries[position].container = nil
        }
        return located
    }
}

extension Node {
    /// Decodes this node as `T`, adding every recovery tolerant decoding makes to `report`, each with its full
    /// path from this node: the static-decode API's counterpart of
    /// ``NodeDecoder/decode(_:from:report:)``.
    ///
    /// ```swift
    /// var report = RecoveryReport()
    /// let blog = try json.decode(as: Blog.self, report: &report)
    /// print(report)   // default used at posts[2].views: MissingKeyError at posts[2]: no key "views" in {…}
    /// ```
    ///
    /// Inside ``RecoveryReport/collect(_:)`` without a root, a static-decode recovery's path starts at the object
    /// or array it was made in.
    public func decode<T: NodeDecodable>(as type: T.Type = T.self, report: inout RecoveryReport) throws -> T {
        var found = RecoveryReport()
        defer { report.recoveries += found.located(in: self).recoveries }
        return try RecoveryReport.collect(into: &found) { try decode(path: [], as: T.self) }
    }

    /// An identity for a non-empty array's or object's storage; nil for anything else.
    fileprivate var storageIdentity: UInt? {
        switch self {
        case .array(let elements) where !elements.isEmpty:
            return elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        case .object(let object) where !object.isEmpty:
            return object.storedEntries.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        default:
            return nil
        }
    }

    /// The path of every non-empty array and object in this node, by storage identity; the first in document
    /// order where two share one. Iterative, so that depth is no concern.
    fileprivate func pathsByStorage() -> [UInt: [PathComponent]] {
        var paths: [UInt: [PathComponent]] = [:]
        var pending: [(node: Node, path: [PathComponent])] = [(self, [])]
        while let (node, path) = pending.popLast() {
            guard let identity = node.storageIdentity else { continue }
            if paths[identity] == nil { paths[identity] = path }
            for (step, child) in node.children.reversed() { pending.append((child, path + [step])) }
        }
        return paths
    }

    /// The path of the first node in document order equal to `target`.
    fileprivate func firstPath(to target: Node) -> [PathComponent]? {
        var pending: [(node: Node, path: [PathComponent])] = [(self, [])]
        while let (node, path) = pending.popLast() {
            if node == target { return path }
            for (step, child) in node.children.reversed() { pending.append((child, path + [step])) }
        }
        return nil
    }

    /// The members or elements, each with its step.
    private var children: [(PathComponent, Node)] {
        switch self {
        case .array(let elements): elements.enumerated().map { (.index($0.offset), $0.element) }
        case .object(let object): object.map { (.key($0.key), $0.value) }
        default: []
        }
    }
}
