#!/usr/bin/env python3
"""Make Sources/NamesSearch/Readings/PinyinTableData.swift, the Mandarin readings of Han
characters behind PinyinReadings.

Sources:

- Unihan_Readings.txt from the Unihan database, Unicode 15.0.0, as Debian's `unicode-data`
  package ships it (`apt-get install unicode-data`, version 15.0.0-1,
  /usr/share/unicode/Unihan_Readings.txt.bz2). A character's readings are the union, in
  this order, of its kMandarin, kHanyuPinyin, kXHC1983 and kTGHZ2013 values (Unicode
  UAX #38): kMandarin's first reading first, then each new one in the order found.
  Simplified characters often lack kHanyuPinyin (长 U+957F has only zhǎng in kMandarin;
  kXHC1983 and kTGHZ2013 add cháng), hence the union.
- Unihan_Variants.txt from the same package: kTraditionalVariant, to give a surname's
  traditional forms (區 ou, 單 shan, 繆 miao, 種 chong, 樂 yue) the same surname reading.
- Scripts/pinyin-surnames.tsv: family names and their reading as a family name, each row
  naming its public source (overtrue/pinyin's sources/surnames.txt, zh-lx/pinyin-pro's
  lib/data/surname.ts, published lists of often-misread surnames; see the file's header).

Readings are written toneless in lowercase ASCII: tone marks are removed, ü is written "v"
(lü → lv, nüè → nve; "u" after j q x y stays "u" as pinyin writes it: ju, xue) and ê is
written "e". Syllables are numbered in ascending order.

The output holds string literals, not array literals (a 100k-element array literal type
checks for minutes), in an alphabet of 64 ASCII characters "0-9A-Za-z-_", one digit a
6-bit value:

- `syllables`: the syllables, separated by spaces.
- `readings`: for each character with readings, ascending by code point, a header digit
  (bits 0-4: the number of readings, 1-31; bit 5: a gap follows), then, when the gap bit is
  set, 4 digits (most significant first) of the gap (code point - previous code point - 1,
  where the first "previous" is -1), then 2 digits for each reading's syllable number.
- `surnames`: for each surname character, ascending by code point, 4 digits of its code
  point, a digit for the number of readings and 2 digits for each.

The table version is the CRC-32 of the three strings, so it changes whenever the data do.

Usage: python3 Scripts/make-pinyin-table.py [UNICODE-FOLDER] [OUTPUT]
       (defaults /usr/share/unicode and Sources/NamesSearch/Readings/PinyinTableData.swift)
Running it twice gives the same bytes. Python 3 standard library only.
"""
import bz2
import pathlib
import re
import sys
import unicodedata
import zlib

UCD = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode")
OUT = pathlib.Path(
    sys.argv[2] if len(sys.argv) > 2 else "Sources/NamesSearch/Readings/PinyinTableData.swift")
SURNAMES = pathlib.Path(__file__).resolve().parent / "pinyin-surnames.tsv"
FIELDS = ("kMandarin", "kHanyuPinyin", "kXHC1983", "kTGHZ2013")
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def toneless(reading):
    """lǘ → lv, zhǎng → zhang, ê̄ → e; raises on anything else than a-z after that."""
    decomposed = unicodedata.normalize("NFD", reading.lower())
    out = []
    for ch in decomposed:
        if ch == "\u0308":  # diaeresis: ü
            if not out or out[-1] != "u":
                raise ValueError(f"diaeresis not on u in {reading!r}")
            out[-1] = "v"
        elif unicodedata.combining(ch):
            continue  # tone marks, and the circumflex of ê
        else:
            out.append(ch)
    syllable = "".join(out)
    if not re.fullmatch(r"[a-z]+", syllable):
        raise ValueError(f"not a pinyin syllable: {reading!r}")
    return syllable


def values(field, value):
    """The pinyin readings of one Unihan field value."""
    if field == "kMandarin":
        return value.split()
    out = []
    for entry in value.split():
        # kHanyuPinyin: "10019.020:tiàn" or "63680.020:zhòng,chóng,tóng";
        # kXHC1983 / kTGHZ2013: "0121.040:cháng", possibly with several locations.
        out.extend(entry.split(":", 1)[1].split(","))
    return out


def unihan(name):
    with bz2.open(UCD / name, "rt", encoding="utf-8") as f:
        text = f.read()
    version = re.search(r"# Unicode version: (\S+)", text).group(1)
    rows = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cp, field, value = line.split("\t", 2)
        rows.append((int(cp[2:], 16), field, value))
    return version, rows


def digits(value, width):
    assert 0 <= value < 64 ** width, (value, width)
    return "".join(DIGITS[(value >> (6 * (width - 1 - i))) & 63] for i in range(width))


version, rows = unihan("Unihan_Readings.txt.bz2")
found = {}  # cp -> field -> list
for cp, field, value in rows:
    if field in FIELDS:
        found.setdefault(cp, {})[field] = values(field, value)
