/// One value of a store's row, whichever engine read it.
package enum StoreValue: Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// The text, or `nil`.
    package var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The number (an integer as a `Double`), or `nil`.
    package var double: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The integer, or `nil`.
    package var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value)
        default: nil
        }
    }
}
