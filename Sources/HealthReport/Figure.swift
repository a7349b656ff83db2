/// A chart in its figure, with a caption and a key, marked with how many points it draws.
enum Figure {
    static func chart(
        _ id: String, points: Int, svg: String, caption: String, legend: [(String, String)], wide: Bool = true
    ) -> String {
        var out = "<figure class=\"chart\(wide ? "" : " narrow")\" id=\"\(id)\" data-points=\"\(points)\">"
        out += svg
        out += "<figcaption>"
        if !legend.isEmpty {
            out += "<span class=\"legend\">"
            for (name, color) in legend {
                out +=
                    "<span class=\"key\"><span class=\"swatch\" style=\"background:\(color)\"></span>\(HTMLText.escape(name))</span>"
            }
            out += "</span> "
        }
        out += HTMLText.escape(caption) + "</figcaption></figure>"
        return out
    }

    static func empty(_ id: String, _ message: String) -> String {
        "<figure class=\"chart empty\" id=\"\(id)\" data-points=\"0\"><p>\(HTMLText.escape(message))</p></figure>"
    }
}
