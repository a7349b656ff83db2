#ifndef HEALTHIMPORT_CLIBXML2_SHIM_H
#define HEALTHIMPORT_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and Swift's Foundation on Linux ships its own ICU
// headers: a module that sees both fails to build with "'UErrorCode' has different
// definitions in different modules". Nothing here uses libxml2's ICU API, so hide it.
// Workaround for swiftlang/swift#88485: delete these lines once a clean build passes
// without them.
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>

/// libxml2's version as a number (e.g. 20914), a macro global that does not import.
static inline int healthimport_xml_parser_version(void) {
    return LIBXML_VERSION;
}

#endif
