/*
 * libxml2-sax-baseline: the "what libxml2 itself can do" reference for the
 * healthimport benchmarks.
 *
 * Parses FILE with libxml2's SAX2 push parser (xmlCreatePushParserCtxt +
 * xmlParseChunk, 256 KiB chunks) with empty element callbacks that only count
 * start tags, and prints the element count.  This is the floor for any
 * libxml2-based streaming importer: parsing, entity decoding, attribute
 * splitting and UTF-8 checking, with no work done on the data.
 *
 * Build:  cc -O2 -o libxml2-sax-baseline libxml2-sax-baseline.c $(pkg-config --cflags --libs libxml-2.0)
 * Usage:  libxml2-sax-baseline FILE     (FILE "-" reads standard input)
 * Output: "<elements> elements <records> top-level\n" on stdout, where
 *         top-level counts Record, Correlation, Workout and ActivitySummary
 *         children of the root (depth 2).  Exit status 1 on a parse error.
 */
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK (256 * 1024)

struct counts {
    unsigned long long elements;
    unsigned long long toplevel;
    int depth;
};

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
                     int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                     const xmlChar **attributes)
{
    struct counts *c = (struct counts *)((xmlParserCtxtPtr)ctx)->_private;
    (void)prefix; (void)URI; (void)nb_namespaces; (void)namespaces;
    (void)nb_attributes; (void)nb_defaulted; (void)attributes;
    c->elements++;
    if (++c->depth == 2 &&
        (strcmp((const char *)localname, "Record") == 0 || strcmp((const char *)localname, "Workout") == 0 ||
         strcmp((const char *)localname, "Correlation") == 0 ||
         strcmp((const char *)localname, "ActivitySummary") == 0))
        c->toplevel++;
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI)
{
    struct counts *c = (struct counts *)((xmlParserCtxtPtr)ctx)->_private;
    (void)localname; (void)prefix; (void)URI;
    c->depth--;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    FILE *f = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    LIBXML_TEST_VERSION

    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;

    char *buf = malloc(CHUNK);
    if (!buf)
        return 2;
    struct counts c = {0, 0, 0};
    size_t n = fread(buf, 1, 4, f);
    /* With a handler struct as user data == NULL, libxml2 passes the parser
     * context to the callbacks; our counters ride in ctxt->_private. */
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, NULL, buf, (int)n, argv[1]);
    if (!ctxt) {
        fprintf(stderr, "cannot create parser context\n");
        return 2;
    }
    ctxt->_private = &c;
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOENT);

    int err = 0;
    while ((n = fread(buf, 1, CHUNK, f)) > 0) {
        if ((err = xmlParseChunk(ctxt, buf, (int)n, 0)) != 0)
            break;
    }
    if (!err)
        err = xmlParseChunk(ctxt, NULL, 0, 1);
    int wellformed = ctxt->wellFormed;
    xmlFreeParserCtxt(ctxt);
    xmlCleanupParser();
    free(buf);
    if (f != stdin)
        fclose(f);
    if (err || !wellformed) {
        fprintf(stderr, "%s: parse error (%d)\n", argv[1], err);
        return 1;
    }
    printf("%llu elements %llu top-level\n", c.elements, c.toplevel);
    return 0;
}
