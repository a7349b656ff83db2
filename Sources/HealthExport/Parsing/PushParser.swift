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

    /// Hands `parser` the next bytes; returns the first message of an error libxml2 raised
    /// without its parser meanwhile, if any.
    ///
    /// The input's bytes failing to convert from the encoding it declares is such an error:
    /// libxml2 would print it and halt, and no callback would see it. So while it parses, this
    /// thread's handler for those errors keeps the message (the caller's handler is restored).
    static func parseChunk(
        _ parser: xmlParserCtxtPtr, _ chars: UnsafePointer<CChar>?, _ length: Int, terminate: Bool
    ) -> String? {
        final class Message { var text: String? }
        let message = Message()
        let handler = __xmlStructuredError()!
        let context = __xmlStructuredErrorContext()!
        let (savedHandler, savedContext) = (handler.pointee, context.pointee)
        handler.pointee = { context, error in
            guard let context, let error else { return }
            let message = Unmanaged<Message>.fromOpaque(context).takeUnretainedValue()
            guard message.text == nil else { return }
            message.text = ParseState.oneLine(error.pointee.message.map { String(cString: $0) } ?? "encoder error")
        }
        context.pointee = Unmanaged.passUnretained(message).toOpaque()
        xmlParseChunk(parser, chars, Int32(length), terminate ? 1 : 0)
        (handler.pointee, context.pointee) = (savedHandler, savedContext)
        return message.text
    }

    /// Whether `parser` stopped by itself before the end of its input: after bytes it could not
    /// convert, an iconv decoder halts it with no error its callbacks see.
    static func halted(_ parser: xmlParserCtxtPtr) -> Bool {
        parser.pointee.instate == XML_PARSER_EOF
    }

    /// Whether `parser` holds bytes it could not convert from the encoding its input declares:
    /// libxml2's own decoders (US-ASCII, ISO-8859-1) stop at such bytes without an error.
    static func holdsUnconvertedBytes(_ parser: xmlParserCtxtPtr) -> Bool {
        guard let buffer = parser.pointee.input?.pointee.buf?.pointee, buffer.encoder != nil, let raw = buffer.raw
        else { return false }
        return xmlBufUse(raw) > 0
    }

    /// The error of a parse that stopped where `parser` stands, on bytes not valid in the encoding
    /// its input declares: "`input`'s bytes are not valid …", with libxml2's own message if it gave one.
    static func conversionFailure(
        _ parser: xmlParserCtxtPtr?, input: String, message: String?, path: String
    ) -> ExportError {
        let place = parser?.pointee.input?.pointee
        let line = Int(place?.line ?? 0)
        let column = Int(place?.col ?? 0)
        var reason =
            parser?.pointee.encoding.map {
                "\(input)'s bytes are not valid \(String(cString: $0)), the encoding it declares"
            }
            ?? "libxml2 stopped reading \(input)"
        if let message { reason += " (libxml2: \(message))" }
        return ExportError(
            .malformed, reason, path: path, line: line > 0 ? line : nil, column: column > 0 ? column : nil)
    }
}
