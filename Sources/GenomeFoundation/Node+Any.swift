// Between `Node` and the untyped values of Foundation's `JSONSerialization`: `[String: Any]`, `[Any]`, `String`,
// `NSNumber`, `NSNull`.
//
// On Linux, `JSONSerialization` hands back `true` and `1` alike as `NSNumber`, and `1 as Any is Bool` is true for
// both, so asking `is Bool` would turn every 0 and 1 into a bool. A boolean `NSNumber` is told apart by its class:
// Foundation makes every boolean number an instance of one class (`__NSCFBoolean`, on Linux and Darwin alike),
// the class of `NSNumber(value: true)`.
import Foundation
import Genome

/// A value that `Node(any:)` could not turn into a node: not a JSON value, or nested too deeply.
///
/// ```swift
/// try Node(any: ["when": Date()])
/// // NodeConversionError at when: Date is not a JSON value (expected NSNull, Bool, a number, String, an array or a
/// // dictionary with String keys)
/// ```
public struct NodeConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the value sits in the input: keys and indices from the outermost value.
    public let path: [PathComponent]
    /// The Swift type of the value, as `String(describing:)` names it.
    public let typeName: String
    /// True when the value was rejected for its depth rather than its type.
    public let isTooDeeplyNested: Bool

    public var description: String {
        let location = path.isEmpty ? "the root" : path.formattedPath
        if isTooDeeplyNested {
            return "NodeConversionError at \(location): nested deeper than \(Node.anyConversionDepthLimit) levels"
        }
        return "NodeConversionError at \(location): \(typeName) is not a JSON value (expected NSNull, Bool, a number, "
            + "String, an array or a dictionary with String keys)"
    }
}

extension Node {
    /// The deepest nesting ``init(any:)`` accepts: the depth `JSONSerialization` itself reads by default.
    public static let anyConversionDepthLimit = 512

    /// A node from the output of `JSONSerialization.jsonObject(with:)`, or any tree of plain values.
    ///
    /// Accepted: `NSNull`; `Bool`; Swift's integer and floating-point types; `NSNumber` (a boolean `NSNumber` is a
    /// bool, every other one a number, integers exactly); `String` and `NSString`; arrays (`[Any]`, `NSArray`);
    /// dictionaries with string keys (`[String: Any]`, `NSDictionary`); and `Node` itself. Dictionary members come
    /// in the dictionary's own order, which for Foundation's dictionaries is not the document's.
    ///
    /// ```swift
    /// let object = try JSONSerialization.jsonObject(with: data)
    /// let node = try Node(any: object)
    /// ```
    ///
    /// - Throws: ``NodeConversionError`` for anything else (a `Date`, a `URL`, a dictionary with non-string keys, a
    ///   non-JSON `nil`) rather than silently making it null, and for nesting deeper than
    ///   ``anyConversionDepthLimit``.
    public init(any value: Any) throws(NodeConversionError) {
        self = try Node.converting(value, path: [])
    }

    private static func converting(_ value: Any, path: [PathComponent]) throws(NodeConversionError) -> Node {
        if let scalar = scalar(value) {
            return scalar
        }
        guard path.count < anyConversionDepthLimit else {
            throw NodeConversionError(path: path, typeName: "\(type(of: value))", isTooDeeplyNested: true)
        }
        if let array = value as? [Any] {
            var elements: [Node] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try converting(element, path: path + [.index(index)]))
            }
            return .array(elements)
        }
        if let dictionary = value as? [String: Any] {
            var object = Object()
            for (key, member) in dictionary {
                object[key] = try converting(member, path: path + [.key(key)])
            }
            return .object(object)
        }
        throw NodeConversionError(path: path, typeName: "\(type(of: value))", isTooDeeplyNested: false)
    }

    /// Null, bools, numbers, strings and nodes; nil for anything else.
    private static func scalar(_ value: Any) -> Node? {
        // Native Swift values first, by exact type: bridging would let an NSNumber pass for any of them.
        switch value {
        case let node as Node: return node
        case is NSNull: return .null
        case let string as String where type(of: value) == String.self: return .string(string)
        case let bool as Bool where type(of: value) == Bool.self: return .bool(bool)
        case let double as Double where type(of: value) == Double.self: return .number(.double(double))
        case let float as Float where type(of: value) == Float.self: return .number(.double(Double(float)))
        default: break
        }
        if let integer = nativeInteger(value) {
            return integer
        }
        if let number = value as? NSNumber {
            return Node(number: number)
        }
        if let string = value as? String {  // NSString
            return .string(string)
        }
        return nil
    }

    private static func nativeInteger(_ value: Any) -> Node? {
        switch value {
        case let integer as Int where type(of: value) == Int.self: Node(integer)
        case let integer as Int64 where type(of: value) == Int64.self: Node(integer)
        case let integer as Int32 where type(of: value) == Int32.self: Node(integer)
        case let integer as Int16 where type(of: value) == Int16.self: Node(integer)
        case let integer as Int8 where type(of: value) == Int8.self: Node(integer)
        case let integer as UInt where type(of: value) == UInt.self: Node(integer)
        case let integer as UInt64 where type(of: value) == UInt64.self: Node(integer)
        case let integer as UInt32 where type(of: value) == UInt32.self: Node(integer)
        case let integer as UInt16 where type(of: value) == UInt16.self: Node(integer)
        case let integer as UInt8 where type(of: value) == UInt8.self: Node(integer)
        default: nil
        }
    }

    /// The class Foundation gives every boolean `NSNumber`.
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// A bool for a boolean `NSNumber`, otherwise a number: integers exactly, by the type the number was made
    /// from; a decimal number exactly when it is an integer in 64 bits, else as the nearest `Double`.
    private init(number: NSNumber) {
        if ObjectIdentifier(type(of: number)) == Node.booleanNumberClass {
            self = .bool(number.boolValue)
            return
        }
        if let decimal = number as? NSDecimalNumber {
            self = .number(Node.Number(decimal: decimal.decimalValue) ?? .double(decimal.doubleValue))
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
            self = .number(.int(number.int64Value))
        case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
            self = Node(number.uint64Value)
        default:
            self = .number(.double(number.doubleValue))
        }
    }

    /// The node as the values `JSONSerialization` works with: `NSNull`, `Bool`, `Int` (or `UInt64` above
    /// `Int.max`), `Double`, `String`, `[Any]` and `[String: Any]`.
    ///
    /// ```swift
    /// let data = try JSONSerialization.data(withJSONObject: node.any)
    /// ```
    ///
    /// Object members lose their order: `[String: Any]` has none.
    public var any: Any {
        switch self {
        case .null: NSNull()
        case .bool(let bool): bool
        case .number(.int(let integer)): Int(integer)
        case .number(.uint(let integer)): integer
        case .number(.double(let double)): double
        case .number(.exact(let number)):
            Decimal(string: number.text, locale: nil).map { NSDecimalNumber(decimal: $0) } ?? number.doubleValue
        case .string(let string): string
        case .array(let elements): elements.map(\.any) as [Any]
        case .object(let object):
            Dictionary(object.map { ($0.key, $0.value.any) }, uniquingKeysWith: { _, last in last }) as [String: Any]
        }
    }
}
