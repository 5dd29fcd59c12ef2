// libxml2's headers include ICU's when it is built with ICU, as Debian's is; Swift's Foundation
// carries its own ICU, and the two clash. Folio reaches no ICU part of libxml2.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xmlsave.h>
