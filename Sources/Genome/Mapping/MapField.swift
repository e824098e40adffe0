/// A place in a map, named by a path: what `map["key"]` returns. It reads, writes or binds a value there, and
/// starts transforms.
///
/// Every operation is a no-op in the direction it is not for, so one `sequence(_:)` serves both: `read` only
/// reads from a from-node map, `write` only writes to a to-node map, and `bind` does whichever the map is for.
/// The operators in GenomeOperators are one-line forwards: `<~` is ``read(into:)``, `~>` is ``write(_:)`` and
/// `<~>` is ``bind(_:)``.
///
/// ```swift
/// mutating func sequence(_ map: Map) throws {
///     try map["title"].bind(&title)                 // try title <~> map["title"]
///     try map["concepts"].read(into: &concepts)     // try concepts <~ map["concepts"]
///     try map["owner", "id"].write(ownerID)         // try ownerID ~> map["owner", "id"]
/// }
/// ```
public struct MapField {
    /// The map this field belongs to: its direction, node and context.
    public let map: Map
    /// Where the field sits in the map's node: keys and indices from its root.
    public let path: [PathComponent]

    // MARK: Reading

    /// Decodes the value here. For an optional `T`, a missing key or `null` gives nil; a value of the wrong type
    /// still throws.
    public func extract<T: NodeDecodable>() throws -> T {
        try extract { (value: T) in value }
    }

    /// Decodes the value here as `Raw` and passes it through `transform`. For an optional `T`, a missing key or
    /// `null` gives nil without calling `transform`.
    public func extract<Raw: NodeDecodable, T>(transform: (Raw) throws -> T) throws -> T {
        // Every read of a map field (`extract`, `read`, `bind`, `<~`, `<~>`, transforms) comes through here, so
        // this one call logs their errors.
        try loggingErrors { try extractUnlogged(transform: transform) }
    }

    private func extractUnlogged<Raw: NodeDecodable, T>(transform: (Raw) throws -> T) throws -> T {
        if let value = map.node[path: path], !value.isNull {
            let raw = try withPath(path, root: map.node) { try Raw.make(from: value, in: map.context) }
            return try withPath(path, root: map.node) { try transform(raw) }
        }
        // Missing or null. Whether that is an error depends on the result type, known only here, at run time: a
        // second overload for optionals would make calls ambiguous.
        if let optional = T.self as? any OptionalProtocol.Type {
            // Still throws for a step into the wrong kind of value.
            _ = try map.node.value(at: path, ifPresent: true)
            return optional.absent as! T
        }
        // Throws the missing-key or null error, unless `Raw` is itself optional and takes the null.
        let raw = try map.node.decodeValue(at: path, as: Raw.self, in: map.context)
        return try withPath(path, root: map.node) { try transform(raw) }
    }

    /// On a from-node map, decodes the value here into `value` (see ``extract()``); on a to-node map, does
    /// nothing.
    public func read<T: NodeDecodable>(into value: inout T) throws {
        guard map.direction == .fromNode else { return }
        value = try extract()
    }

    // MARK: Writing

    /// On a to-node map, puts `value` here, creating the objects in between; a nil optional is left out. On a
    /// from-node map, does nothing.
    public func write<T: NodeRepresentable>(_ value: T) throws {
        guard map.direction == .toNode else { return }
        if let optional = value as? any OptionalProtocol, optional.isAbsent { return }
        try map.node.setValue(value.makeNode(in: map.context), at: path)
    }

    /// Reads on a from-node map and writes on a to-node map.
    public func bind<T: NodeDecodable & NodeRepresentable>(_ value: inout T) throws {
        switch map.direction {
        case .fromNode: value = try extract()
        case .toNode: try write(value)
        }
    }

    // MARK: Transforms

    /// A field that reads a `Raw` value and turns it into the model's value: for `<~`, `<~>` and ``read(into:)``.
    public func transformFromNode<Raw: NodeDecodable, Value>(
        _ transform: @escaping (Raw) throws -> Value
    ) -> FromNodeTransform<Raw, Value> {
        FromNodeTransform(field: self, fromNode: transform)
    }

