// libxml2's push parser and SAX2 interface (Debian package libxml2-dev).
//
// Debian's libxml2 is built with ICU, and its headers then include the system ICU's
// <unicode/ucnv.h>, whose types clash with the copy of ICU that Foundation bundles. This
// reader never touches libxml2's encoding handler structures, so hide the ICU part.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
