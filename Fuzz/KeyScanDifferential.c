// A differential test of the key scanner's C loop (Sources/CKeyScan, `ns_key_scan_run`):
// random keys, terms, ranges and candidate lists, scanned through a copy of the driver loop
// of `KeyScanner.scanSlice` (with tiny batch capacities and pause steps, which the Swift
// driver's 4,096 and 64 KiB never reach), compared with a naive reference that looks for the
// term at every position of each key with memcmp. Built with AddressSanitizer and
// UndefinedBehaviorSanitizer, every buffer allocated to its exact size, so a read past a key
// buffer's end stops the run. Fuzz/key-scan.sh builds it with SSE2 and byte by byte.
//
//   key-scan-differential SEED SECONDS [CASES]   exit status 1 and the case on a mismatch
//
// The cluster-boundary rule for the occurrences the C loop hands back (UNDECIDED) is a
// stand-in, the same in the driver and the reference: no boundary inside a UTF-8 scalar,
// between CR and LF, or before the lead byte 0xCC (U+0301's, which extends the character
// before it), U+3099, U+0483 or U+11A8 (which the C loop, settling the letters of several
// scripts itself, must leave undecided); ClusterBoundary's full rules are tested in Swift.
#include "CKeyScan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// The seeded generator: SplitMix64.
static uint64_t rng_state;
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static size_t below(size_t n) { return n == 0 ? 0 : (size_t)(rnd() % n); }

/// Whether `off` is a boundary of the key `b[ks ..< ke]` by the stand-in rule (above).
static int ref_boundary(const uint8_t *b, size_t off, size_t ks, size_t ke) {
  if (off <= ks || off >= ke) return 1;
  if ((b[off] & 0xC0) == 0x80) return 0;
  if (b[off - 1] == 0x0D && b[off] == 0x0A) return 0;
  if (b[off] == 0xCC) return 0;  // before U+0301 (Extend, GB9): exercises rejected UNDECIDED
  // Before U+3099 and U+0483 (Extend, GB9) and the trailing jamo U+11A8 (GB7, GB8): the
  // C loop's own verdicts beside them must be none.
  if (off + 3 <= ke && b[off] == 0xE3 && b[off + 1] == 0x82 && b[off + 2] == 0x99) return 0;
  if (off + 2 <= ke && b[off] == 0xD2 && b[off + 1] == 0x83) return 0;
  if (off + 3 <= ke && b[off] == 0xE1 && b[off + 1] == 0x86 && b[off + 2] == 0xA8) return 0;
  return 1;
}

typedef struct {
  uint32_t *v;
  size_t n, cap;
} Vec;
static void push(Vec *x, uint32_t k) {
  if (x->n == x->cap) {
    x->cap = x->cap ? x->cap * 2 : 16;
    x->v = realloc(x->v, x->cap * 4);
  }
  x->v[x->n++] = k;
}

/// One random case: keys, a term, and the positions scanned (keys, or candidate indices).
typedef struct {
  uint8_t *bytes;  // exactly total bytes (or NULL when total == 0)
  size_t total;
  uint32_t *ends;  // exactly nkeys
  size_t nkeys;
  uint8_t *needle;  // exactly m
  size_t m;
  int cand_mode;
  uint32_t *cands;  // exactly ncands (full list)
  size_t ncands;
  size_t lo, hi;  // positions range (keys or candidate indices)
  size_t capacity;
  size_t pause_step;
} Case;

static unsigned long long stat_events[2][4], stat_cases, stat_guard, stat_raw, stat_rej,
    stat_undec_acc, stat_undec_rej, stat_vector_cases;

