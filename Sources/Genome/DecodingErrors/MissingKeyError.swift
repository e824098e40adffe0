/// A required key (or array index) is not there.
///
/// ```swift
/// MissingKeyError at object.repo.owner: no key "name" in {"id":1,"login":"anviking"}
/// MissingKeyError at (root): no key "nmae" in {"name":"Rover"}; did you mean "name"?
/// ```
public struct MissingKeyError: NodeDecodingError, LocatedError, Sendable, Hashable {
    /// The missing step: a key, or an index past the end of an array.
    public let missing: PathComponent
    internal var location: ErrorLocation

    /// The missing key, or for an index the index as `[i]`.
    public var key: String {
        switch missing {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }

    public var path: [PathComponent] { location.path }
    /// The object (or array) that lacks the key.
    public var object: Node { location.object }
    public var rootObject: Node? { location.rootObject }

    internal init(missing: PathComponent, in object: Node) {
        self.missing = missing
        self.location = ErrorLocation(object: object, rootObject: object)
    }

    public func prefixed(by components: [PathComponent], root: Node) -> MissingKeyError {
        var copy = self
        copy.location = location.prefixed(by: components, root: root)
        return copy
    }

    /// The existing key closest in spelling to the missing one, when one is close enough to be a likely typo.
    public var suggestion: String? {
        guard case .key(let key) = missing, case .object(let object) = location.object else { return nil }
        return nearestKey(to: key, in: object.keys)
    }

    public var description: String {
        var text = "\(descriptionHead): "
        switch missing {
        case .key(let key):
            text += "no key \(quoted(key)) in \(object.boundedDescription())"
        case .index(let index):
            text += "no index \(index) in \(object.boundedDescription())"
        }
        if let suggestion {
            text += "; did you mean \(quoted(suggestion))?"
        }
        return text
    }
}

/// The candidate with the smallest edit distance to `key`, if that distance is small for the key's length.
/// Only the first few hundred candidates are looked at, so a huge object cannot make an error slow.
internal func nearestKey(to key: String, in candidates: [String]) -> String? {
    let target = Array(key.unicodeScalars)
    let allowed = max(1, target.count / 3)
    var best: (key: String, distance: Int)?
    for candidate in candidates.prefix(500) where candidate != key {
        let scalars = Array(candidate.unicodeScalars)
        guard abs(scalars.count - target.count) <= allowed else { continue }
        let distance = editDistance(target, scalars)
        if distance <= allowed && distance < (best?.distance ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.key
}

/// Levenshtein distance, counting a swap of two neighbours as one edit.
private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow = [Int](0...b.count)
    var rowBeforeThat = previousRow
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            let substitution = previousRow[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            row[j] = min(previousRow[j] + 1, row[j - 1] + 1, substitution)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = min(row[j], rowBeforeThat[j - 2] + 1)
            }
        }
        rowBeforeThat = previousRow
        previousRow = row
    }
    return previousRow[b.count]
}
