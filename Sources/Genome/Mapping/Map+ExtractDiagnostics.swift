// Compile errors that say what to do when `extract` has no type to decode, or one that is not NodeDecodable:
//
//     let name = try map.extract("name")
//     // error: 'extract' is unavailable: add the type to extract: 'let name: String = try map.extract("name")'
//
// Without them the compiler fails to produce any diagnostic for the first ("failed to produce diagnostic for
// expression; please submit a bug report"). They work as `Node+DecodeDiagnostics.swift` explains.

extension Map {
    /// Not callable: an `extract` whose result has no type is a compile error that says how to name it.
    @available(*, unavailable, message: "add the type to extract: 'let name: String = try map.extract(\"name\")'")
    public func extract(_ key: String) throws { fatalError("unavailable") }

    /// Not callable: an `extract` whose result has no type is a compile error that says how to name it.
    @available(
        *, unavailable, message: "add the type to extract: 'let login: String = try map.extract(\"owner\", \"login\")'"
    )
    public func extract(_ path: any PathComponentConvertible...) throws { fatalError("unavailable") }

    /// Not callable: extracting a type that is not ``NodeDecodable`` is a compile error that says so.
    @available(
        *, unavailable,
        message:
            "the type to extract must conform to NodeDecodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
    )
    public func extract<T>(_ key: String) throws -> T { fatalError("unavailable") }

    /// Not callable: extracting a type that is not ``NodeDecodable`` is a compile error that says so.
    @available(
        *, unavailable,
        message:
            "the type to extract must conform to NodeDecodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
    )
    public func extract<T>(_ path: any PathComponentConvertible...) throws -> T { fatalError("unavailable") }
}

extension MapField {
    /// Not callable: an `extract()` whose result has no type is a compile error that says how to name it.
    @available(*, unavailable, message: "add the type to extract: 'let name: String = try map[\"name\"].extract()'")
    public func extract() throws { fatalError("unavailable") }

    /// Not callable: extracting a type that is not ``NodeDecodable`` is a compile error that says so.
    @available(
        *, unavailable,
        message:
            "the type to extract must conform to NodeDecodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
    )
    public func extract<T>() throws -> T { fatalError("unavailable") }
}
