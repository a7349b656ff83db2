import HealthStatistics

/// Sources and clocks shared by the tests: Jo's Watch and iPhone, and two apps.
struct Fixture {
    let zones = LocalZones()
    let utc: LocalZones.ZoneID
    static let watch = StatisticsSource(name: "Jo’s Apple Watch", deviceModel: "Watch")
    static let phone = StatisticsSource(name: "Jo’s iPhone", deviceModel: "iPhone")
    static let pedometer = StatisticsSource(name: "Pedometer++")
    static let health = StatisticsSource(name: "Health")
    static let sleepCycle = StatisticsSource(name: "Sleep Cycle")
    static let sources = [watch, phone, pedometer, health, sleepCycle]
    let watch: Int32 = 0
    let phone: Int32 = 1
    let pedometer: Int32 = 2
    let health: Int32 = 3
    let sleepCycle: Int32 = 4

    init() {
        utc = zones.fixed(offsetSeconds: 0)
    }

    func priority(_ preferred: [String] = []) -> SourcePriority {
        SourcePriority(sources: Self.sources, preferred: preferred)
    }

    /// 2024-05-10 at `hour`:`minute` UTC (hours past 24 run into the next days).
    static func at(_ hour: Int, _ minute: Int = 0) -> Int64 {
        1_715_299_200 + Int64(hour) * 3600 + Int64(minute) * 60
    }

    func sample(
        _ source: Int32, _ from: (Int, Int), _ to: (Int, Int), _ value: Double, handEntered: Bool = false,
        zone: LocalZones.ZoneID? = nil
    ) -> StatisticsSample {
        StatisticsSample(
            start: Self.at(from.0, from.1), end: Self.at(to.0, to.1), value: value, source: source,
            userEntered: handEntered, zone: zone ?? utc)
    }

    func days(_ samples: [StatisticsSample], priority: SourcePriority? = nil) -> [StatisticsBucket] {
        CumulativeStatistics.buckets(samples, periods: [.day], priority: priority ?? self.priority(), zones: zones)[
            .day]!
    }

    func total(_ samples: [StatisticsSample], priority: SourcePriority? = nil) -> Double {
        days(samples, priority: priority).reduce(0) { $0 + $1.sum }
    }

    func amounts(_ bucket: StatisticsBucket) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: bucket.sources.map { (Self.sources[Int($0.source)].name, $0.amount) })
    }
}

/// Equal to within a millionth, for sums of shares.
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
