internal func parseJSONDouble(_ literal: UnsafeRawBufferPointer) -> Double {
    Double(String(decoding: literal, as: UTF8.self))!
}
