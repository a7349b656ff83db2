import HealthQuery

/// An SVG chart's frame: a time axis below, a value axis on the left with grid lines, and the
/// unit; charts draw their marks into it.
struct ChartCanvas {
    /// The width of a chart across the page, and of one of a pair; about the pixels it takes on a wide screen.
    static let fullWidth = 1100.0
    static let halfWidth = 540.0
    static let height = 250.0
    let width: Double
    let time: TimeScale
    let values: ValueScale
    let unit: String
    let decimals: Int
    private(set) var marks = ""

    init(
        first: Int, last: Int, minimum: Double, maximum: Double, fromZero: Bool, unit: String, decimals: Int = 0,
        integers: Bool = false, width: Double = fullWidth
    ) {
        self.width = width
        time = TimeScale(first: first, last: last, left: 56, right: width - 12)
        values = ValueScale(
            minimum: minimum, maximum: maximum, top: 30, bottom: Self.height - 30, fromZero: fromZero,
            integers: integers)
        self.unit = unit
        self.decimals = decimals
    }

    mutating func add(_ mark: String) {
        marks += mark
    }

    /// The whole `<svg>`, described for screen readers by `label`.
    func svg(label: String) -> String {
        var out = """
            <svg viewBox="0 0 \(Int(width)) \(Int(Self.height))" role="img" aria-label="\(HTMLText.escape(label))" \
            xmlns="http://www.w3.org/2000/svg">
            """
        out += "<g class=\"grid\">"
        for tick in values.ticks {
            let y = HTMLText.coordinate(values.y(tick))
            out +=
                "<line x1=\"\(HTMLText.coordinate(time.left))\" x2=\"\(HTMLText.coordinate(time.right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
        }
        out += "</g><g class=\"axis\">"
        let tickDecimals = values.step < 1 ? (values.step < 0.1 ? 2 : 1) : 0
        for tick in values.ticks {
            out +=
                "<text x=\"\(HTMLText.coordinate(time.left - 6))\" y=\"\(HTMLText.coordinate(values.y(tick) + 4))\" text-anchor=\"end\">\(HTMLText.number(tick, decimals: tickDecimals))</text>"
        }
        out += "<text x=\"4\" y=\"14\" class=\"unit\">\(HTMLText.escape(unit))</text>"
        let base = HTMLText.coordinate(values.bottom)
        out +=
            "<line x1=\"\(HTMLText.coordinate(time.left))\" x2=\"\(HTMLText.coordinate(time.right))\" y1=\"\(base)\" y2=\"\(base)\" class=\"baseline\"/>"
        for tick in time.ticks(atMost: Int(width / 150)) {
            let x = HTMLText.coordinate(time.x(Double(tick.day)) - time.dayWidth / 2)
            out +=
                "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(base)\" y2=\"\(HTMLText.coordinate(values.bottom + 5))\" class=\"baseline\"/>"
            // Labels near an edge lean inwards, so none is cut off.
            let position = time.x(Double(tick.day)) - time.dayWidth / 2
            let anchor = position > width - 40 ? "end" : position < time.left + 30 ? "start" : "middle"
            out +=
                "<text x=\"\(x)\" y=\"\(HTMLText.coordinate(values.bottom + 18))\" text-anchor=\"\(anchor)\">\(tick.label)</text>"
        }
        out += "</g>"
        out += marks
        out += "</svg>"
        return out
    }
}

/// A point of a time series, with what hovering over it says.
struct ChartPoint {
    var day: Int
    var value: Double
    var title: String
}

/// One of several stacked values of a bar.
struct StackedBar {
    var day: Int
    var days: Int
    var values: [Double]
    var title: String
}

/// The charts the report draws.
enum Charts {
    /// Dots for `points` and a line through `trend` (or through the dots when there is none).
    static func line(
        _ points: [ChartPoint], trend: [ChartPoint]? = nil, unit: String, color: String, decimals: Int, label: String,
        width: Double = ChartCanvas.fullWidth
    )
        -> String
    {
        guard let first = points.first?.day, let last = points.last?.day else { return "" }
        let all = points.map(\.value) + (trend?.map(\.value) ?? [])
        var canvas = ChartCanvas(
            first: first, last: last, minimum: all.min() ?? 0, maximum: all.max() ?? 1, fromZero: false, unit: unit,
            decimals: decimals, width: width)
        let through = trend ?? points
        var path = ""
        for (index, point) in through.enumerated() {
            path +=
                (index == 0 ? "M" : "L") + HTMLText.coordinate(canvas.time.x(Double(point.day))) + ","
                + HTMLText.coordinate(canvas.values.y(point.value))
        }
        canvas.add(
            "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(trend == nil ? 1.5 : 2.5)\" class=\"\(trend == nil ? "series" : "trend")\"/>"
        )
        let radius = points.count > 400 ? 1.5 : 3.5
        canvas.add("<g fill=\"\(color)\" fill-opacity=\"\(trend == nil ? 1 : 0.7)\">")
        for point in points {
            canvas.add(
                "<circle cx=\"\(HTMLText.coordinate(canvas.time.x(Double(point.day))))\" cy=\"\(HTMLText.coordinate(canvas.values.y(point.value)))\" r=\"\(radius)\"><title>\(HTMLText.escape(point.title))</title></circle>"
            )
        }
        canvas.add("</g>")
        return canvas.svg(label: label)
    }

