#ifndef NAMES_SEARCH_CLIBXML2_SHIMS_H
#define NAMES_SEARCH_CLIBXML2_SHIMS_H

/// Sends libxml2's *generic* error messages (the ones it prints itself with
/// xmlGenericError, such as "xmlParseChunk: encoder error") on the calling thread to a
/// handler that drops them, so nothing but names-search's own one-line message reaches
/// standard error. Swift cannot write the variadic C function libxml2 needs for this;
/// structured errors, which carry the real cause, are handled in Swift.
void names_search_xml_drop_generic_errors(void);

#endif
