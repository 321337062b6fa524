// xxHash, the reference implementation (Debian package libxxhash-dev): XXH3-64 for the index
// cache's checksum, XXH64 streaming (its state is a plain struct) for a list's content hash.
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>
