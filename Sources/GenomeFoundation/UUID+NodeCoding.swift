// UUID in Genome's own protocols: a string, as JSON spells it and as UUID's own Codable writes it.
import Foundation
import Genome

extension UUID: NodeDecodable {
    /// Reads a UUID from its string, in either case: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    ///
    /// - Throws: `TypeMismatchError` for anything but a string, and for a string that is not a UUID, with the
    ///   reason "which is not a UUID".
    public static func decode(_ json: Node) throws -> UUID {
        try decodeString(json, as: UUID.self, expectation: "a UUID", UUID.init(uuidString:))
    }
}

extension UUID: NodeRepresentable {
    /// The UUID's string, in upper case, as `UUID`'s own `Codable` and `JSONEncoder` write it.
    public func makeNode(in context: any Context) throws -> Node {
        .string(uuidString)
    }
}
