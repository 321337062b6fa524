// The key scanner's inner loop (see CKeyScan.h): the one part of the search written in C,
// because Swift on baseline x86-64 has no way to turn a vector compare into a bit mask
// (SSE2's movemask) and spent about 30 cycles a key building one (issue 14, the live mode's
// one-letter keystrokes).
#include "CKeyScan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Whether `c` is a letter that no rule of Unicode UAX #29 joins to a neighbour that is
/// ASCII or another such letter: Greek and Cyrillic letters, kana and CJK ideographs (all
/// Grapheme_Cluster_Break Other, Indic_Conjunct_Break None, not Extended_Pictographic).
/// Between two of them, or one of them and an ASCII byte, there is always a boundary
/// (GB999); a mark, spacing mark or ZWJ after one joins it, and these (U+0483–U+0489,
/// U+3099, U+309A...) are not among them. (Hangul syllables, which join only jamo, never
/// reach the keys: folding writes them as their jamo.)
static inline int ns_plain(uint32_t c) {
  return (c >= 0x0391 && c <= 0x03A9) || (c >= 0x03B1 && c <= 0x03C9) ||
         (c >= 0x0400 && c <= 0x045F) || (c >= 0x3041 && c <= 0x3096) ||
         (c >= 0x30A1 && c <= 0x30FA) || c == 0x30FC || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF);
}

/// The scalar whose UTF-8 (two or three bytes, well formed) starts at `at` and ends by
/// `end`, or 0 when there is none such (0 is never `ns_plain`).
static inline uint32_t ns_scalar_at(const uint8_t *bytes, size_t at, size_t end) {
  const uint8_t b0 = bytes[at];
  if (b0 >= 0xC2 && b0 <= 0xDF && at + 2 <= end && (bytes[at + 1] & 0xC0) == 0x80) {
    return ((uint32_t)(b0 & 0x1F) << 6) | (bytes[at + 1] & 0x3F);
  }
  if (b0 >= 0xE0 && b0 <= 0xEF && at + 3 <= end && (bytes[at + 1] & 0xC0) == 0x80 &&
      (bytes[at + 2] & 0xC0) == 0x80) {
    const uint32_t c = ((uint32_t)(b0 & 0x0F) << 12) | ((uint32_t)(bytes[at + 1] & 0x3F) << 6) |
                       (bytes[at + 2] & 0x3F);
    return c >= 0x800 ? c : 0;
  }
  return 0;
}

/// The scalar whose UTF-8 (two or three bytes, well formed) ends just before `at`, starting
/// no earlier than `start`, or 0 when there is none such (a stray continuation byte before
/// `at` included).
static inline uint32_t ns_scalar_before(const uint8_t *bytes, size_t at, size_t start) {
  if (at >= start + 2 && (bytes[at - 1] & 0xC0) == 0x80) {
    if ((bytes[at - 2] & 0xE0) == 0xC0) return ns_scalar_at(bytes, at - 2, at);
    if (at >= start + 3 && (bytes[at - 2] & 0xC0) == 0x80 && (bytes[at - 3] & 0xF0) == 0xE0) {
      return ns_scalar_at(bytes, at - 3, at);
    }
  }
  return 0;
}

/// Whether `offset` is a cluster boundary of the key `bytes[start ..< end]`: 1 yes, 0 no,
/// -1 when the scalars beside it must be looked up (Unicode UAX #29; `ns_boundary_letters`,
/// then `ClusterBoundary`, decide those).
static inline int ns_boundary(const uint8_t *bytes, size_t offset, size_t start, size_t end) {
  if (offset <= start || offset >= end) return 1;  // GB1, GB2
  uint8_t previous = bytes[offset - 1];
  uint8_t next = bytes[offset];
  if ((previous | next) < 0x80) return !(previous == 0x0D && next == 0x0A);  // GB3–GB5, GB999
  if ((next & 0xC0) == 0x80) return 0;  // inside a scalar's UTF-8
  return -1;
}

/// `ns_boundary`, with the ends it leaves undecided decided when both scalars beside them
/// are ASCII or `ns_plain` (GB4, GB5 and GB999, CR LF being ASCII on both sides).
static int ns_boundary_letters(const uint8_t *bytes, size_t offset, size_t start, size_t end) {
  const int verdict = ns_boundary(bytes, offset, start, end);
  if (verdict >= 0) return verdict;
  if ((bytes[offset - 1] < 0x80 || ns_plain(ns_scalar_before(bytes, offset, start))) &&
      (bytes[offset] < 0x80 || ns_plain(ns_scalar_at(bytes, offset, end)))) {
    return 1;
  }
  return -1;
}