/// Scans a case as `KeyScanner.scanSlice` does, the keys found in `raw_out` and `rej_out`;
/// returns 1 if the scan does not end within a bound of events (a livelock), else 0.
static int driver(const Case *c, Vec *raw_out, Vec *rej_out) {
  raw_out->n = rej_out->n = 0;
  size_t m = c->m;
  if (c->hi <= c->lo || c->bytes == NULL || m == 0) return 0;
  const uint32_t *ends = c->ends;
  long long startByte, lastStart;
  if (c->cand_mode) {
    size_t k = c->cands[c->lo];
    startByte = k == 0 ? 0 : ends[k - 1];
    lastStart = (long long)ends[c->cands[c->hi - 1]] - (long long)m;
  } else {
    startByte = c->lo == 0 ? 0 : ends[c->lo - 1];
    lastStart = (long long)ends[c->hi - 1] - (long long)m;
  }
  if (startByte > lastStart) {
    stat_guard++;
    return 0;
  }
  uint32_t *raw = malloc(c->capacity * 4);
  uint32_t *rej = malloc(c->capacity * 4);
  NSKeyScan s = {0};
  s.bytes = c->bytes;
  s.count = c->total;
  s.ends = ends;
  s.needle = c->needle;
  s.length = m;
  s.last_start = (size_t)lastStart;
  s.candidates = c->cand_mode ? c->cands + c->lo : NULL;
  s.candidate_count = c->cand_mode ? c->hi - c->lo : 0;
  s.next_candidate = 0;
  s.position = (size_t)startByte;
  s.key = c->cand_mode ? 0 : c->lo;
  s.pending = -1;
  s.occurrence = 0;
  s.raw = raw;
  s.rejected = rej;
  s.raw_count = s.rejected_count = 0;
  s.capacity = c->capacity;
  size_t pauseAt = (size_t)startByte + c->pause_step;
  unsigned long long limit = 8ULL * (c->total + c->nkeys) + 1000, events = 0;
  int status = 0;
  while (1) {
    if (++events > limit) {
      status = 1;
      break;
    }
    int ev = ns_key_scan_run(&s, pauseAt);
    if (ev >= 0 && ev < 4) stat_events[c->cand_mode][ev]++;
    if (s.raw_count > c->capacity || s.rejected_count > c->capacity) {
      fprintf(stderr, "raw_count/rejected_count over capacity\n");
      abort();
    }
    for (size_t i = 0; i < s.raw_count; i++) push(raw_out, raw[i]);
    for (size_t i = 0; i < s.rejected_count; i++) push(rej_out, rej[i]);
    s.raw_count = s.rejected_count = 0;
    if (ev == NS_KEY_SCAN_PAUSE) {
      pauseAt = s.position + c->pause_step;
    } else if (ev == NS_KEY_SCAN_FULL) {
      continue;
    } else if (ev == NS_KEY_SCAN_UNDECIDED) {
      size_t q = s.occurrence, k = s.key;
      size_t keyEnd = ends[k];
      size_t keyStart = k == 0 ? 0 : ends[k - 1];
      // Sanity of the reported occurrence.
      if (!(q >= keyStart && q + m <= keyEnd && memcmp(c->bytes + q, c->needle, m) == 0)) {
        fprintf(stderr, "bogus UNDECIDED occurrence q=%zu k=%zu\n", q, k);
        abort();
      }
      if (ref_boundary(c->bytes, q, keyStart, keyEnd) &&
          ref_boundary(c->bytes, q + m, keyStart, keyEnd)) {
        stat_undec_acc++;
        push(raw_out, (uint32_t)k);
        s.pending = -1;
        s.key = k + 1;
        s.position = keyEnd;
      } else {
        stat_undec_rej++;
        s.pending = (ptrdiff_t)k;
        s.position = q + 1;
      }
    } else if (ev == NS_KEY_SCAN_END) {
      if (s.pending >= 0) {
        push(raw_out, (uint32_t)s.pending);
        push(rej_out, (uint32_t)s.pending);
      }
      break;
    } else {
      fprintf(stderr, "unknown event %d\n", ev);
      abort();
    }
  }
  free(raw);
  free(rej);
  return status;
}

/// The keys with an occurrence of the term, and those with none on boundaries, key by key.
static void reference(const Case *c, Vec *raw_out, Vec *rej_out) {
  raw_out->n = rej_out->n = 0;
  for (size_t i = c->lo; i < c->hi; i++) {
    size_t k = c->cand_mode ? c->cands[i] : i;
    size_t ks = k == 0 ? 0 : c->ends[k - 1], ke = c->ends[k];
    int any = 0, acc = 0;
    for (size_t q = ks; q + c->m <= ke; q++) {
      if (memcmp(c->bytes + q, c->needle, c->m) == 0) {
        any = 1;
        if (ref_boundary(c->bytes, q, ks, ke) && ref_boundary(c->bytes, q + c->m, ks, ke)) {
          acc = 1;
          break;
        }
      }
    }
    if (any) push(raw_out, (uint32_t)k);
    if (any && !acc) push(rej_out, (uint32_t)k);
  }
}

