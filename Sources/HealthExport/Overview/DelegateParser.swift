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

    /// Hands libxml2 the next bytes (see ``PushParser/parseChunk(_:_:_:terminate:)``): a parser
    /// stopped with no error reported fails with the conversion error kept meanwhile.
    private func parseChunk(_ chars: UnsafePointer<CChar>?, _ length: Int, terminate: Bool) {
        if let message = PushParser.parseChunk(parser, chars, length, terminate: terminate) {
            state.noteConversionError(message)
        }
        // libxml2 either stops at once or parses what it converted and then waits for bytes that
        // never come, which at the end it would call a truncated file.
        if state.failure == nil,
            state.conversionError != nil || (!terminate && PushParser.halted(parser))
        {
            state.failConversion()
        }
    }
}
