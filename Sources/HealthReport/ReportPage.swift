/// The page around the sections: the style sheet (light, dark and print) and a header.
struct ReportPage {
    let title: String
    private var body = ""

    init(title: String) {
        self.title = title
    }

    mutating func header(store: String, since: String?, generated: String) {
        body += "<header><h1>\(HTMLText.escape(title))</h1><p>From <code>\(HTMLText.escape(store))</code>"
        body += since.map { ", from \(HTMLText.escape($0)) on" } ?? ", the whole history"
        body += "; made \(HTMLText.escape(generated)) by healthimport. Hover over a mark for its value.</p></header>"
    }

    mutating func section(_ heading: String, _ content: String) {
        body += "<section><h2>\(HTMLText.escape(heading))</h2>\(content)</section>"
    }

    var html: String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <meta name="color-scheme" content="light dark">
        <title>\(HTMLText.escape(title))</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    static let style = """
        :root { --text: #1d1d1f; --muted: #5b5b60; --grid: #e3e3e6; --axis: #8a8a90; --background: #ffffff; --panel: #f6f6f8; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #ececf0; --muted: #a5a5ad; --grid: #34343a; --axis: #77777f; --background: #141416; --panel: #1e1e22; }
          /* Okabe-Ito's blue is too dark on a dark panel: a lighter blue of the same hue. */
          [fill="#0072B2"] { fill: #3D9BE0; }
          [stroke="#0072B2"] { stroke: #3D9BE0; }
          .swatch[style*="#0072B2"] { background: #3D9BE0 !important; }
        }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1180px; padding: 24px; background: var(--background); color: var(--text);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 18px; margin: 0 0 10px; }
        h3 { font-size: 15px; margin: 18px 0 8px; }
        header p { color: var(--muted); margin: 0 0 20px; }
        section { background: var(--panel); border-radius: 10px; padding: 16px 18px; margin: 0 0 18px; break-inside: avoid; }
        figure { margin: 0; }
        figure svg { display: block; width: 100%; height: auto; }
        figure.narrow svg { max-width: 620px; }
        figcaption { color: var(--muted); font-size: 13px; margin-top: 6px; }
        .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 18px; }
        .legend { display: inline-flex; flex-wrap: wrap; gap: 4px 12px; margin-right: 8px; color: var(--text); }
        .key { display: inline-flex; align-items: center; gap: 5px; }
        .swatch { width: 11px; height: 11px; border-radius: 2px; display: inline-block; }
        .grid line { stroke: var(--grid); stroke-width: 1; }
        .axis text, .axis-text { fill: var(--muted); font-size: 11px; }
        .axis .unit { fill: var(--text); font-weight: 600; }
        .baseline { stroke: var(--axis); stroke-width: 1; }
        svg circle title, svg g title { pointer-events: auto; }
        figure.empty p { color: var(--muted); margin: 0; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--grid); }
        th { color: var(--muted); font-weight: 600; }
        td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
        code { font-size: 12px; }
        @media (max-width: 760px) { .pair { grid-template-columns: 1fr; } body { padding: 12px; } }
        @media print {
          :root { --text: #000; --muted: #333; --grid: #ddd; --axis: #555; --background: #fff; --panel: #fff; }
          body { max-width: none; padding: 0; }
          section { border: 1px solid #ccc; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """
}
