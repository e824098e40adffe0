// How a keyed container's overloads reach the object the container reads or writes, which a synthesised
// `init(from:)` or `encode(to:)` hands a property no way to: the super decoder or encoder made for a key is
// positioned in the container's own frame. Nested keys (NestedCodingKey.swift) and flattened values
// (Flattened.swift) both go through here; only NodeDecoder and NodeEncoder have such a frame.

extension KeyedDecodingContainer {
    /// The object this container reads, as a `NodeDecoder` frame; nil under other decoders.
    internal func ownFrame(probing key: Key) throws -> DecodingFrame? {
        guard let probe = try superDecoder(forKey: key) as? DecoderImplementation else { return nil }
        return probe.position.frame as? DecodingFrame
    }
}

/// The object a keyed container writes, as a `NodeEncoder` frame, given the super encoder it made for a key;
/// nil under other encoders. `superEncoder(forKey:)` turned a byte run into a tree run
/// (ByteEncodingHandover.swift), so the frame collects nodes, and added a member under the key, last: it is taken
/// back here, for the caller to write in its place.
internal func ownFrame(ofSuperEncoder encoder: any Encoder) -> (encoder: EncoderImplementation, frame: EncodingFrame)? {
    guard let implementation = encoder as? EncoderImplementation,
        let frame = implementation.position.frame as? EncodingFrame
    else { return nil }
    frame.pending.removeLast()
    frame.entries.removeLast()
    return (implementation, frame)
}