readings = {}
for cp, fields in found.items():
    out = []
    for field in FIELDS:
        for reading in fields.get(field, []):
            syllable = toneless(reading)
            if syllable not in out:
                out.append(syllable)
    readings[cp] = out

variants_version, variant_rows = unihan("Unihan_Variants.txt.bz2")
assert variants_version == version
traditional = {}
for cp, field, value in variant_rows:
    if field == "kTraditionalVariant":
        traditional[cp] = [int(v[2:], 16) for v in value.split()]

# Surnames: single-character rows first (in file order), then the first character of each
# compound surname.
single, compound = {}, {}
missing = []
for line in SURNAMES.read_text(encoding="utf-8").splitlines():
    if line.startswith("#") or not line.strip():
        continue
    name, pinyin, source = line.split("\t")
    syllables = pinyin.split()
    assert len(syllables) == len(name) and source.strip(), line
    for ch, syllable in zip(name, syllables):
        if syllable not in readings.get(ord(ch), []):
            missing.append(f"{SURNAMES.name}: {name} {pinyin}: {syllable} is not a reading of {ch}")
    target = single if len(name) == 1 else compound
    target.setdefault(ord(name[0]), [])
    if syllables[0] not in target[ord(name[0])]:
        target[ord(name[0])].append(syllables[0])
if missing:
    raise SystemExit("\n".join(missing))
surname = {}
for cp in list(single) + list(compound):
    merged = surname.setdefault(cp, [])
    for syllable in single.get(cp, []) + compound.get(cp, []):
        if syllable not in merged:
            merged.append(syllable)
for cp, syllables in list(surname.items()):
    for variant in traditional.get(cp, []):
        if variant != cp and variant not in surname:
            own = [s for s in syllables if s in readings.get(variant, [])]
            if own:
                surname[variant] = own
# Keep what the readings alone do not tell: a surname reading list other than the
# character's first reading alone.
surname = {cp: s for cp, s in surname.items() if s != readings[cp][:1]}

syllable_list = sorted({s for r in readings.values() for s in r})
number = {s: i for i, s in enumerate(syllable_list)}
assert len(syllable_list) < 64 ** 2

parts = []
previous = -1
for cp in sorted(readings):
    r = readings[cp]
    assert 1 <= len(r) < 32, (hex(cp), r)
    gap = cp - previous - 1
    parts.append(DIGITS[len(r) | (32 if gap else 0)])
    if gap:
        parts.append(digits(gap, 4))
    parts.extend(digits(number[s], 2) for s in r)
    previous = cp
readings_string = "".join(parts)
surnames_string = "".join(
    digits(cp, 4) + DIGITS[len(s)] + "".join(digits(number[x], 2) for x in s)
    for cp, s in sorted(surname.items()))
syllables_string = " ".join(syllable_list)
table_version = zlib.crc32(
    "\n".join((syllables_string, readings_string, surnames_string)).encode("ascii"))


def literal(name, doc, text, width=94):
    lines = [f"  /// {d}" for d in doc]
    lines.append(f"  static let {name} = \"\"\"")
    for i in range(0, len(text), width):
        chunk = text[i:i + width]
        # A line ending in a backslash would join the next one; the alphabet has none.
        lines.append("    " + chunk + ("\\" if i + width < len(text) else ""))
    lines.append("    \"\"\"")
    return "\n".join(lines)


header = f"""\
// Generated by Scripts/make-pinyin-table.py from Unihan_Readings.txt and
// Unihan_Variants.txt (Unicode {version}, as Debian's unicode-data package ships them) and
// Scripts/pinyin-surnames.tsv. Do not edit.
// {len(readings)} characters, {len(syllable_list)} syllables, {len(surname)} surname entries.

/// The encoded Mandarin readings behind `PinyinReadings` (Unihan kMandarin, kHanyuPinyin,
/// kXHC1983 and kTGHZ2013, Unicode {version}); the format is described in
/// Scripts/make-pinyin-table.py.
enum PinyinTableData {{
  /// The version of this table: the CRC-32 of the three strings below.
  static let version: UInt32 = 0x{table_version >> 16:04X}_{table_version & 0xFFFF:04X}

"""
body = "\n\n".join((
    literal("syllables", ["Every toneless syllable, ascending, separated by spaces."],
            syllables_string),
    literal("readings", [
        "Each character's syllable numbers, ascending by code point: a header digit (count,",
        "gap bit), an optional 4-digit gap, 2 digits a reading."], readings_string),
    literal("surnames", [
        "Each surname character's reading(s) as a family name, ascending by code point: 4",
        "digits of code point, 1 digit of count, 2 digits a reading."], surnames_string),
))
OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(header + body + "\n}\n", encoding="utf-8")
print(f"{OUT}: {OUT.stat().st_size} bytes, {len(readings)} characters, "
      f"{len(syllable_list)} syllables, {len(surname)} surnames, version {table_version:08X}")
