import CICUCollation
import Synchronization

/// A locale's alphabetic index and collator from the system ICU (Debian libicu-dev 72),
/// through the C API of the package's C++ target `CICUCollation` (`icu::AlphabeticIndex`
/// has no C API of its own). Owns the ICU objects and closes them when released.
///
/// Buckets are found with ICU's immutable index, which is thread-safe; collation calls
/// are serialized by a lock.
final class ICUAlphabeticIndex: Sendable {
  /// What a bucket holds, as ICU's `AlphabeticIndex::ELabelType`.
  enum BucketKind: Sendable, Equatable {
    /// Names starting with one of the locale's index letters.
    case normal
    /// Names sorting before the first letter (digits, punctuation).
    case underflow
    /// Names between two scripts of the index.
    case inflow
    /// Names sorting after the last letter (other scripts, unassigned characters).
    case overflow
  }

  /// The open ICU objects, read-only after `init`.
  private nonisolated(unsafe) let handle: OpaquePointer
  /// Serializes calls that use the collator.
  private let collatorLock = Mutex(())
  /// The buckets' labels, in the index's order ("…" for the underflow and overflow).
  let labels: [String]
  /// The buckets' kinds, index for index with `labels`.
  let kinds: [BucketKind]
  /// The bucket of each label of a letter's bucket (`.normal`).
  let labelBuckets: [String: Int]
  /// The locale whose data ICU's collator uses ("sv" for "sv_FI", "zh_Hant_TW" for "zh_TW").
  let validLocale: String

  /// The IDs of the locales ICU has a collator for, in ICU's order (`ucol_getAvailable`).
  static var availableLocales: [String] {
    (0..<cicu_available_locale_count()).compactMap { index in
      cicu_available_locale(index).map { String(cString: $0) }
    }
  }

  /// Opens `identifier` (an ICU locale ID).
  ///
  /// - Throws: the reason, one line, when ICU has no collation for the locale's language
  ///   (it would fall back to the root collation), or when ICU fails.
  /// - Complexity: O(number of labels); ICU loads the locale's data (about a millisecond).
  init(_ identifier: String) throws(Failure) {
    var reason = [CChar](repeating: 0, count: 256)
    guard let handle = cicu_locale_open(identifier, &reason, reason.count) else {
      throw Failure(
        reason: String(
          decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.handle = handle
    validLocale = String(cString: cicu_locale_valid_name(handle))
    let count = Int(cicu_bucket_count(handle))
    var labels: [String] = []
    var kinds: [BucketKind] = []
    for bucket in 0..<Int32(count) {
      let length = Int(cicu_bucket_label(handle, bucket, nil, 0))
      let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
        buffer.withMemoryRebound(to: CChar.self) {
          _ = cicu_bucket_label(handle, bucket, $0.baseAddress, Int32(length))
        }
        initialized = length
      }
      labels.append(String(decoding: bytes, as: UTF8.self))
      switch cicu_bucket_kind(handle, bucket) {
      case CICU_BUCKET_NORMAL: kinds.append(.normal)
      case CICU_BUCKET_UNDERFLOW: kinds.append(.underflow)
      case CICU_BUCKET_INFLOW: kinds.append(.inflow)
      default: kinds.append(.overflow)
      }
    }
    self.labels = labels
    self.kinds = kinds
    var labelBuckets: [String: Int] = [:]
    for (bucket, label) in labels.enumerated() where kinds[bucket] == .normal {
      labelBuckets[label] = bucket
    }
    self.labelBuckets = labelBuckets
  }

  deinit { cicu_locale_close(handle) }

  /// Why ICU could not open a locale.
  struct Failure: Error, Sendable {
    /// One line, lower case ("ICU has no collation for the language 'xx'").
    var reason: String
  }

  /// The index of the bucket of `utf8` in `labels` (ICU's `ImmutableIndex::getBucketIndex`).
  ///
  /// - Complexity: O(log b) collations for b buckets.
  func bucket(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
    utf8.withMemoryRebound(to: CChar.self) {
      Int(cicu_bucket_of(handle, $0.baseAddress, Int32(clamping: $0.count)))
    }
  }

  /// The collation sort key of `utf8` (ICU's `ucol_getSortKey`): two keys compare
  /// lexicographically as their texts compare under the locale's collation.
  ///
  /// - Complexity: O(n) in the text's length.
  func sortKey(of utf8: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    collatorLock.withLock { _ in
      utf8.withMemoryRebound(to: CChar.self) { text in
        let base = text.baseAddress
        let length = Int32(clamping: text.count)
        var key = [UInt8](repeating: 0, count: max(64, text.count * 4))
        var needed = Int(cicu_sort_key(handle, base, length, &key, Int32(key.count)))
        if needed > key.count {
          key = [UInt8](repeating: 0, count: needed)
          needed = Int(cicu_sort_key(handle, base, length, &key, Int32(key.count)))
        }
        // The key ends with a zero byte, which adds nothing to comparisons.
        key.removeSubrange(max(0, min(needed, key.count) - 1)...)
        return key
      }
    }
  }

  /// Whether `a` sorts before (-1), with (0) or after (1) `b` under the locale's collation
  /// (ICU's `ucol_strcollUTF8`).
  ///
  /// - Complexity: O(n) in the shorter text's length.
  func compare(_ a: String, _ b: String) -> Int {
    var a = a
    var b = b
    return collatorLock.withLock { _ in
      a.withUTF8 { x in
        b.withUTF8 { y in
          x.withMemoryRebound(to: CChar.self) { x in
            y.withMemoryRebound(to: CChar.self) { y in
              Int(
                cicu_compare(
                  handle, x.baseAddress, Int32(clamping: x.count), y.baseAddress,
                  Int32(clamping: y.count)))
            }
          }
        }
      }
    }
  }
}
