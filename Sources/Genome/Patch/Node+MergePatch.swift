// RFC 7396 JSON Merge Patch: a document that looks like the change. An object merges member by member (`null`
// removes a member), and anything else replaces what it lands on. Both directions walk with a heap array of open
// objects instead of recursion, so a patch or a document of any depth is fine.

extension Node {
    /// This document with `mergePatch` merged into it (RFC 7396).
    ///
    /// ```swift
    /// let document: Node = ["title": "Goodbye!", "author": ["givenName": "John", "familyName": "Doe"]]
    /// let patch: Node = ["title": "Hello!", "author": ["familyName": nil], "tags": ["example"]]
    /// document.applyingMergePatch(patch)
    /// // {"title":"Hello!","author":{"givenName":"John"},"tags":["example"]}
    /// ```
    ///
    /// A patch that is an object changes the members it names: `null` removes one, an object merges into it
    /// (turning a value that is not an object into one first), and anything else replaces it. A patch that is
    /// not an object, arrays included, replaces the whole document. A merge patch cannot set a member to `null`;
    /// use a ``JSONPatch`` for that. Merging never fails.
    ///
    /// - Complexity: O(size of the patch), plus O(members) to remove a member; nothing else is copied.
    public func applyingMergePatch(_ mergePatch: Node) -> Node {
        var merged = self
        merged.applyMergePatch(mergePatch)
        return merged
    }

    /// Merges `mergePatch` into this document in place; see ``applyingMergePatch(_:)``.
    public mutating func applyMergePatch(_ mergePatch: Node) {
        guard case .object(let patch) = mergePatch else {
            self = mergePatch
            return
        }
        var open = [OpenMerge(target: takeObject() ?? Node.Object(), patch: patch, key: nil)]
        while let top = open.indices.last {
            guard open[top].next < open[top].patch.count else {
                let finished = open.removeLast()
                if let key = finished.key {
                    open[open.count - 1].target[key] = .object(finished.target)
                } else {
                    self = .object(finished.target)
                }
                continue
            }
            let (key, value) = open[top].patch[open[top].next]
            open[top].next += 1
            switch value {
            case .null:
                open[top].target[key] = nil
            case .object(let childPatch):
                var child = Node.null
                if let position = open[top].target.position(of: key) {
                    open[top].target.swapValue(at: position, with: &child)
                } else {
                    open[top].target[key] = .null  // keeps the new member's place until it is filled in
                }
                open.append(OpenMerge(target: child.takeObject() ?? Node.Object(), patch: childPatch, key: key))
            default:
                open[top].target[key] = value
            }
        }
    }

    /// A merge patch that turns `source` into `target`: `source.applyingMergePatch(patch) == target`, whenever a
    /// merge patch can say so.
    ///
    /// ```swift
    /// let a: Node = ["name": "Rover", "age": 3, "owner": ["id": 1, "login": "anviking"]]
    /// let b: Node = ["name": "Rover", "owner": ["id": 1, "login": "LoganWright"]]
    /// Node.mergePatch(from: a, to: b)   // {"age":null,"owner":{"login":"LoganWright"}}
    /// ```
    ///
    /// Members missing from `target` become `null`, members that differ are given whole (or, for two objects, as
    /// a merge patch of their own), and equal members are left out. When either document is not an object, the
    /// patch is `target` itself.
    ///
    /// What a merge patch cannot say: a member whose value is `null` in one of `target`'s objects (in the patch,
    /// `null` means "remove"). Such members are removed, or left out, by the patch; every other difference is
    /// expressed exactly. Use ``JSONPatch/init(from:to:)`` when `target` may hold `null` members.
    ///
    /// - Complexity: O(size of both documents); no recursion, so any depth is fine.
    public static func mergePatch(from source: Node, to target: Node) -> Node {
        guard case .object(let sourceObject) = source, case .object(let targetObject) = target else { return target }
        var open = [OpenDiff(source: sourceObject, target: targetObject, key: nil)]
        while let top = open.indices.last {
            guard open[top].next < open[top].target.count else {
                let finished = open.removeLast()
                guard let key = finished.key else { return .object(finished.patch) }
                if !finished.patch.isEmpty {
                    open[open.count - 1].patch[key] = .object(finished.patch)
                }
                continue
            }
            let (key, targetValue) = open[top].target[open[top].next]
            open[top].next += 1
            guard let sourceValue = open[top].source[key] else {
                open[top].patch[key] = targetValue
                continue
            }
            if case .object(let sourceChild) = sourceValue, case .object(let targetChild) = targetValue {
                open.append(OpenDiff(source: sourceChild, target: targetChild, key: key))
            } else if sourceValue != targetValue {
                open[top].patch[key] = targetValue
            }
        }
        preconditionFailure("the outermost object returns its patch when it is finished")
    }
}

/// An object of the document that a merge patch is being merged into.
private struct OpenMerge {
    var target: Node.Object
    let patch: Node.Object
    /// Where `target` goes back in its parent; nil for the document itself.
    let key: String?
    var next = 0
}

/// A pair of objects being compared for a merge patch, and the patch so far.
private struct OpenDiff {
    let source: Node.Object
    let target: Node.Object
    let key: String?
    var patch = Node.Object()
    var next = 0

    init(source: Node.Object, target: Node.Object, key: String?) {
        self.source = source
        self.target = target
        self.key = key
        // Members that are gone are removed by `null`.
        for member in source where target.position(of: member.key) == nil {
            patch[member.key] = .null
        }
    }
}
