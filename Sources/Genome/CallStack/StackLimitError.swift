/// A recursive model needed more call stack than the thread has left, and Genome stopped before the stack could
/// overflow.
///
/// A recursive model (a comment whose replies are comments) runs its code once per level of the document, on the
/// call stack. Where each level begins, Genome checks how much of the thread's stack is left, and throws this
/// error, with the path to that level, when less than ``StackLimitError/reserve`` remains. The work stays on the
/// caller's thread, so task-local values, the current task and actor isolation stay what they were; see
/// <doc:SecurityAndLimits> for how to go deeper on purpose.
///
/// ```swift
/// StackLimitError at replies[0].replies[0]…: less than 128 KiB of the thread's stack is left to decode Comment;
/// nest less, lower ReadingOptions.maximumDepth, or run this on a thread with a larger stack
/// ```
public struct StackLimitError: NodeDecodingError, LocatedError, Sendable {
    /// Genome stops when less than this many bytes of stack are left: enough for one level of a model, its own
    /// code included, in a debug build, and for whatever the caller does with the error.
    public static let reserve = 128 * 1024

    /// The model whose level did not start, as Swift spells its name.
    public let typeName: String
    /// Whether the model was being encoded (`makeNode()`, `NodeEncoder`) rather than decoded.
    public let isEncoding: Bool
    internal var location: ErrorLocation

    public var path: [PathComponent] { location.path }
    /// The node the model would have been decoded from; `null` when encoding, where nothing was written yet.
    public var object: Node { location.object }
    public var rootObject: Node? { location.rootObject }

    internal init(decoding type: Any.Type, from node: Node) {
        self.init(typeName: Genome.typeName(type), isEncoding: false, object: node)
    }

    internal init(encoding type: Any.Type) {
        self.init(typeName: Genome.typeName(type), isEncoding: true, object: .null)
    }

    private init(typeName: String, isEncoding: Bool, object: Node) {
        self.typeName = typeName
        self.isEncoding = isEncoding
        self.location = ErrorLocation(object: object, rootObject: object)
    }

    public func prefixed(by components: [PathComponent], root: Node) -> StackLimitError {
        var copy = self
        copy.location = location.prefixed(by: components, root: root)
        return copy
    }

    public var description: String {
        // Only a decode reads a document, so only then can the reading depth limit help.
        "\(descriptionHead): less than \(Self.reserve / 1024) KiB of the thread's stack is left to "
            + (isEncoding
                ? "encode \(typeName); nest less, or run this on a thread with a larger stack"
                : "decode \(typeName); nest less, lower ReadingOptions.maximumDepth, or run this on a thread with a "
                    + "larger stack")
    }
}
