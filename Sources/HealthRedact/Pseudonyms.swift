/// The replacements one run hands out: `Source 1`, `Source 2`… for source names (the same name,
/// the same number), devices reduced to their model, keyed hashes for identifiers, and the
/// date shift.
///
/// Memory grows with the number of distinct source names and devices, a few dozen in an export.
final class Pseudonyms {
    let shift: DateShift
    let hash: KeyedHash
    private var sourceNumbers: [[UInt8]: Int] = [:]
    private var lastSource: (raw: [UInt8], replacement: [UInt8])?
    private var sortedSources: [([UInt8], [UInt8])] = []
    private var devices: [[UInt8]: [UInt8]] = [:]
    private var lastDevice: (stable: [UInt8], replacement: [UInt8])?

    init(shift: DateShift, hash: KeyedHash) {
        self.shift = shift
        self.hash = hash
    }

    /// How many distinct source names were replaced.
    var sourceCount: Int { sourceNumbers.count }

    /// `Source N` for the source name `raw`.
    func source(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        if let lastSource, lastSource.raw.elementsEqual(raw) { return lastSource.replacement }
        let key = [UInt8](raw)
        let number: Int
        if let known = sourceNumbers[key] {
            number = known
        } else {
            number = sourceNumbers.count + 1
            sourceNumbers[key] = number
        }
        let replacement = Array("Source \(number)".utf8)
        lastSource = (key, replacement)
        return replacement
    }

    /// `text` with every source name seen so far in it replaced by its `Source N` (also when its
    /// spaces became underscores, as in iOS 8's metadata attributes), or `nil` when it holds none:
    /// third-party metadata keys name their app (`Health Mate App Version`).
    func replacingSources(in text: UnsafeRawBufferPointer) -> [UInt8]? {
        if sortedSources.count != 2 * sourceNumbers.filter({ $0.key.count >= 4 }).count {
            sortedSources = sourceNumbers.filter { $0.key.count >= 4 }.flatMap { name, number in
                let pseudonym = Array("Source \(number)".utf8)
                let underscored = name.map { $0 == 0x20 ? 0x5F : $0 }
                return [(name, pseudonym), (underscored, pseudonym.map { $0 == 0x20 ? 0x5F : $0 })]
            }.sorted { $0.0.count > $1.0.count }
        }
        var result = [UInt8](text)
        var changed = false
        for (name, pseudonym) in sortedSources where result.count >= name.count {
            var index = 0
            var replaced: [UInt8] = []
            while index < result.count {
                if index + name.count <= result.count, result[index] == name[0],
                    result[index..<(index + name.count)].elementsEqual(name)
                {
                    replaced.append(contentsOf: pseudonym)
                    index += name.count
                    changed = true
                } else {
                    replaced.append(result[index])
                    index += 1
                }
            }
            result = replaced
        }
        return changed ? result : nil
    }

    /// The device description `raw` (`&lt;&lt;HKDevice: 0x…&gt;, name:…, model:…&gt;`) with the
    /// name replaced by the model, the address zeroed and identifiers left out.
    func device(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        guard let stable = DeviceDescription.fields(of: raw) else { return hash.replacement(for: raw) }
        if let lastDevice, lastDevice.stable.elementsEqual(stable) { return lastDevice.replacement }
        let key = [UInt8](stable)
        let replacement: [UInt8]
        if let known = devices[key] {
            replacement = known
        } else {
            replacement = DeviceDescription.redacted(fields: key, shift: shift)
            devices[key] = replacement
        }
        lastDevice = (key, replacement)
        return replacement
    }

    /// A date of birth reduced to its year, shifted with the dates: `1984-09-23` becomes
    /// `1983-01-01` (with a shift of about a year back), iOS 8's `19840923` becomes `19830101`;
    /// anything else becomes empty.
    func birthDate(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        let digits = raw.filter(DateShift.isDigit)
        let dashed = raw.count == 10 && raw[4] == 0x2D && raw[7] == 0x2D && digits.count == 8
        let compact = raw.count == 8 && digits.count == 8
        guard dashed || compact else { return [] }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        let (month, day) = (number(4..<6), number(6..<8))
        guard (1...12).contains(month), (1...31).contains(day) else { return [] }
        let year = shift.shiftedYear(year: number(0..<4), month: month, day: min(day, 28))
        let text = String(year).leftPadded(to: 4)
        return Array((dashed ? "\(text)-01-01" : "\(text)0101").utf8)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
