import Testing

@testable import NamesSearch

/// An index is written only when it stays within 8 times its list's size plus 64 MiB, so
/// a small binary list that references one string millions of times cannot fill the cache
/// folder (a 12 MB list made a 1.4 GB index before).
@Suite("Index size limit")
struct IndexSizeLimitTests {
  @Test("the reviewer's case: 12,000,322 bytes, 3,000,000 names of 230 bytes, is not cached")
  func referenceBombIsNotCached() {
    // By hand: 690,000,000 bytes of names, as many of keys, 36,000,000 of offsets
    // = 1,416,000,000 > 8 × 12,000,322 + 67,108,864 = 163,111,440.
    #expect(
      !CachedCatalogLoader.indexSizeIsReasonable(
        nameBytes: 690_000_000, keyBytes: 690_000_000, names: 3_000_000, listSize: 12_000_322))
  }

  @Test("ordinary lists are cached: a 36 MB XML list of 1M names, and any small list")
  func ordinaryListsAreCached() {
    // 1M names of 8 bytes: 8 MB + 8 MB + 12 MB = 28 MB, far under 8 × 36 MB.
    #expect(
      CachedCatalogLoader.indexSizeIsReasonable(
        nameBytes: 8_000_000, keyBytes: 8_000_000, names: 1_000_000, listSize: 36_000_000))
    // Under the 64 MiB allowance whatever the ratio: 60 MiB of index from a 1 KB list.
    #expect(
      CachedCatalogLoader.indexSizeIsReasonable(
        nameBytes: 30 << 20, keyBytes: 30 << 20, names: 0, listSize: 1_000))
    // The boundary, by hand: 8 × 1,000,000 + 67,108,864 = 75,108,864.
    #expect(
      CachedCatalogLoader.indexSizeIsReasonable(
        nameBytes: 75_108_864, keyBytes: 0, names: 0, listSize: 1_000_000))
    #expect(
      !CachedCatalogLoader.indexSizeIsReasonable(
        nameBytes: 75_108_865, keyBytes: 0, names: 0, listSize: 1_000_000))
  }
}
