// The C API of CICUCollation.h over ICU's C++ AlphabeticIndex and C collator.
#include "CICUCollation.h"

#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/locid.h>
#include <unicode/ucol.h>
#include <unicode/unistr.h>

struct CICULocale {
  std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index;
  UCollator *collator = nullptr;
  std::string validName;
  std::vector<std::string> labels;
  std::vector<CICUBucketKind> kinds;
};

static void setReason(char *reason, size_t size, const std::string &text) {
  if (reason == nullptr || size == 0) return;
  size_t count = text.size() < size - 1 ? text.size() : size - 1;
  memcpy(reason, text.data(), count);
  reason[count] = 0;
}

extern "C" CICULocale *cicu_locale_open(const char *name, char *reason, size_t reasonSize) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale locale(name);
  if (locale.isBogus()) {
    setReason(reason, reasonSize, "not a locale ICU can parse");
    return nullptr;
  }
  auto result = std::make_unique<CICULocale>();
  result->collator = ucol_open(name, &status);
  // Canonical equivalents compare equal, as for the root collator (cicu_root_compare).
  if (U_SUCCESS(status)) {
    ucol_setAttribute(result->collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &status);
  }
  if (U_FAILURE(status)) {
    setReason(reason, reasonSize, std::string("ICU cannot open its collator: ") + u_errorName(status));
    return nullptr;
  }
  const char *valid = ucol_getLocaleByType(result->collator, ULOC_VALID_LOCALE, &status);
  result->validName = (U_SUCCESS(status) && valid != nullptr) ? valid : "root";
  std::string language = locale.getLanguage();
  bool fellToRoot = result->validName == "root" || result->validName.empty();
  // English and root have no tailoring of their own: their collator is the root one.
  if (fellToRoot && language != "en" && language != "root" && language != "und" &&
      !language.empty()) {
    ucol_close(result->collator);
    result->collator = nullptr;
    setReason(reason, reasonSize, "ICU has no collation for the language '" + language + "'");
    return nullptr;
  }
  status = U_ZERO_ERROR;
  icu::AlphabeticIndex index(locale, status);
  if (U_FAILURE(status)) {
    setReason(reason, reasonSize, std::string("ICU cannot make its index: ") + u_errorName(status));
    ucol_close(result->collator);
    result->collator = nullptr;
    return nullptr;
  }
  result->index.reset(index.buildImmutableIndex(status));
  if (U_FAILURE(status) || !result->index) {
    setReason(reason, reasonSize, std::string("ICU cannot build its index: ") + u_errorName(status));
    ucol_close(result->collator);
    result->collator = nullptr;
    return nullptr;
  }
  int32_t count = result->index->getBucketCount();
  for (int32_t i = 0; i < count; i++) {
    const icu::AlphabeticIndex::Bucket *bucket = result->index->getBucket(i);
    std::string label;
    bucket->getLabel().toUTF8String(label);
    result->labels.push_back(label);
    result->kinds.push_back(static_cast<CICUBucketKind>(bucket->getLabelType()));
  }
  return result.release();
}

extern "C" void cicu_locale_close(CICULocale *locale) {
  if (locale == nullptr) return;
  if (locale->collator != nullptr) ucol_close(locale->collator);
  delete locale;
}

extern "C" const char *cicu_locale_valid_name(const CICULocale *locale) {
  return locale->validName.c_str();
}

extern "C" int32_t cicu_bucket_count(const CICULocale *locale) {
  return static_cast<int32_t>(locale->labels.size());
}

extern "C" int32_t cicu_bucket_label(
    const CICULocale *locale, int32_t index, char *buffer, int32_t capacity) {
  if (index < 0 || index >= static_cast<int32_t>(locale->labels.size())) return 0;
  const std::string &label = locale->labels[index];
  int32_t count = static_cast<int32_t>(label.size());
  if (buffer != nullptr && count <= capacity) memcpy(buffer, label.data(), label.size());
  return count;
}

extern "C" CICUBucketKind cicu_bucket_kind(const CICULocale *locale, int32_t index) {
  if (index < 0 || index >= static_cast<int32_t>(locale->kinds.size())) return CICU_BUCKET_OVERFLOW;
  return locale->kinds[index];
}

extern "C" int32_t cicu_bucket_of(const CICULocale *locale, const char *text, int32_t length) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString string = icu::UnicodeString::fromUTF8(icu::StringPiece(text, length));
  int32_t bucket = locale->index->getBucketIndex(string, status);
  return U_SUCCESS(status) ? bucket : static_cast<int32_t>(locale->labels.size()) - 1;
}

extern "C" int32_t cicu_sort_key(
    const CICULocale *locale, const char *text, int32_t length, uint8_t *buffer,
    int32_t capacity) {
  icu::UnicodeString string = icu::UnicodeString::fromUTF8(icu::StringPiece(text, length));
  return ucol_getSortKey(
      locale->collator, string.getBuffer(), string.length(), buffer, buffer ? capacity : 0);
}

extern "C" int32_t cicu_compare(
    const CICULocale *locale, const char *a, int32_t aLength, const char *b, int32_t bLength) {
  UErrorCode status = U_ZERO_ERROR;
  UCollationResult result = ucol_strcollUTF8(locale->collator, a, aLength, b, bLength, &status);
  if (U_FAILURE(status)) return 0;
  return result == UCOL_LESS ? -1 : (result == UCOL_GREATER ? 1 : 0);
}

/// The root collator, opened on first use (a C++ function-local static: once, thread-safe),
/// never closed; nullptr when ICU cannot open it.
static const UCollator *rootCollator() {
  static const UCollator *const collator = [] {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *opened = ucol_open("", &status);
    // Canonical equivalents ("a" + U+0302 + U+0323 and U+1EAD) compare equal (UTS #10
    // section 4.1 normalizes to NFD; ICU skips it unless asked).
    if (U_SUCCESS(status)) ucol_setAttribute(opened, UCOL_NORMALIZATION_MODE, UCOL_ON, &status);
    if (U_FAILURE(status)) {
      if (opened != nullptr) ucol_close(opened);
      return static_cast<UCollator *>(nullptr);
    }
    return opened;
  }();
  return collator;
}

extern "C" int32_t cicu_root_compare(const char *a, int32_t aLength, const char *b, int32_t bLength) {
  if (const UCollator *collator = rootCollator()) {
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8(collator, a, aLength, b, bLength, &status);
    if (U_SUCCESS(status)) return result == UCOL_LESS ? -1 : (result == UCOL_GREATER ? 1 : 0);
  }
  int32_t common = aLength < bLength ? aLength : bLength;
  int order = common > 0 ? memcmp(a, b, static_cast<size_t>(common)) : 0;
  if (order != 0) return order < 0 ? -1 : 1;
  return aLength < bLength ? -1 : (aLength > bLength ? 1 : 0);
}

extern "C" int32_t cicu_available_locale_count(void) { return ucol_countAvailable(); }

extern "C" const char *cicu_available_locale(int32_t index) {
  if (index < 0 || index >= ucol_countAvailable()) return nullptr;
  return ucol_getAvailable(index);
}
