#!/usr/bin/env python3
"""Make the phonetic-code reference table of the sounds-like tests (issue 13).

The test (Tests/NamesSearchTests/PhoneticCodeTests.swift) reads only the committed table
Tests/Fixtures/phonetics/codes.tsv, never the packages below. For every word of the table
it computes `DoubleMetaphone.codes(of:)` and `DaitchMokotoff.codes(of:)` and compares them
with the codes here.

Words:
- every word of the name lists in Tests/Fixtures (the 2,000 given names of
  sortednames.plist, international/*.txt, names.txt, the 3,075 film titles of
  records/movies.json): each name split at anything that is not a letter or an
  apostrophe, apostrophes left out ("O'Brien" is "obrien"), decomposed (NFD) with its
  marks dropped and lower-cased; words that are then not ASCII letters only are left out
  (they have no code: names-search codes only what folds to A-Z);
- 6,000 seeded random words made of the letter groups the rules look for ("sch", "cz",
  "gh", "wicz", "tion", "caesar", ...) and single letters, so that every rule is taken.
Seeded: running it twice gives the same bytes.

Codes:
- Double Metaphone (Philips 2000) by PyPI's Metaphone 0.6 (`metaphone.doublemetaphone`,
  the Python port of the reference C code): the primary and alternate codes, full length
  (not cut to 4), the alternate empty when equal to the primary. A space in a code (the
  reference writes one for a silent final J) is written "_" in the table.
- Daitch-Mokotoff Soundex by PyPI's abydos 0.5.0 (`abydos.phonetic.DaitchMokotoff`,
  six digits, zero-padded): every code of the word, ascending, separated by spaces.
abydos's own Double Metaphone is compared too, and the words where the two Python
implementations disagree are counted in a comment (the test follows Metaphone 0.6).

Columns, tab-separated: word, primary, alternate, Daitch-Mokotoff codes. Lines starting
with # are comments.

A second table, Tests/Fixtures/phonetics/long-words.tsv, holds the Daitch-Mokotoff codes of
long words full of letters with two codes (C, CH, CK, J, RS, RZ), which double abydos's
list of codes at each one (2^n: it cannot code them). They are coded by `dm_merged`
below: abydos's own rule table and loop, but with codes that are the same so far (digits
and last symbol written, which is all the rest of the word depends on) kept once at each
step. The script checks that it equals abydos on every word of the first table before
using it.

Needs (only to run this script, not for the tests):
    pip install Metaphone==0.6 abydos==0.5.0

Usage: python3 Scripts/make-phonetic-reference.py [OUTPUT]
"""
import json
import pathlib
import plistlib
import random
import re
import sys
import unicodedata
from importlib.metadata import version

from metaphone import doublemetaphone
from abydos.phonetic import DaitchMokotoff, DoubleMetaphone

VERSIONS = {"Metaphone": "0.6", "abydos": "0.5.0"}
FIXTURES = pathlib.Path(__file__).resolve().parent.parent / "Tests" / "Fixtures"
APOSTROPHES = "'\u2019\u2018\u02bc\u02bb\u2032\u00b4"
GROUPS = (
    "sch schw sh ch chae chia cz wicz witz ski sky cc cci cce gh ght gn gl gli ger gy th tth"
    " tion tia tch tz ts ph pf mb umb dg dt x xc j jose san ll illo alle cia caesar mc"
    " aggi oggi ough augh ier ie ia io au ai oi ei ey ay uy zh zs zo rz rs ck kh ks q qu"
    " wr wh kn pn ps van von sugar isl ysl heim holm s z c g h w y e a i o u"
).split()


def words_of(text):
    text = "".join(c for c in text if c not in APOSTROPHES)
    for word in re.split(r"[^\w]|[\d_]", text):
        folded = "".join(
            c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn"
        ).lower()
        if folded and re.fullmatch(r"[a-z]+", folded):
            yield folded


def fixture_names():
    with open(FIXTURES / "sortednames.plist", "rb") as f:
        for names in plistlib.load(f).values():
            yield from names
    for path in sorted((FIXTURES / "international").glob("*.txt")):
        yield from path.read_text(encoding="utf-8").splitlines()
    yield from (FIXTURES / "names.txt").read_text(encoding="utf-8").splitlines()
    for record in json.loads((FIXTURES / "records" / "movies.json").read_text(encoding="utf-8")):
        yield record["movieName"]


def random_words(rng):
    letters = "abcdefghijklmnopqrstuvwxyz"
    while True:
        parts = []
        for _ in range(rng.randint(1, 4)):
            parts.append(rng.choice(GROUPS) if rng.random() < 0.7 else rng.choice(letters))
        yield "".join(parts)


