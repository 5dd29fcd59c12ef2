#ifndef CTOML_H
#define CTOML_H

/* A plain C view of a TOML document parsed by toml++: every value as a flat list of nodes in
   document order, each naming its parent, so Swift can rebuild the tree with positions. */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CTOML_TABLE, CTOML_ARRAY, CTOML_STRING, CTOML_INTEGER, CTOML_FLOAT, CTOML_BOOLEAN,
    CTOML_DATE, CTOML_TIME, CTOML_DATE_TIME
} ctoml_kind;

typedef struct {
    /* Index of the containing table or array; -1 for the keys of the root table. */
    long parent;
    /* The key in the parent table; NULL for an array's items. */
    const char *key;
    ctoml_kind kind;
    /* Strings as they are, numbers, booleans and dates as TOML writes them; "" for tables and arrays. */
    const char *text;
    /* 1-based; 0 when toml++ knows no place (an implicit table). */
    unsigned line, column;
    unsigned key_line, key_column;
} ctoml_node;

typedef struct ctoml_document ctoml_document;

/* Never NULL. `text` need not end in a NUL. */
ctoml_document *ctoml_parse(const char *text, size_t length);
/* NULL when the document parsed. */
const char *ctoml_error(const ctoml_document *document);
unsigned ctoml_error_line(const ctoml_document *document);
unsigned ctoml_error_column(const ctoml_document *document);
size_t ctoml_count(const ctoml_document *document);
const ctoml_node *ctoml_node_at(const ctoml_document *document, size_t index);
void ctoml_free(ctoml_document *document);

#ifdef __cplusplus
}
#endif

#endif
