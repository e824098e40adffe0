// The options of a NodeDecoder or NodeEncoder that its runs read. Copying each of them into a run (a dictionary,
// closures, strings) and releasing them again would be about a tenth of decoding a 3-field struct (Compare's
// `--small` decode row). They live in one immutable object instead, made when an option is set, shared by the
// coder's copies and retained once per run.

/// One immutable copy of a coder's options.
internal final class SharedSettings<Settings: Sendable>: Sendable {
    let value: Settings
    /// Whether a per-type strategy is set for a primitive (`Bool`, `String`, a number type), which the containers
    /// otherwise read or write directly.
    let strategizesPrimitives: Bool

    init(_ value: Settings, strategizedTypes: some Sequence<ObjectIdentifier>) {
        self.value = value
        strategizesPrimitives = strategizedTypes.contains(where: PrimitiveTypes.contains)
    }
}