/// Bit `i` set where the term's first and last bytes both match at `p + i`, `i` < 64; the
/// bytes read are `p ..< p + 63 + length`, which the caller keeps inside the buffer.
static inline uint64_t ns_candidates(const uint8_t *p, size_t length, uint8_t first,
                                     uint8_t last) {
  const uint8_t *tail = p + length - 1;
#if defined(__SSE2__)
  const __m128i firsts = _mm_set1_epi8((char)first);
  const __m128i lasts = _mm_set1_epi8((char)last);
  uint64_t mask = 0;
  for (int i = 0; i < 4; i++) {
    __m128i a = _mm_loadu_si128((const __m128i *)(p + 16 * i));
    __m128i b = _mm_loadu_si128((const __m128i *)(tail + 16 * i));
    __m128i both = _mm_and_si128(_mm_cmpeq_epi8(a, firsts), _mm_cmpeq_epi8(b, lasts));
    mask |= (uint64_t)(uint16_t)_mm_movemask_epi8(both) << (16 * i);
  }
  return mask;
#else
  uint64_t mask = 0;
  for (int i = 0; i < 64; i++) {
    mask |= (uint64_t)(p[i] == first && tail[i] == last) << i;
  }
  return mask;
#endif
}

/// Bit `i` set where an occurrence may start at `p + i`, for the `lanes` (1–64) positions
/// from `p`; reads `bytes[p ..< p + lanes - 1 + length]`, with vector loads when they stay
/// below `count`.
static inline uint64_t ns_window(const uint8_t *bytes, size_t count, size_t p, size_t lanes,
                                 size_t length, uint8_t first, uint8_t last) {
  uint64_t mask;
  if (p + 63 + length <= count) {
    mask = ns_candidates(bytes + p, length, first, last);
  } else {
    // Near the buffer's end: position by position.
    mask = 0;
    for (size_t i = 0; i < lanes; i++) {
      mask |= (uint64_t)(bytes[p + i] == first && bytes[p + i + length - 1] == last) << i;
    }
  }
  if (lanes < 64) mask &= ((uint64_t)1 << lanes) - 1;
  return mask;
}

/// What the first and last bytes matching at `q` in the key `bytes[start ..< end]` are.
enum {
  /// No occurrence: the term does not fit in the key there, or its middle differs.
  NS_OCCURRENCE_NONE,
  /// An occurrence with an end inside a user-perceived character.
  NS_OCCURRENCE_REJECTED,
  /// An occurrence with both ends on cluster boundaries.
  NS_OCCURRENCE_ACCEPTED,
  /// An occurrence with a non-ASCII byte beside an end, the other end not ruled out.
  NS_OCCURRENCE_UNDECIDED,
};

static inline int ns_settle(const NSKeyScan *scan, size_t q, size_t start, size_t end) {
  const size_t m = scan->length;
  if (q + m > end) return NS_OCCURRENCE_NONE;
  if (m > 2 && memcmp(scan->bytes + q + 1, scan->needle + 1, m - 2) != 0) {
    return NS_OCCURRENCE_NONE;
  }
  const int starts = ns_boundary(scan->bytes, q, start, end);
  if (starts == 0) return NS_OCCURRENCE_REJECTED;
  const int finishes = ns_boundary(scan->bytes, q + m, start, end);
  if (finishes == 0) return NS_OCCURRENCE_REJECTED;
  return starts == 1 && finishes == 1 ? NS_OCCURRENCE_ACCEPTED : NS_OCCURRENCE_UNDECIDED;
}

/// An occurrence `ns_settle` left undecided, settled again with the letters that never join
/// a neighbour (`ns_boundary_letters`): accepted when both its ends are boundaries so,
/// undecided still otherwise (`ns_settle` found neither end inside a character). Out of the
/// loops' way: ASCII keys never come here.
__attribute__((noinline)) static int ns_settle_letters(const NSKeyScan *scan, size_t q,
                                                       size_t start, size_t end) {
  return ns_boundary_letters(scan->bytes, q, start, end) == 1 &&
                 ns_boundary_letters(scan->bytes, q + scan->length, start, end) == 1
             ? NS_OCCURRENCE_ACCEPTED
             : NS_OCCURRENCE_UNDECIDED;
}

/// `ns_settle`'s verdict, an undecided one settled again by `ns_settle_letters`.
static inline int ns_verdict(const NSKeyScan *scan, size_t q, size_t start, size_t end) {
  const int verdict = ns_settle(scan, q, start, end);
  return verdict == NS_OCCURRENCE_UNDECIDED ? ns_settle_letters(scan, q, start, end) : verdict;
}

