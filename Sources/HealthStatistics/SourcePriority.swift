/// A source that wrote samples, as the priority rule sees it.
public struct StatisticsSource: Sendable, Hashable {
    /// The source's name as exported (`Jo’s Apple Watch`, `Sleep Cycle`).
    public var name: String
    /// The model of the device its samples name (`Watch`, `iPhone`), when any does.
    public var deviceModel: String?

    /// Creates a source.
    public init(name: String, deviceModel: String? = nil) {
        self.name = name
        self.deviceModel = deviceModel
    }

    /// The `model` of a device's JSON as the stores keep it (`{"name":"Apple Watch","model":"Watch",...}`).
    public static func model(inDevice json: String?) -> String? {
        guard let json, let range = json.range(of: "\"model\":\"") else { return nil }
        let rest = json[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// The source's class in the default order: Apple Watch, iPhone, every other source.
    public var deviceClass: DeviceClass {
        if let model = deviceModel?.lowercased() {
            if model.contains("watch") { return .appleWatch }
            if model.contains("iphone") { return .iPhone }
        }
        let name = name.lowercased()
        if name.contains("apple watch") || name.contains("apple\u{a0}watch") { return .appleWatch }
        if name.contains("iphone") { return .iPhone }
        return .other
    }

    /// The classes of the default order, highest first.
    public enum DeviceClass: Int, Sendable, Comparable {
        case appleWatch = 0
        case iPhone = 1
        case other = 2

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}

/// The order in which sources count when several recorded the same time, highest first.
///
/// Samples entered by hand (`HKWasUserEntered` = 1) rank above every source; then the names of an explicit
/// order (`--priority`, or the order saved in the store), in that order; then Apple Watch sources, iPhone
/// sources, and every other source, each group in alphabetical order of name.
public struct SourcePriority: Sendable {
    /// The sources, in the order ``rank`` refers to.
    public let sources: [StatisticsSource]
    /// For each source (by index into ``sources``), its place in the order: 0 is the highest.
    public let rank: [Int32]

    /// Orders `sources` by the rule, with `preferred` names first (names of no source are ignored).
    public init(sources: [StatisticsSource], preferred: [String] = []) {
        self.sources = sources
        var explicit: [String: Int] = [:]
        for (index, name) in preferred.enumerated() where explicit[name] == nil { explicit[name] = index }
        let order = sources.indices.sorted { a, b in
            let left = sources[a]
            let right = sources[b]
            switch (explicit[left.name], explicit[right.name]) {
            case (let l?, let r?): return l != r ? l < r : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil):
                if left.deviceClass != right.deviceClass { return left.deviceClass < right.deviceClass }
                if left.name != right.name { return left.name < right.name }
                return a < b
            }
        }
        var rank = [Int32](repeating: 0, count: sources.count)
        for (place, index) in order.enumerated() { rank[index] = Int32(place) }
        self.rank = rank
    }

    /// The sources' names, highest priority first.
    public var orderedNames: [String] {
        sources.indices.sorted { rank[$0] < rank[$1] }.map { sources[$0].name }
    }

    /// The key a sample competes with (lower wins): hand-entered samples come before every source.
    @inline(__always)
    public func key(source: Int32, userEntered: Bool) -> Int32 {
        userEntered ? rank[Int(source)] : rank[Int(source)] + Int32(sources.count)
    }
}