    /// A field that turns the model's value into a `Written` value before writing it: for `~>`, `<~>` and
    /// ``write(_:)``.
    public func transformToNode<Value, Written: NodeRepresentable>(
        _ transform: @escaping (Value) throws -> Written
    ) -> ToNodeTransform<Value, Written> {
        ToNodeTransform(field: self, toNode: transform)
    }
}

/// A field with a transform from the node's value: `map["url"].transformFromNode { (s: String) in URL(s) }`.
///
/// Made by ``MapField/transformFromNode(_:)``. Add `transformToNode(_:)` for a field that also writes.
public struct FromNodeTransform<Raw: NodeDecodable, Value> {
    /// The field the transform reads.
    public let field: MapField
    /// Turns the decoded `Raw` value into the model's value. It may throw; a Genome decoding error thrown here
    /// gains the field's path.
    public let fromNode: (Raw) throws -> Value

    /// On a from-node map, decodes `Raw` here and stores the transformed value; on a to-node map, does nothing.
    public func read(into value: inout Value) throws {
        guard field.map.direction == .fromNode else { return }
        value = try field.extract(transform: fromNode)
    }

    /// As ``read(into:)``, into an optional: a missing key or `null` gives nil without calling the transform.
    public func read(into value: inout Value?) throws {
        guard field.map.direction == .fromNode else { return }
        value = try field.extract { (raw: Raw?) in try raw.map(fromNode) }
    }

    /// Adds the other direction: a transform for writing.
    ///
    /// After a transform that returns an optional, the overload below wins where both fit, so that `transform`
    /// gets the unwrapped value; name the closure's parameter type as optional to get this one.
    @_disfavoredOverload
    public func transformToNode<Written: NodeRepresentable>(
        _ transform: @escaping (Value) throws -> Written
    ) -> TwoWayTransform<Raw, Value, Written> {
        TwoWayTransform(field: field, fromNode: fromNode, toNode: transform)
    }

    /// Adds the other direction after a transform that returns an optional: `transform` gets the unwrapped value,
    /// and nil is left out without calling it.
    ///
    /// ```swift
    /// var type: PetType?
    /// try type <~> map["type"]
    ///     .transformFromNode { PetType(rawValue: $0) }   // nil for an unknown raw value
    ///     .transformToNode { $0.rawValue }               // $0 is a PetType
    /// ```
    public func transformToNode<Wrapped, Written: NodeRepresentable>(
        _ transform: @escaping (Wrapped) throws -> Written
    ) -> TwoWayTransform<Raw, Value, Written?> where Value == Wrapped? {
        TwoWayTransform(field: field, fromNode: fromNode, toNode: { value in try value.map(transform) })
    }
}

extension FromNodeTransform where Value: NodeRepresentable {
    /// Reads through the transform, and writes the value as it is.
    public func bind(_ value: inout Value) throws {
        switch field.map.direction {
        case .fromNode: try read(into: &value)
        case .toNode: try field.write(value)
        }
    }

    /// As ``bind(_:)-(Value)``, for an optional value: a missing key or `null` reads as nil without calling the
    /// transform, and nil is left out when writing.
    public func bind(_ value: inout Value?) throws {
        switch field.map.direction {
        case .fromNode: try read(into: &value)
        case .toNode: try field.write(value)
        }
    }
}

/// A field with a transform to the node's value: `map["type"].transformToNode { $0.rawValue }`.
///
/// Made by ``MapField/transformToNode(_:)``. Add `transformFromNode(_:)` for a field that also reads.
public struct ToNodeTransform<Value, Written: NodeRepresentable> {
    /// The field the transform writes.
    public let field: MapField
    /// Turns the model's value into what is written.
    public let toNode: (Value) throws -> Written

