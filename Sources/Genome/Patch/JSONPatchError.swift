/// A JSON Patch that could not be read, or could not be applied: which operation, at which pointer, and why.
///
/// ```swift
/// let patch = try JSONPatch([["op": "remove", "path": "/owner/name"]])
/// try patch.applied(to: ["owner": ["id": 1]])
/// // JSONPatchError at operation 0 (remove "/owner/name"): no value at "/owner/name"
/// try JSONPatch([["op": "add", "path": "/a"]])
/// // JSONPatchError at operation 0 (add "/a"): no "value" member
/// ```
///
/// New reasons may be added in minor releases: `switch` over ``reason`` with a `default`.
public struct JSONPatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the operation failed.
    public enum Reason: Sendable, Hashable {
        // Reading the patch.

        /// The patch is not an array of operations.
        case patchNotAnArray(found: Node.Kind)
        /// The operation is not an object.
        case operationNotAnObject(found: Node.Kind)
        /// The operation lacks a member it needs: `"op"`, `"path"`, `"from"` or `"value"`.
        case missingMember(String)
        /// The member `"op"`, `"path"` or `"from"` is not a string.
        case memberNotAString(String, found: Node.Kind)
        /// `"op"` is none of `add`, `remove`, `replace`, `move`, `copy` and `test`.
        case unknownOperation(String)
        /// `"path"` or `"from"` is not a JSON Pointer.
        case malformedPointer(JSONPointerError)

        // Applying it.

        /// Nothing is at this pointer (a prefix of the operation's pointer, or all of it).
        case noValue(at: JSONPointer)
        /// A token of the pointer met a string, number, bool or null at this pointer.
        case cannotStep(into: Node.Kind, at: JSONPointer)
        /// A token that is not an array index (`01`, `1e0`, `foo`) met the array at this pointer.
        case notAnIndex(String, at: JSONPointer)
        /// An index (or `-`, where it names no element) is past the end of the array at this pointer, which has
        /// `count` elements.
        case indexOutOfBounds(String, count: Int, at: JSONPointer)
        /// A `test` found another value.
        case testFailed(expected: Node, found: Node)
        /// A `move` from a value into its own child.
        case moveIntoOwnChild(from: JSONPointer)
        /// A `remove` of the whole document, which would leave none.
        case removesWholeDocument
        /// An `add`, `replace`, `copy` or `move` that would place an array or object where the document then nests
        /// deeper than `limit` levels (``Node/ReadingOptions/maximumDepthLimit``); see ``JSONPatch/applied(to:)``.
        case tooDeeplyNested(limit: Int)
    }

    /// The position of the failing operation in the patch, from 0.
    public let operationIndex: Int
    /// The operation's name (`"add"`, …), when it could be read.
    public let operationName: String?
    /// The operation's pointer that failed: its `path`, or its `from` when that is what failed. Nil when the
    /// operation has no readable pointer.
    public let pointer: JSONPointer?
    /// What went wrong.
    public let reason: Reason

    /// An error of the operation at `operationIndex`.
    public init(operationIndex: Int, operationName: String?, pointer: JSONPointer?, reason: Reason) {
        self.operationIndex = operationIndex
        self.operationName = operationName
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String {
        var head = "JSONPatchError at operation \(operationIndex)"
        switch (operationName, pointer) {
        case (let name?, let pointer?): head += " (\(abbreviated(name, limit: 20)) \(pointer.boundedDescription))"
        case (let name?, nil): head += " (\(abbreviated(name, limit: 20)))"
        case (nil, let pointer?): head += " (\(pointer.boundedDescription))"
        case (nil, nil): break
        }
        return head + ": " + reasonDescription
    }

    private var reasonDescription: String {
        switch reason {
        case .patchNotAnArray(let kind):
            return "a patch is an array of operations, not \(kind)"
        case .operationNotAnObject(let kind):
            return "an operation is an object, not \(kind)"
        case .missingMember(let name):
            return "no \(quoted(name)) member"
        case .memberNotAString(let name, let kind):
            return "\(quoted(name)) must be a string, not \(kind)"
        case .unknownOperation(let name):
            return "\(quoted(name)) is not an operation (add, remove, replace, move, copy or test)"
        case .malformedPointer(let error):
            return "\(error)"
        case .noValue(let pointer):
            return "no value at \(pointer.boundedDescription)"
        case .cannotStep(let kind, let pointer):
            return "cannot step into \(kind) at \(pointer.boundedDescription)"
        case .notAnIndex(let token, let pointer):
            return "\(quoted(token)) is not an index, in the array at \(pointer.boundedDescription)"
        case .indexOutOfBounds(let token, let count, let pointer):
            let elements = counted(count, "elements")
            return "index \(quoted(token)) is out of bounds for the \(elements) at \(pointer.boundedDescription)"
        case .testFailed(let expected, let found):
            return
                "test expected \(expected.boundedDescription(limit: 80)) but found \(found.boundedDescription(limit: 80))"
        case .moveIntoOwnChild(let from):
            return "cannot move \(from.boundedDescription) into its own child"
        case .removesWholeDocument:
            return "cannot remove the whole document"
        case .tooDeeplyNested(let limit):
            return "the document would nest deeper than \(counted(limit, "levels"))"
        }
    }
}
