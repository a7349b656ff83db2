import CLibXML2

/// The libxml2 push parser that reads the elements ``OverviewScanner`` hands over, with the
/// callbacks and ``ParseState`` of a full read, so they yield exactly what a full read yields.
final class DelegateParser {
    let state: ParseState
    private let parser: xmlParserCtxtPtr

    init(state: ParseState) throws(ExportError) {
        self.state = state
        parser = try state.makePushParser()
    }

    deinit {
        xmlFreeParserCtxt(parser)
    }

    /// Sets the line and column libxml2 counts from, so that its messages and the lines of
    /// invalid records name the place in the file, not in the bytes it was handed.
    func move(line: Int, column: Int) {
        guard let input = parser.pointee.input else { return }
        input.pointee.line = Int32(clamping: line)
        input.pointee.col = Int32(clamping: column)
    }

    /// Parses the next bytes; throws the error that stopped the parse, if any.
    func feed(_ start: UnsafePointer<UInt8>, _ count: Int) throws {
        let chars = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
        var offset = 0
        state.noteEnd(of: UnsafeRawBufferPointer(start: start, count: count))
        while offset < count, state.failure == nil {
            let length = min(count - offset, Int(Int32.max))
            parseChunk(chars + offset, length, terminate: false)
            offset += length
        }
        if let failure = state.failure { throw failure }
    }

    /// Ends the document.
    func finish() throws {
        state.terminating = true
        parseChunk(nil, 0, terminate: true)
        if let failure = state.failure { throw failure }
    }

    /// Hands libxml2 the next bytes. The export's bytes failing to convert from the encoding it
    /// declares is an error libxml2 raises without its parser: it would print it, and no
    /// callback would see it. So while it parses, this thread's handler for such
    /// errors keeps the message, and a parser stopped with no error reported fails with it.
    private func parseChunk(_ chars: UnsafePointer<CChar>?, _ length: Int, terminate: Bool) {
        let handler = __xmlStructuredError()!
        let context = __xmlStructuredErrorContext()!
        let (savedHandler, savedContext) = (handler.pointee, context.pointee)
        handler.pointee = { context, error in
            guard let context, let error else { return }
            ParseState.from(context).noteConversionError(error.pointee)
        }
        context.pointee = Unmanaged.passUnretained(state).toOpaque()
        xmlParseChunk(parser, chars, Int32(length), terminate ? 1 : 0)
        (handler.pointee, context.pointee) = (savedHandler, savedContext)
        // libxml2 either stops at once or parses what it converted and then waits for bytes that
        // never come, which at the end it would call a truncated file.
        if state.failure == nil,
            state.conversionError != nil || (!terminate && parser.pointee.instate == XML_PARSER_EOF)
        {
            state.failConversion()
        }
    }
}
