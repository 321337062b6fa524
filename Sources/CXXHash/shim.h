// xxHash, the reference implementation (Debian package libxxhash-dev): XXH3-64 for the index
// cache's checksum, XXH64 streaming (its state is a plain struct) for a list's content hash.
#define XXH_STATIC_LINKING_ONLY
#include <stddef.h>
#include <xxhash.h>

// On x86-64 the library also exports XXH3 entry points that pick the widest vector unit the
// processor has at run time (SSE2, AVX2 or AVX-512; xxh_x86dispatch.h); the plain ones use
// SSE2 only. Both give the same digests, so an index cache file reads the same either way.
#if defined(__x86_64__)
#define XXH_DISPATCH_DISABLE_REPLACE
#include <xxh_x86dispatch.h>
#endif

/// XXH3-64 (seed 0) of `length` bytes at `input`, on the widest vector unit available.
static inline XXH64_hash_t names_search_xxh3_64(const void *input, size_t length) {
#if defined(__x86_64__)
  return XXH3_64bits_dispatch(input, length);
#else
  return XXH3_64bits(input, length);
#endif
}

/// Adds `length` bytes at `input` to an XXH3-64 state, on the widest vector unit available.
static inline XXH_errorcode names_search_xxh3_64_update(
    XXH3_state_t *state, const void *input, size_t length) {
#if defined(__x86_64__)
  return XXH3_64bits_update_dispatch(state, input, length);
#else
  return XXH3_64bits_update(state, input, length);
#endif
}
