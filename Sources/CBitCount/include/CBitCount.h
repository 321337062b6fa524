#ifndef NAMES_SEARCH_CBITCOUNT_H
#define NAMES_SEARCH_CBITCOUNT_H

#include <stddef.h>
#include <stdint.h>

/// The set bits of `words[i] & ~clear[i]` (of `words[i]` alone when `clear` is NULL) for
/// each `i` in `0 ..< count`, added up: stores in `ranks[i]` (when `ranks` is not NULL)
/// the total of the words before `i`, truncated to 32 bits, and returns the total of all.
///
/// Counted with the processor's POPCNT instruction when it has one (CPUID leaf 1, ECX bit
/// 23: every x86-64 since 2008, and what `__builtin_popcountll` compiles to with it),
/// asked once; otherwise by the compiler's portable sequence. The build's baseline
/// x86-64 lacks POPCNT, so Swift's `nonzeroBitCount` is about 15 instructions a word.
///
/// Complexity: O(count), reading each word once.
uint64_t ns_bit_ranks(const uint64_t *words, const uint64_t *clear, uint32_t *ranks,
                      size_t count);

/// `ns_bit_ranks` without the processor's bit count: on x86, compiled without POPCNT
/// whatever the build's baseline, which is what a processor without it runs, so that tests
/// compare both ways on any x86 machine; elsewhere, the same as `ns_bit_ranks`.
uint64_t ns_bit_ranks_portable(const uint64_t *words, const uint64_t *clear,
                               uint32_t *ranks, size_t count);

#endif
