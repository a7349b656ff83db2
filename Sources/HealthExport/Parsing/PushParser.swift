import CLibXML2

/// The one place libxml2 push parsers are made: the export's parsers and the GPX reader's.
enum PushParser {
    /// A push parser calling `handler` with `context`, named `name` in its errors, never
    /// reaching the network; the caller frees it with `xmlFreeParserCtxt`.
    ///
    /// - Parameters:
    ///   - first: the first bytes, which libxml2 reads to detect the encoding (none: UTF-8).
    ///   - options: `XML_PARSE_*` flags added to `XML_PARSE_NONET`.
    static func make(
        handler: inout xmlSAXHandler, context: UnsafeMutableRawPointer, name: String,
        first: UnsafeRawBufferPointer? = nil, options: Int32
    ) throws(ExportError) -> xmlParserCtxtPtr {
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        guard
            let parser = name.withCString({ cName in
                xmlCreatePushParserCtxt(
                    &handler, context, first?.baseAddress?.assumingMemoryBound(to: CChar.self),
                    Int32(first?.count ?? 0),
                    cName)
            })
        else {
            throw ExportError(.malformed, "libxml2 could not create a parser", path: name)
        }
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue) | options)
        return parser
    }
}
