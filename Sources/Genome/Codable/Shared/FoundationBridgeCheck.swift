// Foundation types whose own Codable implementation writes different JSON from JSONEncoder's: `URL` (a keyed
// container, `{"relative": …}`), `Data` (an array of bytes, not base64) and `Decimal` (its internal fields, not a
// number). GenomeFoundation makes NodeDecoder and NodeEncoder code them as Foundation's JSON coders do. The core
// cannot name them, so without GenomeFoundation in the process it recognises them by name and refuses them with
// an error that says what to add, rather than writing or expecting different JSON silently. (`Date` and `UUID`
// code the same either way.)

internal enum FoundationBridgeCheck {
    /// Foundation's modules: swift-foundation defines these types in FoundationEssentials, Darwin in Foundation.
    private static let modules: Set<Substring> = ["Foundation", "FoundationEssentials"]
    private static let names: Set<Substring> = ["URL", "Data", "Decimal"]

    /// The type's name, when `type` is one of them. Reflecting a type's name costs more than decoding a small
    /// struct, so the coders ask once per type in the process (their `TypeKindCache`), and again only to word an
    /// error.
    static func typeNeedingBridge(_ type: Any.Type) -> String? {
        let qualified = String(reflecting: type)
        let parts = qualified.split(separator: ".")
        guard parts.count == 2, modules.contains(parts[0]), names.contains(parts[1]) else { return nil }
        return String(parts[1])
    }

    static func explanation(_ name: String, coder: String) -> String {
        "\(coder) codes \(name) as Foundation's JSON coders do only with GenomeFoundation: add the GenomeFoundation "
            + "product to the target's dependencies and `import GenomeFoundation`. Without it, \(name)'s own "
            + "Codable implementation would give different JSON."
    }
}
