// Bit counts of many words at once (see CBitCount.h), in C because Swift cannot compile one
// function for a processor feature checked at run time: the reading keys' checks and ranks
// count the bits of every word of a file (issue 14: verification that costs little).
#include "CBitCount.h"

// The loop, one copy for each case of `clear` (read or not) and `ranks` (written or not), so
// that no copy tests them at each word; a macro, not an inlined function, so that each
// function it is written into compiles it for its own target features (POPCNT or not).
#define NS_RANKS_LOOP(WORD, RANK)                                                           \
  do {                                                                                      \
    for (size_t i = 0; i < count; i++) {                                                    \
      uint64_t w = (WORD);                                                                  \
      RANK;                                                                                 \
      total += (uint64_t)__builtin_popcountll(w);                                           \
    }                                                                                       \
  } while (0)

#define NS_RANKS_BODY                                                                       \
  uint64_t total = 0;                                                                       \
  if (clear && ranks) {                                                                     \
    NS_RANKS_LOOP(words[i] & ~clear[i], ranks[i] = (uint32_t)total);                        \
  } else if (clear) {                                                                       \
    NS_RANKS_LOOP(words[i] & ~clear[i], (void)0);                                           \
  } else if (ranks) {                                                                       \
    NS_RANKS_LOOP(words[i], ranks[i] = (uint32_t)total);                                    \
  } else {                                                                                  \
    NS_RANKS_LOOP(words[i], (void)0);                                                       \
  }                                                                                         \
  return total;

#if defined(__x86_64__) || defined(__i386__)
// Without POPCNT even in a build whose baseline has it (-mpopcnt, x86-64-v2).
__attribute__((target("no-popcnt")))
#endif
uint64_t ns_bit_ranks_portable(const uint64_t *words, const uint64_t *clear,
                               uint32_t *ranks, size_t count) {
  NS_RANKS_BODY
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
  NS_RANKS_BODY
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
