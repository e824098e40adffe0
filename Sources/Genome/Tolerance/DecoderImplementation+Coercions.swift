// NodeDecoder's side of `Coercions`.
//
// Scalars: setting `NodeDecoder.coercions` gives the decoder a strategy for each primitive it may coerce into
// (`Bool` and the number types; see `NodeDecodingStrategy`), unless you set one of your own for that type. So a
// decoder without coercions, the default, runs exactly the code it ran before, and one with coercions pays for a
// strategy call per primitive. Arrays from single values: the two places in DecoderImplementation that open an
// array call in here, only when the value is not an array, just before they would throw.

extension Coercions {
    /// `own`, plus a coercing strategy for every primitive `coercions` can produce that `own` has none for.
    static func strategies(
        _ coercions: Coercions, under own: [ObjectIdentifier: any NodeDecodingStrategy]
    ) -> [ObjectIdentifier: any NodeDecodingStrategy] {
        guard !coercions.subtracting(.arraysFromSingleValues).isEmpty else { return own }
        var strategies = own
        func add<Value: Decodable>(_ type: Value.Type) {
            let key = ObjectIdentifier(type)
            if strategies[key] == nil { strategies[key] = CoercingStrategy<Value>(coercions: coercions) }
        }
        if !coercions.isDisjoint(with: [.boolsFromNumbers, .boolsFromStrings]) { add(Bool.self) }
        if coercions.contains(.numbersFromStrings) {
            add(Double.self)
            add(Float.self)
            add(Int.self)
            add(Int8.self)
            add(Int16.self)
            add(Int32.self)
            add(Int64.self)
            add(UInt.self)
            add(UInt8.self)
            add(UInt16.self)
            add(UInt32.self)
            add(UInt64.self)
        }
        return strategies
    }
}

/// Reads a primitive as it is or, for a type mismatch, after one of the decoder's coercions; recorded as a
/// `Recovery`.
internal struct CoercingStrategy<Value: Decodable>: NodeDecodingStrategy {
    let coercions: Coercions

    func decode(from decoder: any Decoder) throws -> Value {
        let container = try decoder.singleValueContainer()
        do {
            return try asItIs(container)
        } catch let error as DecodingError {
            guard case .typeMismatch = error, let node = decoder.genomeNode else { throw error }
            for candidate in node.scalarCoercions(coercions) {
                if let value = try? NodeDecoder().decode(Value.self, from: candidate) {
                    Recoveries.record(.valueCoerced, codingPath: decoder.codingPath, replacing: error)
                    return value
                }
            }
            throw error
        }
    }

    /// The value read as it is, through the container's overload for the primitive: the generic `decode` would
    /// come back to this strategy (see `NodeDecodingStrategy`).
    private func asItIs(_ container: any SingleValueDecodingContainer) throws -> Value {
        let value: Any
        switch Value.self {
        case is Bool.Type: value = try container.decode(Bool.self)
        case is Double.Type: value = try container.decode(Double.self)
        case is Float.Type: value = try container.decode(Float.self)
        case is Int.Type: value = try container.decode(Int.self)
        case is Int8.Type: value = try container.decode(Int8.self)
        case is Int16.Type: value = try container.decode(Int16.self)
        case is Int32.Type: value = try container.decode(Int32.self)
        case is Int64.Type: value = try container.decode(Int64.self)
        case is UInt.Type: value = try container.decode(UInt.self)
        case is UInt8.Type: value = try container.decode(UInt8.self)
        case is UInt16.Type: value = try container.decode(UInt16.self)
        case is UInt32.Type: value = try container.decode(UInt32.self)
        case is UInt64.Type: value = try container.decode(UInt64.self)
        default: value = try container.decode(Value.self)
        }
        // swift-format-ignore: NeverForceUnwrap
        return value as! Value
    }
}

extension DecoderImplementation {
    /// Whether the value at `index` decodes as an array of itself (recorded as a `Recovery`): when the run
    /// coerces single values to arrays, and the value is not null, which stays `valueNotFound`.
    @inline(never)
    func coercesToArray(at index: Int) -> Bool {
        guard settings.value.coercions.contains(.arraysFromSingleValues), tape.kind(at: index) != .null else {
            return false
        }
        Recoveries.record(
            .valueCoerced, codingPath: codingPath,
            replacing: CodingErrors.mismatch([Any].self, found: tape.node(at: index), path: codingPath))
        return true
    }
}
