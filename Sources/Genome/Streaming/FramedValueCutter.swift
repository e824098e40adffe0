// The elements of an array for a concurrent decode: only the iterating task can follow the document's structure, so
// it frames each element as a plain stream does, and copies the elements' bytes side by side into the batch.

/// Fills batches with values framed by the iterating task (`elements(at:)`), their bytes copied side by side.
internal struct FramedValueCutter: BatchCutting {
    private var reader: StreamReader

    init(reader: StreamReader) {
        self.reader = reader
    }

    mutating func fill(
        _ batch: inout BatchInput, byteLimit: Int, valueLimit: Int, isolation: isolated (any Actor)?
    ) async -> BatchEnd {
        while batch.bytes.count < byteLimit && batch.values.count < valueLimit {
            let value: FramedValue?
            do {
                value = try await reader.next(isolation: isolation)
            } catch {
                return .failed(error)
            }
            guard let value else { return .inputEnded }
            let start = batch.bytes.count
            batch.bytes.append(contentsOf: reader.valueBytes)
            batch.values.append((value, start..<batch.bytes.count))
        }
        return .full
    }

    mutating func stop() {
        reader.stop()
    }
}
