import Genome
import Testing

// Compile-time checks: the public types of tolerant decoding cross concurrency boundaries when their contents do.
@Suite struct ToleranceSendableTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    private enum Zero: DefaultValueProvider {
        static let defaultValue = 0
    }

    private enum Shape: TaggedCodable, Sendable {
        case none
        static let tagging = Tagging<Shape>([.variant("none", Shape.none)])
    }

    @Test func publicTypesAreSendable() {
        requireSendable(Recovery.self)
        requireSendable(Recovery.Kind.self)
        requireSendable(RecoveryReport.self)
        requireSendable(Coercions.self)
        requireSendable(Default<Zero>.self)
        requireSendable(DefaultFalse.self)
        requireSendable(DefaultEmpty<[String]>.self)
        requireSendable(LossyArray<Int>.self)
        requireSendable(LossyArray<Int>.Failure.self)
        requireSendable(LossyDictionary<String, Int>.self)
        requireSendable(LossyDictionary<String, Int>.Failure.self)
        requireSendable(LossyOptional<Int>.self)
        requireSendable(Coerced<Int>.self)
        requireSendable(Tagging<Shape>.self)
        requireSendable(Tagging<Shape>.Variant.self)
        requireSendable(Polymorphic<Shape>.self)
        requireSendable(CodingKeyStyle.self)
        requireSendable(Flattened<Int>.self)
    }
}
