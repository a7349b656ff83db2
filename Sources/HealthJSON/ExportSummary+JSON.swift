import HealthExport

extension ExportSummary {
    /// The summary as one JSON object (keys sorted where they come from the data).
    public var json: String {
        var out = JSONBuffer()
        out.beginObject()
        out.field("exportDate", facts.exportDate)
        out.field("version", facts.version)
        out.field("locale", facts.locale)
        out.field("records", recordCount)
        out.key("types")
        out.beginObject()
        for type in types.keys.sorted() {
            let figures = types[type]!
            out.key(type)
            out.beginObject()
            out.field("kind", figures.kind.rawValue)
            out.field("count", figures.count)
            out.field("first", figures.first)
            out.field("last", figures.last)
            out.endObject()
        }
        out.endObject()
        out.key("sources")
        out.beginObject()
        for source in sources.keys.sorted() {
            out.key(source)
            out.integer(sources[source]!)
        }
        out.endObject()
        out.key("invalid")
        out.integer(read.invalidCount)
        if !read.unknownElements.isEmpty {
            out.key("unknownElements")
            out.beginObject()
            for name in read.unknownElements.keys.sorted() {
                out.key(name)
                out.integer(read.unknownElements[name]!)
            }
            out.endObject()
        }
        out.endObject()
        out.newline()
        return out.text
    }
}
