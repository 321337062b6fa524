#include "CLibXML2Shims.h"

#include <libxml/xmlerror.h>

static void drop_generic_error(void *context, const char *message, ...) {
  (void)context;
  (void)message;
}

void names_search_xml_drop_generic_errors(void) {
  xmlSetGenericErrorFunc(NULL, drop_generic_error);
}
