import Genome
import Testing

// Compile-time checks: every public value type can cross a concurrency boundary. If one loses its `Sendable`
// conformance, this file stops compiling.
@Suite struct SendableTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func publicTypesAreSendable() {
        requireSendable(Node.self)
        requireSendable(Node.Number.self)
        requireSendable(Node.Object.self)
        requireSendable(Node.Kind.self)
        requireSendable(Node.ReadingOptions.self)
        requireSendable(Node.WritingOptions.self)
        requireSendable(PathComponent.self)
        requireSendable(JSONSyntaxError.self)
        requireSendable(JSONSyntaxError.Kind.self)
        requireSendable(JSONWritingError.self)
        requireSendable(NodePathError.self)
        requireSendable(JSONPointer.self)
        requireSendable(JSONPointerError.self)
        requireSendable(JSONPatch.self)
        requireSendable(JSONPatch.Operation.self)
        requireSendable(JSONPatchError.self)
        requireSendable(Node.StreamingOptions.self)
        requireSendable(NodeStream.self)
        requireSendable(DecodedNodeStream<Node>.self)
        requireSendable(LazyNodeStream<[UInt8]>.self)
        requireSendable(JSONStreamError.self)
        requireSendable(JSONStreamError.Kind.self)
        requireSendable(JSONStreamReport.self)
        requireSendable(FileReadError.self)
    }
}
