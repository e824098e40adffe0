// `<~`, `~>` and `<~>`: mapping fields in `sequence(_:)`.
//
//     try title <~> map["title"]                 // map["title"].bind(&title): reads or writes
//     try concepts <~ map["concepts"]            // map["concepts"].read(into: &concepts): from-node only
//     try name ~> map["name"]                    // map["name"].write(name): to-node only
//     try type ~> map["type"].transformToNode { $0.rawValue }
//
// Each is a one-line forward to a named method of `MapField` or a transform. The standard library already
// declares `infix operator ~>` (in the default precedence group), so only its functions are added here, and
// `<~` and `<~>` share that group.

infix operator <~ : DefaultPrecedence
infix operator <~> : DefaultPrecedence

// MARK: <~ reads (from-node maps only)

/// `try value <~ map["key"]` is `try map["key"].read(into: &value)`: reads on a from-node map, does nothing on a
/// to-node map.
public func <~ <T: NodeDecodable>(value: inout T, field: MapField) throws {
    try field.read(into: &value)
}

/// Reads through a transform: `try url <~ map["url"].transformFromNode { ... }` is
/// `try map["url"].transformFromNode { ... }.read(into: &url)`.
public func <~ <Raw, Value>(value: inout Value, field: FromNodeTransform<Raw, Value>) throws {
    try field.read(into: &value)
}

/// Reads an optional through a transform: a missing key or `null` gives nil without calling the transform.
public func <~ <Raw, Value>(value: inout Value?, field: FromNodeTransform<Raw, Value>) throws {
    try field.read(into: &value)
}

/// Reads through the from-node half of a two-way transform; `read(into:)` by name.
public func <~ <Raw, Value, Written>(value: inout Value, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.read(into: &value)
}

/// Reads an optional through the from-node half of a two-way transform: a missing key or `null` gives nil.
public func <~ <Raw, Value, Written>(value: inout Value?, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.read(into: &value)
}

// MARK: ~> writes (to-node maps only)

/// `try value ~> map["key"]` is `try map["key"].write(value)`: writes on a to-node map (a nil optional is left
/// out), does nothing on a from-node map.
public func ~> <T: NodeRepresentable>(value: T, field: MapField) throws {
    try field.write(value)
}

/// Writes through a transform: `try type ~> map["type"].transformToNode { $0.rawValue }` is
/// `try map["type"].transformToNode { $0.rawValue }.write(type)`.
public func ~> <Value, Written>(value: Value, field: ToNodeTransform<Value, Written>) throws {
    try field.write(value)
}

/// Writes an optional through a transform: nil is left out, without calling the transform.
public func ~> <Value, Written>(value: Value?, field: ToNodeTransform<Value, Written>) throws {
    try field.write(value)
}

/// Writes through the to-node half of a two-way transform; `write(_:)` by name.
public func ~> <Raw, Value, Written>(value: Value, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.write(value)
}

/// Writes an optional through the to-node half of a two-way transform: nil is left out.
public func ~> <Raw, Value, Written>(value: Value?, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.write(value)
}

// MARK: <~> binds (reads from a from-node map, writes to a to-node map)

/// `try value <~> map["key"]` is `try map["key"].bind(&value)`: reads on a from-node map, writes on a to-node
/// map.
public func <~> <T: NodeDecodable & NodeRepresentable>(value: inout T, field: MapField) throws {
    try field.bind(&value)
}

/// Reads through a transform and writes the value as it is; `bind(_:)` by name.
public func <~> <Raw, Value: NodeRepresentable>(value: inout Value, field: FromNodeTransform<Raw, Value>) throws {
    try field.bind(&value)
}

/// Binds an optional, reading through a transform and writing the value as it is: nil for a missing key or
/// `null` when reading, left out when writing.
public func <~> <Raw, Value: NodeRepresentable>(value: inout Value?, field: FromNodeTransform<Raw, Value>) throws {
    try field.bind(&value)
}

/// Reads the value as it is and writes through a transform; `bind(_:)` by name.
public func <~> <Value: NodeDecodable, Written>(value: inout Value, field: ToNodeTransform<Value, Written>) throws {
    try field.bind(&value)
}

/// Binds an optional, reading the value as it is and writing through a transform: nil for a missing key or
/// `null` when reading, left out (without calling the transform) when writing.
public func <~> <Value: NodeDecodable, Written>(value: inout Value?, field: ToNodeTransform<Value, Written>) throws {
    try field.bind(&value)
}

/// Reads or writes through a two-way transform, as the map's direction says; `bind(_:)` by name.
public func <~> <Raw, Value, Written>(value: inout Value, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.bind(&value)
}

/// Binds an optional through a two-way transform: nil for a missing key or `null` when reading, left out
/// when writing.
public func <~> <Raw, Value, Written>(value: inout Value?, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.bind(&value)
}