static void print_bytes(FILE *f, const uint8_t *b, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n; i++) {
    if (b[i] >= 0x20 && b[i] < 0x7F && b[i] != '"' && b[i] != '\\')
      fputc(b[i], f);
    else
      fprintf(f, "\\x%02X", b[i]);
  }
  fputc('"', f);
}
static void print_vec(FILE *f, const char *name, const Vec *v) {
  fprintf(f, "%s = [", name);
  for (size_t i = 0; i < v->n; i++) fprintf(f, "%s%u", i ? "," : "", v->v[i]);
  fprintf(f, "]\n");
}
static void print_case(FILE *f, const Case *c) {
  fprintf(f, "nkeys=%zu total=%zu m=%zu mode=%s lo=%zu hi=%zu capacity=%zu pause_step=%zu\n",
          c->nkeys, c->total, c->m, c->cand_mode ? "candidates" : "consecutive", c->lo, c->hi,
          c->capacity, c->pause_step);
  fprintf(f, "needle = ");
  print_bytes(f, c->needle, c->m);
  fprintf(f, "\n");
  if (c->cand_mode) {
    fprintf(f, "candidates = [");
    for (size_t i = 0; i < c->ncands; i++) fprintf(f, "%s%u", i ? "," : "", c->cands[i]);
    fprintf(f, "]\n");
  }
  for (size_t k = 0; k < c->nkeys; k++) {
    size_t ks = k == 0 ? 0 : c->ends[k - 1];
    fprintf(f, "key %zu: ", k);
    print_bytes(f, c->bytes + ks, c->ends[k] - ks);
    fprintf(f, "\n");
  }
}

/// Alphabets the keys are drawn from: dense and sparse matches, CR LF, precomposed and
/// combining accents, stray UTF-8 bytes.
static const char *alpha_ab[] = {"a", "b"};
static const char *alpha_a[] = {"a"};
static const char *alpha_crlf[] = {"a", "b", "\r", "\n", "\r\n"};
static const char *alpha_utf[] = {"a", "b", "\xC3\xA9", "\xCC\x81", "e"};
static const char *alpha_mix[] = {"a", "b", "\r", "\n", "\xC3\xA9", "\xCC\x81", "\xC3", "\xA9"};
static const char *alpha_wide[] = {"a", "b", "c", "d", "e", "f", "g", "h", "\xC3\xA9",
                                    "\xCC\x81", "\r", "\n", " "};
/// Letters the C loop settles itself (张 ア か Д д α Ω) and a Hangul syllable (가) beside
/// marks it must not (U+3099, U+0483, the jamo U+11A8), a truncated 张, an overlong α
/// (E0 8E B1), and ASCII.
static const char *alpha_scripts[] = {
    "\xE5\xBC\xA0", "\xE3\x82\xA2", "\xE3\x81\x8B", "\xEA\xB0\x80", "\xD0\x94",
    "\xD0\xB4",     "\xCE\xB1",     "\xCE\xA9",     "\xE3\x82\x99", "\xD2\x83",
    "\xE1\x86\xA8", "\xE5\xBC",     "\xE0\x8E\xB1", "a",              "\r",
    "\n"};
typedef struct {
  const char **t;
  size_t n;
} Alpha;
static const Alpha alphas[] = {{alpha_ab, 2},  {alpha_a, 1},    {alpha_crlf, 5},
                               {alpha_utf, 5}, {alpha_mix, 8},  {alpha_wide, 13},
                               {alpha_scripts, 16}};
#define NALPHAS (sizeof alphas / sizeof alphas[0])

static size_t gen_tokens(uint8_t *out, size_t maxlen, const Alpha *a, int rawbytes) {
  size_t n = 0;
  while (n < maxlen) {
    if (rawbytes) {
      out[n++] = (uint8_t)rnd();
      continue;
    }
    const char *t = a->t[below(a->n)];
    size_t l = strlen(t);
    for (size_t i = 0; i < l && n < maxlen; i++) out[n++] = (uint8_t)t[i];
  }
  return n;
}

/// The positions scanned, of `n`: all of them half the time, else a random range.
static void choose_range(Case *c, size_t n) {
  if (below(2)) {
    c->lo = 0;
    c->hi = n;
  } else {
    c->lo = below(n + 1);
    c->hi = c->lo + below(n - c->lo + 1);
  }
}