/// The run of consecutive keys (`candidates` NULL).
static int ns_scan_run(NSKeyScan *scan, size_t pause_at) {
  const uint8_t *bytes = scan->bytes;
  const uint32_t *ends = scan->ends;
  const size_t m = scan->length;
  const size_t last = scan->last_start;
  const uint8_t first = scan->needle[0];
  const uint8_t final = scan->needle[m - 1];
  size_t p = scan->position;
  size_t k = scan->key;
  ptrdiff_t pending = scan->pending;
  int result = NS_KEY_SCAN_END;

  while (p <= last) {
    if (p >= pause_at) {
      result = NS_KEY_SCAN_PAUSE;
      break;
    }
    const size_t available = last - p + 1;
    uint64_t mask =
        ns_window(bytes, scan->count, p, available < 64 ? available : 64, m, first, final);
    size_t next = p + 64;
    while (mask != 0) {
      const size_t q = p + (size_t)__builtin_ctzll(mask);
      mask &= mask - 1;
      if (scan->raw_count + 2 > scan->capacity) {
        p = q;
        result = NS_KEY_SCAN_FULL;
        goto out;
      }
      while (ends[k] <= q) {
        if (pending == (ptrdiff_t)k) {
          scan->raw[scan->raw_count++] = (uint32_t)k;
          scan->rejected[scan->rejected_count++] = (uint32_t)k;
          pending = -1;
        }
        k++;
      }
      const size_t key_end = ends[k];
      const size_t key_start = k == 0 ? 0 : ends[k - 1];
      const int verdict = ns_verdict(scan, q, key_start, key_end);
      if (verdict == NS_OCCURRENCE_NONE) continue;
      if (verdict == NS_OCCURRENCE_REJECTED) {
        pending = (ptrdiff_t)k;
        continue;
      }
      if (verdict == NS_OCCURRENCE_ACCEPTED) {
        // The rest of the key cannot add anything: go on at the next key, in this window
        // while it reaches past the key's end (a one-letter term matching most keys accepts
        // several keys a window), else from the key's end.
        scan->raw[scan->raw_count++] = (uint32_t)k;
        pending = -1;
        k++;
        if (key_end - p >= 64) {
          next = key_end;
          break;
        }
        mask &= ~(((uint64_t)1 << (key_end - p)) - 1);
        continue;
      }
      scan->occurrence = q;
      p = q;
      result = NS_KEY_SCAN_UNDECIDED;
      goto out;
    }
    p = next;
  }
out:
  scan->position = p;
  scan->key = k;
  scan->pending = pending;
  return result;
}

/// Each key of the candidate list on its own.
static int ns_scan_each(NSKeyScan *scan, size_t pause_at) {
  const uint8_t *bytes = scan->bytes;
  const uint32_t *ends = scan->ends;
  const size_t m = scan->length;
  const uint8_t first = scan->needle[0];
  const uint8_t final = scan->needle[m - 1];
  size_t p = scan->position;
  size_t i = scan->next_candidate;
  ptrdiff_t pending = scan->pending;
  int result = NS_KEY_SCAN_END;

  while (i < scan->candidate_count) {
    const size_t k = scan->candidates[i];
    const size_t key_start = k == 0 ? 0 : ends[k - 1];
    const size_t key_end = ends[k];
    // From the key's start, unless resuming inside it (key ends that do not ascend, as a
    // damaged index may hold, cannot carry a position over from another key).
    if (p < key_start || p > key_end) p = key_start;
    if (p >= pause_at) {
      result = NS_KEY_SCAN_PAUSE;
      break;
    }
    if (scan->raw_count + 1 > scan->capacity) {
      result = NS_KEY_SCAN_FULL;
      break;
    }
    int accepted = 0;
    while (!accepted && p + m <= key_end) {
      const size_t available = key_end - m - p + 1;
      uint64_t mask =
          ns_window(bytes, scan->count, p, available < 64 ? available : 64, m, first, final);
      while (mask != 0) {
        const size_t q = p + (size_t)__builtin_ctzll(mask);
        mask &= mask - 1;
        const int verdict = ns_verdict(scan, q, key_start, key_end);
        if (verdict == NS_OCCURRENCE_NONE) continue;
        if (verdict == NS_OCCURRENCE_REJECTED) {
          pending = (ptrdiff_t)k;
          continue;
        }
        if (verdict == NS_OCCURRENCE_ACCEPTED) {
          accepted = 1;
          break;
        }
        scan->occurrence = q;
        scan->key = k;
        p = q;
        result = NS_KEY_SCAN_UNDECIDED;
        goto out;
      }
      p += 64;
    }
    if (accepted) {
      scan->raw[scan->raw_count++] = (uint32_t)k;
    } else if (pending == (ptrdiff_t)k) {
      scan->raw[scan->raw_count++] = (uint32_t)k;
      scan->rejected[scan->rejected_count++] = (uint32_t)k;
    }
    pending = -1;
    p = key_end;
    i++;
  }
out:
  scan->position = p;
  scan->next_candidate = i;
  scan->pending = pending;
  return result;
}

int ns_key_scan_run(NSKeyScan *scan, size_t pause_at) {
  return scan->candidates != NULL ? ns_scan_each(scan, pause_at) : ns_scan_run(scan, pause_at);
}
