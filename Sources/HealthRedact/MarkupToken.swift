/// One piece of XML as ``MarkupScanner`` cuts it.
enum MarkupToken: Equatable {
    /// Characters between tags.
    case text
    /// `<Name …>`, or `<Name …/>` when `empty`.
    case startTag(empty: Bool)
    /// `</Name>`.
    case endTag
    /// `<!-- … -->`.
    case comment
    /// `<? … ?>`.
    case processingInstruction
    /// `<!DOCTYPE …>` with its internal subset.
    case doctype
    /// `<![CDATA[ … ]]>`.
    case cdata
}
