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

public func <~ <T: NodeDecodable>(value: inout T, field: MapField) throws {
    try field.read(into: &value)
}

public func <~ <Raw, Value>(value: inout Value, field: FromNodeTransform<Raw, Value>) throws {
    try field.read(into: &value)
}

public func <~ <Raw, Value>(value: inout Value?, field: FromNodeTransform<Raw, Value>) throws {
    try field.read(into: &value)
}

public func <~ <Raw, Value, Written>(value: inout Value, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.read(into: &value)
}

public func <~ <Raw, Value, Written>(value: inout Value?, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.read(into: &value)
}

// MARK: ~> writes (to-node maps only)

public func ~> <T: NodeRepresentable>(value: T, field: MapField) throws {
    try field.write(value)
}

public func ~> <Value, Written>(value: Value, field: ToNodeTransform<Value, Written>) throws {
    try field.write(value)
}

public func ~> <Value, Written>(value: Value?, field: ToNodeTransform<Value, Written>) throws {
    try field.write(value)
}

public func ~> <Raw, Value, Written>(value: Value, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.write(value)
}

public func ~> <Raw, Value, Written>(value: Value?, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.write(value)
}

// MARK: <~> binds (reads from a from-node map, writes to a to-node map)

public func <~> <T: NodeDecodable & NodeRepresentable>(value: inout T, field: MapField) throws {
    try field.bind(&value)
}

public func <~> <Raw, Value: NodeRepresentable>(value: inout Value, field: FromNodeTransform<Raw, Value>) throws {
    try field.bind(&value)
}

public func <~> <Value: NodeDecodable, Written>(value: inout Value, field: ToNodeTransform<Value, Written>) throws {
    try field.bind(&value)
}

public func <~> <Raw, Value, Written>(value: inout Value, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.bind(&value)
}

public func <~> <Raw, Value, Written>(value: inout Value?, field: TwoWayTransform<Raw, Value, Written>) throws {
    try field.bind(&value)
}