    /// On a to-node map, writes the transformed value here; on a from-node map, does nothing.
    public func write(_ value: Value) throws {
        guard field.map.direction == .toNode else { return }
        try field.write(try withPath(field.path, root: field.map.node) { try toNode(value) })
    }

    /// As ``write(_:)``, from an optional: nil is left out without calling the transform.
    public func write(_ value: Value?) throws {
        guard let value else { return }
        try write(value)
    }

    /// Adds the other direction: a transform for reading.
    ///
    /// Where the overload below fits too (an optional value), it wins, so that the to-node transform gets the
    /// unwrapped value.
    @_disfavoredOverload
    public func transformFromNode<Raw: NodeDecodable>(
        _ transform: @escaping (Raw) throws -> Value
    ) -> TwoWayTransform<Raw, Value, Written> {
        TwoWayTransform(field: field, fromNode: transform, toNode: toNode)
    }

    /// Adds the other direction with a transform that returns an optional, for an optional value: the value is
    /// whatever `transform` returns, nil included, and a nil value is left out when writing.
    public func transformFromNode<Raw: NodeDecodable>(
        _ transform: @escaping (Raw) throws -> Value?
    ) -> TwoWayTransform<Raw, Value?, Written?> {
        let toNode = toNode
        return TwoWayTransform(field: field, fromNode: transform, toNode: { value in try value.map(toNode) })
    }
}

extension ToNodeTransform where Value: NodeDecodable {
    /// Reads the value as it is, and writes through the transform.
    public func bind(_ value: inout Value) throws {
        switch field.map.direction {
        case .fromNode: try field.read(into: &value)
        case .toNode: try write(value)
        }
    }

    /// As ``bind(_:)-(Value)``, for an optional value: a missing key or `null` reads as nil, and nil is left out
    /// when writing, without calling the transform.
    public func bind(_ value: inout Value?) throws {
        switch field.map.direction {
        case .fromNode: try field.read(into: &value)
        case .toNode: try write(value)
        }
    }
}

/// A field with transforms both ways, for `<~>`, `<~`, `~>` and their named forms.
///
/// ```swift
/// try celsius <~> map["fahrenheit"]
///     .transformFromNode { (f: Double) in (f - 32) * 5 / 9 }
///     .transformToNode { (c: Double) in c * 9 / 5 + 32 }
/// ```
public struct TwoWayTransform<Raw: NodeDecodable, Value, Written: NodeRepresentable> {
    /// The field the transforms read and write.
    public let field: MapField
    /// Turns the decoded `Raw` value into the model's value, when reading.
    public let fromNode: (Raw) throws -> Value
    /// Turns the model's value into what is written, when writing.
    public let toNode: (Value) throws -> Written

    /// On a from-node map, decodes `Raw` here and stores the transformed value; on a to-node map, does nothing.
    public func read(into value: inout Value) throws {
        try FromNodeTransform(field: field, fromNode: fromNode).read(into: &value)
    }

    /// As ``read(into:)-(Value)``, into an optional: a missing key or `null` gives nil without calling the
    /// transform.
    public func read(into value: inout Value?) throws {
        try FromNodeTransform(field: field, fromNode: fromNode).read(into: &value)
    }

    /// On a to-node map, writes the transformed value here; on a from-node map, does nothing.
    public func write(_ value: Value) throws {
        try ToNodeTransform(field: field, toNode: toNode).write(value)
    }

    /// As ``write(_:)-(Value)``, from an optional: nil is left out without calling the transform.
    public func write(_ value: Value?) throws {
        try ToNodeTransform(field: field, toNode: toNode).write(value)
    }

    /// Reads through one transform or writes through the other, as the map's direction says.
    public func bind(_ value: inout Value) throws {
        switch field.map.direction {
        case .fromNode: try read(into: &value)
        case .toNode: try write(value)
        }
    }

    /// As ``bind(_:)``, for an optional value.
    public func bind(_ value: inout Value?) throws {
        switch field.map.direction {
        case .fromNode: try read(into: &value)
        case .toNode: try write(value)
        }
    }
}
