internal func appendShortestDouble(_ value: Double, to output: inout [UInt8]) {
    output.append(contentsOf: value.description.utf8)
}