static void gen_case(Case *c) {
  memset(c, 0, sizeof *c);
  const Alpha *a = &alphas[below(NALPHAS)];
  int rawbytes = below(20) == 0;
  // Key count: bias towards small.
  size_t r = below(10);
  c->nkeys = r < 3 ? below(5) : r < 7 ? below(40) : below(301);
  size_t maxlen = below(4) == 0 ? 200 : below(4) == 0 ? 3 : 40;
  int empties = below(3);  // 0: none, 1: some, 2: many
  uint8_t *tmp = malloc(c->nkeys * 200 + 1);
  c->ends = malloc(c->nkeys * 4 + (c->nkeys == 0));
  size_t total = 0;
  for (size_t k = 0; k < c->nkeys; k++) {
    size_t len = below(maxlen + 1);
    if (empties == 1 && below(5) == 0) len = 0;
    if (empties == 2 && below(2) == 0) len = 0;
    total += gen_tokens(tmp + total, len, a, rawbytes);
    c->ends[k] = (uint32_t)total;
  }
  c->total = total;
  c->bytes = total ? malloc(total) : NULL;  // keys end exactly at the end of the allocation
  if (total) memcpy(c->bytes, tmp, total);
  free(tmp);
  // Needle.
  size_t m;
  uint8_t nb[70];
  r = below(4);
  if (r < 2 && total > 0) {
    // Substring of a random key (or spanning keys), truncated arbitrarily.
    m = 1 + below(r == 0 ? 6 : 70);
    if (m > total) m = total;
    size_t at = below(total - m + 1);
    memcpy(nb, c->bytes + at, m);
  } else {
    m = 1 + (below(2) ? below(4) : below(70));
    gen_tokens(nb, m, a, rawbytes);
  }
  c->m = m;
  c->needle = malloc(m);
  memcpy(c->needle, nb, m);
  c->cand_mode = below(2);
  if (c->cand_mode) {
    c->cands = malloc(c->nkeys * 4 + (c->nkeys == 0));
    int dens = below(4);
    for (size_t k = 0; k < c->nkeys; k++) {
      int take = dens == 0   ? 1
                 : dens == 1 ? below(2) == 0
                 : dens == 2 ? below(8) == 0
                             : below(10) != 0;
      if (take) c->cands[c->ncands++] = (uint32_t)k;
    }
    // Reallocate exactly to size.
    uint32_t *x = malloc(c->ncands * 4 + (c->ncands == 0));
    memcpy(x, c->cands, c->ncands * 4);
    free(c->cands);
    c->cands = x;
    choose_range(c, c->ncands);
  } else {
    choose_range(c, c->nkeys);
  }
  r = below(4);
  c->capacity = r == 0 ? 4096 : 2 + below(4);
  r = below(4);
  c->pause_step = r == 0 ? 65536 : r == 1 ? 1 + below(4) : 1 + below(200);
}

static void free_case(Case *c) {
  free(c->bytes);
  free(c->ends);
  free(c->needle);
  free(c->cands);
}

static int vec_eq(const Vec *a, const Vec *b) {
  return a->n == b->n && (a->n == 0 || memcmp(a->v, b->v, a->n * 4) == 0);
}

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? strtoull(argv[1], 0, 0) : (uint64_t)time(NULL);
  double seconds = argc > 2 ? atof(argv[2]) : 60;
  unsigned long long maxcases = argc > 3 ? strtoull(argv[3], 0, 0) : ~0ULL;
  rng_state = seed;
  setvbuf(stdout, NULL, _IOLBF, 0);
  Vec draw = {0}, drej = {0}, rraw = {0}, rrej = {0};
  clock_t t0 = clock();
  unsigned long long n;
  for (n = 0; n < maxcases; n++) {
    if ((n & 1023) == 0 && (double)(clock() - t0) / CLOCKS_PER_SEC > seconds) break;
    Case c;
    gen_case(&c);
    if (c.total >= 64 + c.m) stat_vector_cases++;
    int live = driver(&c, &draw, &drej);
    reference(&c, &rraw, &rrej);
    stat_cases++;
    stat_raw += rraw.n;
    stat_rej += rrej.n;
    if (live || !vec_eq(&draw, &rraw) || !vec_eq(&drej, &rrej)) {
      printf("MISMATCH seed=%llu case=%llu%s\n", (unsigned long long)seed, n,
             live ? " (livelock)" : "");
      print_case(stdout, &c);
      print_vec(stdout, "scan raw", &draw);
      print_vec(stdout, "ref  raw", &rraw);
      print_vec(stdout, "scan rejected", &drej);
      print_vec(stdout, "ref  rejected", &rrej);
      return 1;
    }
    free_case(&c);
  }
  printf("seed=%llu cases=%llu guard=%llu vector-size=%llu raw=%llu rejected=%llu "
         "\n consecutive END=%llu PAUSE=%llu FULL=%llu UNDECIDED=%llu"
         "\n candidates  END=%llu PAUSE=%llu FULL=%llu UNDECIDED=%llu"
         "\n undecided acc %llu rej %llu\n",
         (unsigned long long)seed, stat_cases, stat_guard, stat_vector_cases, stat_raw, stat_rej,
         stat_events[0][0], stat_events[0][1], stat_events[0][2], stat_events[0][3],
         stat_events[1][0], stat_events[1][1], stat_events[1][2], stat_events[1][3], stat_undec_acc,
         stat_undec_rej);
  fflush(stdout);
  free(draw.v); free(drej.v); free(rraw.v); free(rrej.v);
  return 0;
}
