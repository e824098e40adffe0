import ArgumentParser

/// Which of Genome's model styles the generated code uses.
public enum ModelStyle: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// `Codable` structs, for `NodeDecoder` (and `JSONDecoder`).
    case codable
    /// `NodeDecodable` structs with a static `decode(_:)`.
    case decodable
    /// `MappableObject` structs, read in `init(map:)` and written in `sequence(_:)`: the two-way `Map`.
    case mappable
}
