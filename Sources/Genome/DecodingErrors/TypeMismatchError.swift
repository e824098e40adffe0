/// A value exists but cannot become the requested type: the wrong kind, `null` where a value is required, or
/// a number that is not an integer or is out of the type's range.
///
/// ```swift
/// TypeMismatchError at apples[1].color: expected String but found a number: 3
/// TypeMismatchError at age: expected Int8 but found a number: 300, which is outside Int8's range
/// TypeMismatchError at name: expected String but found null
/// ```
public struct TypeMismatchError: NodeDecodingError, LocatedError, Sendable {
    /// The name of the type that was asked for, as Swift spells it: "String", "[Owner]", "Int8".
    public let expectedType: String
    /// The kind of value found instead.
    public let receivedKind: Node.Kind
    /// Why the value does not fit, when its kind alone does not say ("1.5 is not a whole number").
    public let reason: String?
    /// For a one-of decode, the error each candidate type failed with, in order.
    public let attempts: [any Error]
    internal var location: ErrorLocation

    public var path: [PathComponent] { location.path }
    /// The mismatched value itself.
    public var object: Node { location.object }
    public var rootObject: Node? { location.rootObject }

    /// An error for `value`, which cannot become `expected`.
    public init<Expected>(expected: Expected.Type, found value: Node, reason: String? = nil) {
        self.init(expectedTypeName: typeName(Expected.self), found: value, reason: reason, attempts: [])
    }

    internal init(expectedTypeName: String, found value: Node, reason: String?, attempts: [any Error]) {
        self.expectedType = expectedTypeName
        self.receivedKind = value.kind
        self.reason = reason
        self.attempts = attempts
        self.location = ErrorLocation(object: value, rootObject: value)
    }

    public func prefixed(by components: [PathComponent], root: Node) -> TypeMismatchError {
        var copy = self
        copy.location = location.prefixed(by: components, root: root)
        return copy
    }

    public var description: String {
        var text = "\(descriptionHead): expected \(expectedType) but found "
        text += object.isNull ? "null" : "\(receivedKind): \(object.boundedDescription(limit: 80))"
        if let reason {
            text += ", \(reason)"
        }
        for (index, attempt) in attempts.enumerated() {
            // An attempt that failed on this same value only needs to say what it expected.
            if let mismatch = attempt as? TypeMismatchError, mismatch.path.isEmpty, mismatch.attempts.isEmpty {
                text +=
                    "\n  attempt \(index + 1): expected \(mismatch.expectedType)"
                    + (mismatch.reason.map { ", \($0)" } ?? "")
            } else {
                text += "\n  attempt \(index + 1): \(attempt)"
            }
        }
        return text
    }
}