    /// A bar per point, `days` wide (1 for daily, 7 for weekly values).
    static func bars(_ points: [ChartPoint], days: Int, unit: String, color: String, label: String) -> String {
        stacked(
            points.map { StackedBar(day: $0.day, days: days, values: [$0.value], title: $0.title) }, colors: [color],
            unit: unit, label: label)
    }

    /// Bars of stacked values, one colour per position.
    static func stacked(
        _ bars: [StackedBar], colors: [String], unit: String, decimals: Int = 0, integers: Bool = false, label: String
    ) -> String {
        guard let first = bars.first?.day, let lastBar = bars.last else { return "" }
        let maximum = bars.map { $0.values.reduce(0, +) }.max() ?? 1
        var canvas = ChartCanvas(
            first: first, last: lastBar.day + lastBar.days - 1, minimum: 0, maximum: maximum, fromZero: true,
            unit: unit,
            decimals: decimals, integers: integers)
        let gap = canvas.time.dayWidth * Double(lastBar.days) > 3 ? 0.15 : 0
        for bar in bars {
            let width = max(1.5, canvas.time.dayWidth * Double(bar.days) * (1 - gap))
            let x =
                canvas.time.x(Double(bar.day)) - canvas.time.dayWidth / 2 + canvas.time.dayWidth * Double(bar.days)
                * gap / 2
            var bottom = 0.0
            canvas.add("<g><title>\(HTMLText.escape(bar.title))</title>")
            for (index, value) in bar.values.enumerated() where value > 0 {
                let y0 = canvas.values.y(bottom)
                let y1 = canvas.values.y(bottom + value)
                canvas.add(
                    "<rect x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y1))\" width=\"\(HTMLText.coordinate(width))\" height=\"\(HTMLText.coordinate(max(0.5, y0 - y1)))\" fill=\"\(colors[index % colors.count])\"/>"
                )
                bottom += value
            }
            canvas.add("</g>")
        }
        return canvas.svg(label: label)
    }

    /// Concentric rings per day: move, exercise and stand against their goals.
    static func rings(_ days: [RingDay], label: String) -> String {
        let size = 84.0
        let columns = 7
        let rows = (days.count + columns - 1) / columns
        let width = size * Double(columns)
        let height = (size + 18) * Double(max(1, rows))
        var out =
            "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\" xmlns=\"http://www.w3.org/2000/svg\">"
        for (index, day) in days.enumerated() {
            let cx = size * (Double(index % columns) + 0.5)
            let cy = (size + 18) * Double(index / columns) + size / 2
            let rings: [(String, Double, Double, String, String)] = [
                ("Move", day.move, day.moveGoal, Palette.vermillion, "kcal"),
                ("Exercise", day.exercise, day.exerciseGoal, Palette.bluishGreen, "min"),
                ("Stand", day.stand, day.standGoal, Palette.skyBlue, "h"),
            ]
            let title =
                "\(day.day): "
                + rings.map { "\($0.0) \(HTMLText.number($0.1)) of \(HTMLText.number($0.2)) \($0.4)" }.joined(
                    separator: ", ")
            out += "<g><title>\(HTMLText.escape(title))</title>"
            for (ring, item) in rings.enumerated() {
                let radius = 34.0 - Double(ring) * 10
                let circumference = 2 * Double.pi * radius
                let fraction = item.2 > 0 ? min(1, item.1 / item.2) : 0
                let center =
                    "cx=\"\(HTMLText.coordinate(cx))\" cy=\"\(HTMLText.coordinate(cy))\" r=\"\(HTMLText.coordinate(radius))\""
                out +=
                    "<circle \(center) fill=\"none\" stroke=\"\(item.3)\" stroke-opacity=\"0.22\" stroke-width=\"8\"/>"
                if fraction > 0 {
                    out +=
                        "<circle \(center) fill=\"none\" stroke=\"\(item.3)\" stroke-width=\"8\" stroke-linecap=\"round\" stroke-dasharray=\"\(HTMLText.coordinate(circumference * fraction)) \(HTMLText.coordinate(circumference))\" transform=\"rotate(-90 \(HTMLText.coordinate(cx)) \(HTMLText.coordinate(cy)))\"/>"
                }
            }
            out +=
                "<text x=\"\(HTMLText.coordinate(cx))\" y=\"\(HTMLText.coordinate(cy + size / 2 + 12))\" text-anchor=\"middle\" class=\"axis-text\">\(day.day.dropFirst(5))</text></g>"
        }
        out += "</svg>"
        return out
    }
}
