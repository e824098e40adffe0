import Genome
import Testing

// Compile-time checks: the Codable API's public values cross concurrency boundaries.
@Suite struct NodeCoderSendableTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func codablePublicTypesAreSendable() {
        requireSendable(NodeDecoder.self)
        requireSendable(NodeDecoder.KeyDecodingStrategy.self)
        requireSendable(NodeEncoder.self)
        requireSendable(NodeEncoder.KeyEncodingStrategy.self)
        requireSendable(NodeEncoder.KeyOrder.self)
        requireSendable(NodeCodingKey.self)
        requireSendable((any NodeDecodingStrategy).self)
        requireSendable((any NodeEncodingStrategy).self)
    }
}
