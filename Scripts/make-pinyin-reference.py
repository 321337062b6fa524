#!/usr/bin/env python3
"""Make the reference tables of PinyinReadingsTests from PyPI's pypinyin, a pinyin library
whose data (pinyin-data, built from Unihan, the 现代汉语词典 and other dictionaries) are
independent of this package's table:

- Tests/Fixtures/readings/pypinyin-zh.tsv: for every distinct Han character of
  Tests/Fixtures/international/zh_CN.txt and zh_TW.txt, in code point order, the character,
  its code point, and pypinyin's readings of it (heteronym=True, Style.NORMAL, v_to_u=False:
  toneless, "v" for ü), comma-separated, pypinyin's first reading first.
- Tests/Fixtures/readings/pypinyin-syllables.txt: every distinct syllable pypinyin gives
  (same style) for any character of its single-character dictionary, one a line, ascending.

Needs (only to run this script, not for the tests):
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pypinyin==0.55.0

Usage: /tmp/venv/bin/python Scripts/make-pinyin-reference.py [OUTPUT-FOLDER]
(default Tests/Fixtures/readings). Running it twice gives the same bytes.
"""
import pathlib
import sys
import unicodedata

import pypinyin
from pypinyin import Style, pinyin
from pypinyin.pinyin_dict import pinyin_dict

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "Tests/Fixtures/readings")


def readings(ch):
    return pinyin(ch, style=Style.NORMAL, heteronym=True, v_to_u=False)[0]


chars = set()
for name in ("zh_CN.txt", "zh_TW.txt"):
    text = (ROOT / "Tests/Fixtures/international" / name).read_text(encoding="utf-8")
    chars.update(ch for ch in text if unicodedata.name(ch, "").startswith("CJK "))

OUT.mkdir(parents=True, exist_ok=True)
rows = [f"# pypinyin {pypinyin.__version__}: character, code point, readings "
        "(heteronym, Style.NORMAL, v_to_u=False)"]
for ch in sorted(chars):
    rows.append(f"{ch}\tU+{ord(ch):04X}\t{','.join(readings(ch))}")
(OUT / "pypinyin-zh.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")

syllables = {r for cp in pinyin_dict for r in readings(chr(cp))}
(OUT / "pypinyin-syllables.txt").write_text(
    f"# pypinyin {pypinyin.__version__}: every syllable of its {len(pinyin_dict)} characters "
    "(Style.NORMAL, v_to_u=False)\n" + "\n".join(sorted(syllables)) + "\n", encoding="utf-8")
print(f"{len(chars)} characters, {len(syllables)} syllables")
