/// A value with its unit as FHIR's `Quantity` writes it: the unit's display text and, when it
/// has one, its UCUM code.
public struct FHIRQuantity: Sendable, Equatable {
    /// The number, in ``unit``.
    public var value: Double
    /// The unit.
    public var unit: UCUMUnit

    /// Creates a quantity.
    public init(value: Double, unit: UCUMUnit) {
        self.value = value
        self.unit = unit
    }
}
