import Testing

/// The `DecodingError` `body` throws, for tests that check its case and context; any other error is an issue.
func decodingError(_ body: () throws -> Void) -> DecodingError? {
    do {
        try body()
    } catch let error as DecodingError {
        return error
    } catch {
        Issue.record("unexpected \(error)")
    }
    return nil
}
