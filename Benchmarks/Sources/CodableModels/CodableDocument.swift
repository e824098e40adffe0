// Which model describes which corpus file, for the harnesses' decode and encode cases.

import Genome

/// A corpus file with a full Codable model.
public enum CodableDocument: String, CaseIterable, Sendable {
    case twitter = "twitter.json"
    case citmCatalog = "citm_catalog.json"
    case canada = "canada.json"

    /// The model of the file: `TwitterSearch`, `CitmCatalog` or `Canada`.
    public var modelType: any (Codable & NodeDecodable & Equatable & Sendable).Type {
        switch self {
        case .twitter: TwitterSearch.self
        case .citmCatalog: CitmCatalog.self
        case .canada: Canada.self
        }
    }
}
