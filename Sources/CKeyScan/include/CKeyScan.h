#ifndef NAMES_SEARCH_CKEYSCAN_H
#define NAMES_SEARCH_CKEYSCAN_H

#include <stddef.h>
#include <stdint.h>

/// Why `ns_key_scan_run` returned.
enum {
  /// Every position up to `last_start` was scanned.
  NS_KEY_SCAN_END = 0,
  /// `position` reached the `pause_at` given (the caller checks for cancellation).
  NS_KEY_SCAN_PAUSE = 1,
  /// `raw` has no room for what the next step may add; the caller drains it and calls
  /// again.
  NS_KEY_SCAN_FULL = 2,
  /// An occurrence at `occurrence` in key `key` has a scalar beside one of its ends that
  /// is neither ASCII nor one of those letters (see `NSKeyScan`), and no end already ruled
  /// out: the caller decides with the rules of Unicode UAX #29, then goes on (see
  /// `NSKeyScan`).
  NS_KEY_SCAN_UNDECIDED = 3,
};

/// One scan of folded keys for a term, as `KeyScanner.scan` drives it: of consecutive keys,
/// or of the keys a candidate list names.
///
/// Key `k` is the bytes `bytes[ends[k - 1] ..< ends[k]]` (`ends[-1]` is 0). Without
/// `candidates`, the scan looks for the term at every position from `position` to
/// `last_start` (both byte offsets into `bytes`); with them, in each key `candidates[i]` for
/// `i` from `next_candidate` to `candidate_count`, from `position` or the key's start,
/// whichever is later. Either way 64 positions a step: the term's first and last bytes
/// compared at every position at once (SSE2 where the compiler has it, as on every x86-64;
/// byte by byte elsewhere, without a vector path yet), the bytes between with `memcmp`. A
/// key with an occurrence whose both ends lie on cluster boundaries is *accepted*: appended
/// to `raw`, and the scan goes on from the key's end (within the same 64 positions while
/// they reach past it, so a common term costs no new compares for each key it accepts). A
/// key with occurrences but none accepted is appended to `raw` and `rejected` once the scan
/// leaves it. An end between two ASCII bytes is a boundary unless they are CR LF (UAX #29,
/// GB3–GB5, GB999); so is an end with ASCII or a letter that joins neither ASCII nor
/// another such letter (Greek, Cyrillic, kana, CJK ideographs: GB999) on each side; an end
/// at a key's start or end always is (GB1, GB2); an end just before a UTF-8 continuation
/// byte never is; any other end is left to the caller (`NS_KEY_SCAN_UNDECIDED`).
///
/// After `NS_KEY_SCAN_UNDECIDED`, the caller records the verdict and resumes: when the
/// occurrence is accepted, it records key `key` as accepted, sets `pending` to -1, `key` to
/// `key + 1` and `position` to the key's end (with candidates, `key` is not read: a
/// `position` at the key's end finishes it, the term being at least one byte); otherwise it
/// sets `pending` to `key` and `position` to `occurrence + 1`. After `NS_KEY_SCAN_END`, a
/// `pending` of 0 or more is a key with occurrences, none accepted, that the caller records
/// in `raw` and `rejected` itself (consecutive keys only; with candidates it is -1). Keys in
/// `raw` and `rejected` are in ascending order, before any the caller records after
/// draining them.
///
/// The caller keeps the fields consistent; nothing is checked: `length` ≥ 1; `capacity` ≥ 2
/// (less, and `NS_KEY_SCAN_FULL` comes back for ever); `last_start` no later than the end
/// of the last key scanned minus `length`; `key` the key that holds `position` (or the
/// first of the range); candidates strictly ascending. Vector loads read up to 63 +
/// `length` bytes past a position, into the keys after it: `count` is the whole buffer's,
/// not the scanned range's. Byte offsets and key indices are 32-bit (`ends`), so at most
/// 4 GiB of keys. With candidates, `pause_at` is looked at between keys only.
typedef struct NSKeyScan {
  /// The keys' bytes, `count` of them (all the keys, not only those scanned); loads stay
  /// inside them.
  const uint8_t *bytes;
  size_t count;
  /// Each key's end offset, ascending.
  const uint32_t *ends;
  /// The folded term, `length` bytes, at least 1.
  const uint8_t *needle;
  size_t length;
  /// The last offset an occurrence may start at: the scanned keys' end minus `length`
  /// (consecutive keys only).
  size_t last_start;
  /// Strictly ascending key indices to scan instead of consecutive keys, or NULL; `candidate_count`
  /// of them, the next to scan at `next_candidate`.
  const uint32_t *candidates;
  size_t candidate_count;
  size_t next_candidate;
  /// The next offset to look at.
  size_t position;
  /// The key that holds `position` or comes before it (consecutive keys); out, the key of
  /// `occurrence`.
  size_t key;
  /// A key with occurrences, none accepted yet; -1 when none.
  ptrdiff_t pending;
  /// Out: the occurrence left to the caller (`NS_KEY_SCAN_UNDECIDED`).
  size_t occurrence;
  /// Out: keys with occurrences, and those of them with none accepted; `capacity` each.
  uint32_t *raw;
  uint32_t *rejected;
  size_t raw_count;
  size_t rejected_count;
  size_t capacity;
} NSKeyScan;

/// Scans until the end, `pause_at` (an offset), a full `raw` or an undecided occurrence;
/// returns which (`NS_KEY_SCAN_END` …).
///
/// Complexity: O(n) in the bytes scanned.
int ns_key_scan_run(NSKeyScan *scan, size_t pause_at);

#endif
