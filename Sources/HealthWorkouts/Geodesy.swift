import HealthExport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Distances on the Earth's surface.
enum Geodesy {
    /// The mean Earth radius in metres (IUGG).
    static let earthRadius = 6_371_008.8

    /// The great-circle distance between two points in metres (haversine).
    static func meters(from a: RoutePoint, to b: RoutePoint) -> Double {
        let radians = Double.pi / 180
        let latitudeA = a.latitude * radians
        let latitudeB = b.latitude * radians
        let halfLatitude = (latitudeB - latitudeA) / 2
        let halfLongitude = (b.longitude - a.longitude) * radians / 2
        let h =
            sin(halfLatitude) * sin(halfLatitude) + cos(latitudeA) * cos(latitudeB) * sin(halfLongitude)
            * sin(halfLongitude)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }
}
