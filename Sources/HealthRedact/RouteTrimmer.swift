#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Drops a route's first and last 500 m, measured along the path, as its points stream past.
///
/// A point is let through once the path has gone on 500 m past it, so only the points of the
/// last 500 m are held at any time; whatever is still held when the route ends is dropped.
/// Items that are not points (metadata, whitespace) keep their place among the points let through.
struct RouteTrimmer {
    /// How much of each end goes, in metres.
    static let margin = 500.0

    private struct Item {
        var bytes: [UInt8]
        /// The distance along the path at this point; `nil` for an item that is no point.
        var distance: Double?
    }

    private var held: [Item] = []
    private var first = 0
    private var travelled = 0.0
    private var last: (latitude: Double, longitude: Double)?
    /// Points dropped so far.
    private(set) var dropped = 0
    /// Points let through so far.
    private(set) var kept = 0

    /// Adds an item: a point when `coordinate` is given; `emit` receives what may go out now.
    mutating func add(
        _ bytes: [UInt8], coordinate: (latitude: Double, longitude: Double)?, emit: ([UInt8]) throws -> Void
    ) rethrows {
        guard let coordinate else {
            held.append(Item(bytes: bytes, distance: nil))
            try release(emit)
            return
        }
        if let last { travelled += Self.metres(from: last, to: coordinate) }
        last = coordinate
        if travelled < Self.margin {
            dropped += 1
        } else {
            held.append(Item(bytes: bytes, distance: travelled))
        }
        try release(emit)
    }

    /// Ends the route: the points still held are dropped, the other items go out.
    mutating func finish(_ emit: ([UInt8]) throws -> Void) rethrows {
        for item in held[first...] {
            if item.distance == nil { try emit(item.bytes) } else { dropped += 1 }
        }
        held.removeAll()
        first = 0
        travelled = 0
        last = nil
    }

    private mutating func release(_ emit: ([UInt8]) throws -> Void) rethrows {
        while first < held.count {
            let item = held[first]
            if let distance = item.distance {
                guard distance <= travelled - Self.margin else { break }
                kept += 1
            }
            try emit(item.bytes)
            held[first].bytes = []
            first += 1
        }
        if first > 1024, first * 2 > held.count {
            held.removeSubrange(..<first)
            first = 0
        }
    }

    /// The great-circle distance between two points, in metres (haversine, mean Earth radius).
    static func metres(
        from a: (latitude: Double, longitude: Double), to b: (latitude: Double, longitude: Double)
    ) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (b.latitude - a.latitude) * radians
        let dLongitude = (b.longitude - a.longitude) * radians
        let h =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }
}
