// Bit counts of many words at once (see CBitCount.h), in C because Swift cannot compile one
// function for a processor feature checked at run time: the reading keys' checks and ranks
// count the bits of every word of a file (issue 14: verification that costs little).
#include "CBitCount.h"

/// The loop, compiled for the features of the function it is inlined into.
static inline __attribute__((always_inline)) uint64_t ns_ranks(
    const uint64_t *words, const uint64_t *clear, uint32_t *ranks, size_t count) {
  uint64_t total = 0;
  for (size_t i = 0; i < count; i++) {
    uint64_t w = clear ? words[i] & ~clear[i] : words[i];
    if (ranks) ranks[i] = (uint32_t)total;
    total += (uint64_t)__builtin_popcountll(w);
  }
  return total;
}

uint64_t ns_bit_ranks_portable(const uint64_t *words, const uint64_t *clear,
                               uint32_t *ranks, size_t count) {
  return ns_ranks(words, clear, ranks, count);
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <stdatomic.h>

/// Whether the processor has POPCNT (CPUID leaf 1, ECX bit 23), asked once: CPUID may trap
/// to the hypervisor in a virtual machine. -1 until asked; threads that race both ask.
static atomic_int ns_popcnt_known = -1;

static int ns_has_popcnt(void) {
  int known = atomic_load_explicit(&ns_popcnt_known, memory_order_relaxed);
  if (known < 0) {
    unsigned int a, b, c, d;
    known = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_POPCNT) != 0;
    atomic_store_explicit(&ns_popcnt_known, known, memory_order_relaxed);
  }
  return known;
}

__attribute__((target("popcnt"))) static uint64_t ns_ranks_popcnt(
    const uint64_t *words, const uint64_t *clear, uint32_t *ranks, size_t count) {
  return ns_ranks(words, clear, ranks, count);
}

uint64_t ns_bit_ranks(const uint64_t *words, const uint64_t *clear, uint32_t *ranks,
                      size_t count) {
  return ns_has_popcnt() ? ns_ranks_popcnt(words, clear, ranks, count)
                         : ns_bit_ranks_portable(words, clear, ranks, count);
}

#else

uint64_t ns_bit_ranks(const uint64_t *words, const uint64_t *clear, uint32_t *ranks,
                      size_t count) {
  return ns_bit_ranks_portable(words, clear, ranks, count);
}

#endif
