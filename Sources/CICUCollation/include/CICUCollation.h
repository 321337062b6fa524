// A minimal C API over the system ICU (Debian libicu-dev 72) for locale sections: a locale's
// alphabetic index (icu::AlphabeticIndex, C++ only in ICU) and its collator (ucol_*).
#ifndef CICU_COLLATION_H
#define CICU_COLLATION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opened locale: its immutable alphabetic index and its collator.
typedef struct CICULocale CICULocale;

/// What a bucket of the index holds, as ICU's AlphabeticIndex::ELabelType.
typedef enum CICUBucketKind {
  CICU_BUCKET_NORMAL = 0,
  CICU_BUCKET_UNDERFLOW = 1,
  CICU_BUCKET_INFLOW = 2,
  CICU_BUCKET_OVERFLOW = 3,
} CICUBucketKind;

/// Opens `locale` (an ICU locale ID such as "sv_SE"); its collator normalizes (canonical
/// equivalents compare equal). Returns NULL, with a reason copied into
/// `reason` (NUL-terminated, at most `reasonSize` bytes), when ICU has no data for the
/// locale's language (its collator falls back to the root locale while the language is not
/// "root" or "en"), or when ICU fails. Close with cicu_locale_close.
CICULocale *_Nullable cicu_locale_open(
    const char *_Nonnull locale, char *_Nullable reason, size_t reasonSize);

/// Frees `locale`.
void cicu_locale_close(CICULocale *_Nullable locale);

/// The locale ICU's collator actually uses ("sv", "de", "root", ...), UTF-8, owned by `locale`.
const char *_Nonnull cicu_locale_valid_name(const CICULocale *_Nonnull locale);

/// The number of buckets of the index, underflow, inflow and overflow buckets included.
int32_t cicu_bucket_count(const CICULocale *_Nonnull locale);

/// The label of bucket `index` as UTF-8, copied into `buffer` (not NUL-terminated); returns
/// its byte count, which may exceed `capacity` (then call again with a larger buffer).
int32_t cicu_bucket_label(
    const CICULocale *_Nonnull locale, int32_t index, char *_Nullable buffer, int32_t capacity);

/// The kind of bucket `index`.
CICUBucketKind cicu_bucket_kind(const CICULocale *_Nonnull locale, int32_t index);

/// Texts are UTF-8 with their length in bytes; NULL with length 0 is the empty text.

/// The bucket of the UTF-8 text `text` of `length` bytes, as ICU's
/// ImmutableIndex::getBucketIndex: thread-safe.
int32_t cicu_bucket_of(const CICULocale *_Nonnull locale, const char *_Nullable text, int32_t length);

/// The collation sort key of the UTF-8 text (ucol_getSortKey), NUL-terminated, copied into
/// `buffer`; returns its length including the NUL, which may exceed `capacity`. Keys compare
/// with memcmp as the texts compare under the locale's collation. Not thread-safe: one
/// thread at a time per locale.
int32_t cicu_sort_key(
    const CICULocale *_Nonnull locale, const char *_Nullable text, int32_t length,
    uint8_t *_Nullable buffer, int32_t capacity);

/// -1, 0 or 1 as `a` sorts before, equal to or after `b` under the locale's collation
/// (ucol_strcollUTF8). Not thread-safe: one thread at a time per locale.
int32_t cicu_compare(
    const CICULocale *_Nonnull locale, const char *_Nullable a, int32_t aLength,
    const char *_Nullable b, int32_t bLength);

/// -1, 0 or 1 as the UTF-8 text `a` sorts before, equal to or after `b` under ICU's root
/// collation (the CLDR root collation order, the Unicode Collation Algorithm's DUCET with
/// CLDR's changes; ucol_strcollUTF8 on a collator opened once with ucol_open(""), with
/// normalization on, so canonical equivalents compare equal).
/// Thread-safe: ICU's const collation functions may share one collator. Should ICU fail to
/// open the root collator, texts compare by their bytes (Unicode scalar order).
int32_t cicu_root_compare(
    const char *_Nullable a, int32_t aLength, const char *_Nullable b, int32_t bLength);
/// The number of locales ICU has a collator for (ucol_countAvailable).
int32_t cicu_available_locale_count(void);

/// The ID of available locale `index` (ucol_getAvailable: "sv", "zh_Hant", ...), owned by ICU;
/// NULL when `index` is out of range.
const char *_Nullable cicu_available_locale(int32_t index);

#ifdef __cplusplus
}
#endif

#endif
