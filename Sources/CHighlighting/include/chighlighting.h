#ifndef CHIGHLIGHTING_H
#define CHIGHLIGHTING_H

/* A plain C view of code highlighted by KDE's KSyntaxHighlighting: the runs of its text that
   take a highlight.js class, so that mdBook themes' highlight.css styles them. */

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /* In UTF-8 bytes from the start of the code; a run never holds a line break. */
    size_t offset, length;
    /* `hljs-keyword`, `hljs-title function_`…: a static string. */
    const char *classes;
} chighlighting_run;

typedef struct {
    chighlighting_run *runs;
    size_t count;
} chighlighting_runs;

/* The classed runs of `code` (`length` bytes of UTF-8) in the syntax whose name (in any case)
   or file extension is `language`, in order, neighbours of one class merged; false, and no runs,
   when no syntax has that name or extension. Safe to call from any thread. */
bool chighlighting_highlight(const char *language, const void *code, size_t length, chighlighting_runs *result);

void chighlighting_free(chighlighting_runs *runs);

#ifdef __cplusplus
}
#endif

#endif
