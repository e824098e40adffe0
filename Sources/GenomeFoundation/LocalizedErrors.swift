// Foundation shows an error to people through `localizedDescription`. For a Swift error that is not a
// `LocalizedError`, that is "The operation could not be completed. (Genome.MissingKeyError error 1.)": no path, no
// reason. With GenomeFoundation, each of Genome's errors is a `LocalizedError` whose description is its own.

import Foundation
import Genome

extension MissingKeyError: LocalizedError {
    /// The error's description, so that `localizedDescription` gives the path and the key.
    public var errorDescription: String? { description }
}

extension TypeMismatchError: LocalizedError {
    /// The error's description, so that `localizedDescription` gives the path and what was found.
    public var errorDescription: String? { description }
}

extension RawRepresentableInitializationError: LocalizedError {
    /// The error's description, so that `localizedDescription` gives the path and the raw value.
    public var errorDescription: String? { description }
}

extension StackLimitError: LocalizedError {
    /// The error's description, so that `localizedDescription` gives the path and the model.
    public var errorDescription: String? { description }
}

extension JSONSyntaxError: LocalizedError {
    /// The error's description, so that `localizedDescription` gives the line, the column and the reason.
    public var errorDescription: String? { description }
}

extension JSONWritingError: LocalizedError {
    /// The error's description, so that `localizedDescription` gives the path and the reason.
    public var errorDescription: String? { description }
}

extension NodePathError: LocalizedError {
    /// The error's description, so that `localizedDescription` gives the path and the reason.
    public var errorDescription: String? { description }
}
