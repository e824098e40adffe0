// How a `Node` prints: as the compact JSON the writer makes, so that `print(node)` and string interpolation show
// what `serialized()` would return.

extension Node: CustomStringConvertible {
    /// The node as compact JSON. Non-finite numbers, which JSON cannot spell, print as Swift prints them.
    public var description: String {
        var writer = JSONWriter(options: [], allowsNonFinite: true)
        do {
            try writer.write(self)
        } catch {
            return "<\(error)>"
        }
        return String(decoding: writer.finish(), as: UTF8.self)
    }
}
