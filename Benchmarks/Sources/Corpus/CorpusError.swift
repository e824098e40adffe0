/// Why the corpus could not be read; the descriptions say where we looked and how to point elsewhere.
public enum CorpusError: Error, CustomStringConvertible {
    case directoryMissing(environmentValue: String?, defaultPath: String)
    case fileMissing(name: String, directory: String)

    public var description: String {
        switch self {
        case .directoryMissing(let environmentValue?, let defaultPath):
            return """
                JSON benchmark corpus not found: \(Corpus.environmentVariable)=\(environmentValue) is not a folder. \
                Fix or unset \(Corpus.environmentVariable) (default location: \(defaultPath)).
                """
        case .directoryMissing(nil, let defaultPath):
            return """
                JSON benchmark corpus not found at \(defaultPath) (../shared/bench-data next to the Genome package), \
                and \(Corpus.environmentVariable) is not set. Set \(Corpus.environmentVariable) to the folder \
                holding \(Corpus.standardFiles.joined(separator: ", ")).
                """
        case .fileMissing(let name, let directory):
            return """
                JSON benchmark corpus file \(name) not found in \(directory) \
                (set \(Corpus.environmentVariable) to use another folder).
                """
        }
    }
}
