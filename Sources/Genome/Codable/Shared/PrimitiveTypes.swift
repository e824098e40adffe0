// The types Codable containers have overloads for. NodeDecoder and NodeEncoder read and write them straight
// off the node, unless a per-type strategy is set for one of them.

internal enum PrimitiveTypes {
    static let identifiers: Set<ObjectIdentifier> = {
        var types: [Any.Type] = [
            Bool.self, String.self, Double.self, Float.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
            UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
        ]
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            types += [Int128.self, UInt128.self]
        }
        return Set(types.map(ObjectIdentifier.init))
    }()

    /// Whether `type` is one of them.
    static func contains(_ type: ObjectIdentifier) -> Bool {
        identifiers.contains(type)
    }
}
