extension NodeDecoder {
    /// Decodes a value of `type` from `node`, adding every recovery tolerant decoding makes to `report`; see
    /// ``RecoveryReport``. What was recovered before an error stays in `report`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from node: Node, report: inout RecoveryReport) throws
        -> T
    {
        try RecoveryReport.collect(into: &report) { try decode(type, from: node) }
    }

    /// Decodes a value of `type` from JSON in UTF-8 bytes, adding every recovery tolerant decoding makes to
    /// `report`; see ``RecoveryReport``.
    public func decode<T: Decodable>(
        _ type: T.Type = T.self, fromJSON bytes: some Collection<UInt8>, report: inout RecoveryReport
    ) throws -> T {
        try RecoveryReport.collect(into: &report) { try decode(type, fromJSON: bytes) }
    }

    /// Decodes a value of `type` from JSON text, adding every recovery tolerant decoding makes to `report`; see
    /// ``RecoveryReport``.
    public func decode<T: Decodable>(_ type: T.Type = T.self, fromJSON text: String, report: inout RecoveryReport)
        throws -> T
    {
        try RecoveryReport.collect(into: &report) { try decode(type, fromJSON: text) }
    }
}
