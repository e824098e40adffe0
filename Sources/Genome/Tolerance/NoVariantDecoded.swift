// An untagged family that decodes nothing must say why for each variant: the value was probably meant as one of
// them, and only its own error shows what was wrong with it.

/// Why a value fits none of an ``Untagged`` family's variants: the underlying error of the `typeMismatch` it
/// throws, with every variant's own error, in the order they were tried.
///
/// Its description lists them on one line, each with its path:
/// `No variant of Setting decodes: Bool: typeMismatch at settings[2]: …; Int: typeMismatch at settings[2]: …`.
public struct NoVariantDecoded: Error, Sendable, CustomStringConvertible {
    /// One variant's try.
    public struct Attempt: Sendable {
        /// The variant's name: its payload's type.
        public let variant: String
        /// Why it did not decode.
        public let error: any Error

        /// Where the error happened, from the root of the decoding.
        public var path: [PathComponent] {
            guard let decoding = error as? DecodingError else {
                return (error as? any NodeDecodingError)?.path ?? []
            }
            switch decoding {
            case .keyNotFound(let key, let context): return (context.codingPath + [key]).map(PathComponent.init)
            case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
                return context.codingPath.map(PathComponent.init)
            @unknown default: return []
            }
        }
    }

    /// The family's type name.
    public let family: String
    /// Every variant's try, in order.
    public let attempts: [Attempt]

    /// `No variant of Family decodes: ` and each variant's name, path and error.
    public var description: String {
        let each = attempts.map { attempt in
            let location = attempt.path.isEmpty ? "" : " at " + attempt.path.formattedPath
            return "\(attempt.variant)\(location): \(Recovery.describe(attempt.error))"
        }
        return "No variant of \(family) decodes: " + each.joined(separator: "; ")
    }
}
