// xxHash, the reference implementation (Debian package libxxhash-dev): XXH3-64 for the index
// cache's checksum, XXH64 streaming (its state is a plain struct) for a list's content hash.
#define XXH_STATIC_LINKING_ONLY
#include <stddef.h>
#include <xxhash.h>

// The plain XXH3 entry points (SSE2 on x86-64), which the library's static archive has too:
// the executable is linked fully static (README, "Set-up"). The archive lacks the entry
// points that pick AVX2 at run time (xxh_x86dispatch.h), and they bought nothing here: the
// index is checked in 1 KiB blocks (`BlockChecksums`), which both hash at the same speed
// (40 MB in 1 KiB blocks: 6.2 ms against 6.7 ms, a C loop over the two, gcc -O2).

/// XXH3-64 (seed 0) of `length` bytes at `input`.
static inline XXH64_hash_t names_search_xxh3_64(const void *input, size_t length) {
  return XXH3_64bits(input, length);
}

/// Adds `length` bytes at `input` to an XXH3-64 state.
static inline XXH_errorcode names_search_xxh3_64_update(
    XXH3_state_t *state, const void *input, size_t length) {
  return XXH3_64bits_update(state, input, length);
}