def dm_merged(word):
    """abydos's Daitch-Mokotoff (DaitchMokotoff.encode, six digits, zero-padded), with the
    codes being made kept once each: (digits so far, up to 6; last symbol written)."""
    dm = DaitchMokotoff()
    table, order, vowels = dm._dms_table, dm._dms_order, dm._uc_v_set
    word = "".join(c for c in word.upper() if c in dm._uc_set)
    states = {("", "")}
    pos = 0
    while pos < len(word):
        for run in order[word[pos]]:
            if word[pos:].startswith(run):
                values = table[run]
                if pos == 0:
                    value = values[0]
                elif pos + len(run) < len(word) and word[pos + len(run)] in vowels:
                    value = values[1]
                else:
                    value = values[2]
                choices = value if isinstance(value, tuple) else (value,)
                grown = set()
                for digits, last in states:
                    for choice in choices:
                        d, l = digits, last
                        for symbol in str(choice):
                            if symbol == l:
                                continue
                            l = symbol
                            if symbol != "_" and len(d) < 6:
                                d += symbol
                        grown.add((d, l))
                states = grown
                pos += len(run)
                break
    return sorted({(digits + "000000")[:6] for digits, _ in states})


def long_words(rng):
    """Words of 200 to 3,000 letters, most of them letters with two codes."""
    twofold = ["c", "ch", "ck", "j", "rs", "rz"]
    other = list("aeiouybdfgklmnpstvwxz") + ["sch", "tz", "cz"]
    words = ["c" * 3000, "cjcrz" * 200, "jcjcrzzrztzcscjjcjcrzzhjjrsdschrzrschjcnjhcrsjcpcrs" + "c" * 2000]
    while len(words) < 40:
        length = rng.randint(200, 1500)
        parts = []
        while sum(map(len, parts)) < length:
            parts.append(rng.choice(twofold) if rng.random() < 0.8 else rng.choice(other))
        words.append("".join(parts))
    return words


def main():
    for name, wanted in VERSIONS.items():
        if version(name) != wanted:
            sys.exit(f"{name} {version(name)} installed; this table is made with {wanted}")
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURES / "phonetics" / "codes.tsv"
    rng = random.Random(20261202)
    words = []
    seen = set()
    for name in fixture_names():
        for word in words_of(name):
            if word not in seen:
                seen.add(word)
                words.append(word)
    fixture_count = len(words)
    for word in random_words(rng):
        if len(words) - fixture_count == 6000:
            break
        if word not in seen:
            seen.add(word)
            words.append(word)
    dm = DaitchMokotoff()
    other = DoubleMetaphone()
    disagreements = 0
    rows = []
    for word in words:
        primary, alternate = doublemetaphone(word)
        if (primary, alternate or primary) != tuple(other.encode(word)) and (
            primary, alternate) != tuple(other.encode(word)):
            disagreements += 1
        codes = " ".join(sorted(dm.encode(word)))
        rows.append(f"{word}\t{primary.replace(' ', '_')}\t{alternate.replace(' ', '_')}\t{codes}")
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# Made by Scripts/make-phonetic-reference.py: Metaphone {VERSIONS['Metaphone']},"
                f" abydos {VERSIONS['abydos']}.\n")
        f.write(f"# {fixture_count} words of the fixtures, {len(words) - fixture_count} seeded"
                f" random words; abydos's Double Metaphone differs from Metaphone's on"
                f" {disagreements}.\n")
        f.write("# word\tprimary\talternate\tDaitch-Mokotoff codes\n")
        for row in rows:
            f.write(row + "\n")
    print(f"{out}: {len(rows)} words ({fixture_count} from fixtures), {disagreements} disagreements")
    for word in words:
        if dm_merged(word) != sorted(dm.encode(word)):
            sys.exit(f"dm_merged differs from abydos on {word}")
    long_out = out.parent / "long-words.tsv"
    with open(long_out, "w", encoding="utf-8", newline="\n") as f:
        f.write("# Made by Scripts/make-phonetic-reference.py: abydos 0.5.0's Daitch-Mokotoff table,\n")
        f.write("# codes made so far kept once a step (dm_merged, equal to abydos on every word of\n")
        f.write("# codes.tsv). Columns: word, Daitch-Mokotoff codes.\n")
        for word in long_words(rng):
            f.write(f"{word}\t{' '.join(dm_merged(word))}\n")
    print(f"{long_out}: 40 long words")


if __name__ == "__main__":
    main()
