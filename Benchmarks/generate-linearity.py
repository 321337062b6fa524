#!/usr/bin/env python3
"""Deterministic hostile-but-large inputs for the benchmark's linearity table (issues 8 and 9).

Each case is written at two or three sizes, so Benchmarks/run.sh can time names-search on it
from a file and through a pipe and tell whether the time grows in proportion to the input
(or stays flat, when the input is refused after a bounded prefix). Every byte is a function of
the case and the size only: no randomness, no time, no locale.

  OUT/CASE-SIZE.plist   one input per case and size (SIZE: 20MB, 100MB, or 20k attributes…)
  OUT/manifest.tsv      case, size label, size in bytes, file, description (one line each)

Cases (MB = 1,000,000 bytes; a case's file is its size give or take a few hundred bytes):

  zeros               zero bytes only
  spaces              white space only (79 spaces and a line feed, repeated)
  spaces-then-list    white space, then the built-in list (Resources/sortednames.plist)
  text                "yes\\n" repeated, what `yes | names-search -f -` reads
  attributes          a <plist> tag with 20,000, 80,000 and 160,000 attributes a1="x"…
  space-in-tag        <plist, then white space, then version="1.0">
  comment             a comment of SIZE inside the <dict>
  pi                  a processing instruction of SIZE inside the <dict>
  cdata               a CDATA section of SIZE as a name
  doctype             a DOCTYPE internal subset of SIZE: <!ENTITY eN "…"> declarations
  entity-attributes   a <plist> tag whose attribute values are &amp;&lt;&gt;&quot;&apos; runs
  huge-name           baseline: a legitimate list of one name of SIZE ("Annabelle " repeated)

The 1M-name baseline is Benchmarks/generate.py's names-1000000.xml.plist (run.sh makes it).
Files are rewritten only when this script or a size changed (a stamp in OUT/manifest.tsv).

Usage: python3 Benchmarks/generate-linearity.py [OUT]   (OUT defaults to Benchmarks/data/linearity)
"""
import hashlib
import pathlib
import sys

MB = 1_000_000
SIZES = [20 * MB, 100 * MB]
ATTRIBUTE_COUNTS = [20_000, 80_000, 160_000]
BLOCK = 1 << 20

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEAD = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b'<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        b'"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n')
LIST_BODY = b"<dict><key>A</key><array><string>Ann</string></array></dict>\n</plist>\n"


def fill(f, unit, count):
    """Writes `unit` repeated until `count` bytes, whole units only (a few bytes short at most)."""
    repeats = count // len(unit)
    block = unit * max(1, BLOCK // len(unit))
    per_block = len(block) // len(unit)
    while repeats >= per_block:
        f.write(block)
        repeats -= per_block
    f.write(unit * repeats)


def zeros(f, size):
    fill(f, b"\0", size)


def spaces(f, size):
    fill(f, b" " * 79 + b"\n", size)


def spaces_then_list(f, size):
    built_in = (ROOT / "Resources/sortednames.plist").read_bytes()
    fill(f, b" " * 79 + b"\n", size - len(built_in))
    f.write(built_in)


def text(f, size):
    fill(f, b"yes\n", size)


def attributes(f, count):
    f.write(HEAD + b"<plist")
    for i in range(count):
        f.write(b' a%d="x"' % i)
    f.write(b' version="1.0">\n' + LIST_BODY)


def space_in_tag(f, size):
    f.write(HEAD + b"<plist")
    fill(f, b" " * 79 + b"\n", size - len(HEAD) - 100)
    f.write(b' version="1.0">\n' + LIST_BODY)


def comment(f, size):
    f.write(HEAD + b'<plist version="1.0">\n<dict><!--')
    fill(f, b"a comment that goes on and on ", size - len(HEAD) - 200)
    f.write(b"-->" + LIST_BODY[len(b"<dict>"):])


def pi(f, size):
    f.write(HEAD + b'<plist version="1.0">\n<dict><?target')
    fill(f, b" an instruction that goes on", size - len(HEAD) - 200)
    f.write(b"?>" + LIST_BODY[len(b"<dict>"):])


def cdata(f, size):
    f.write(HEAD + b'<plist version="1.0">\n<dict><key>A</key><array><string><![CDATA[')
    fill(f, b"Annabelle ", size - len(HEAD) - 200)
    f.write(b"]]></string></array></dict>\n</plist>\n")


def doctype(f, size):
    f.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist [\n')
    written, i = 0, 0
    budget = size - 300
    while written < budget:
        line = b'<!ENTITY e%d "an entity">\n' % i
        f.write(line)
        written += len(line)
        i += 1
    f.write(b']>\n<plist version="1.0">\n' + LIST_BODY)


def entity_attributes(f, size):
    f.write(HEAD + b'<plist version="1.0"')
    value = b"&amp;&lt;&gt;&quot;&apos;" * 40
    written, i = 0, 0
    budget = size - len(HEAD) - 200
    while written < budget:
        attribute = b' a%d="%s"' % (i, value)
        f.write(attribute)
        written += len(attribute)
        i += 1
    f.write(b">\n" + LIST_BODY)


def huge_name(f, size):
    f.write(HEAD + b'<plist version="1.0">\n<dict><key>A</key><array><string>')
    fill(f, b"Annabelle ", size - len(HEAD) - 200)
    f.write(b"</string></array></dict>\n</plist>\n")


CASES = [
    ("zeros", zeros, "zero bytes only"),
    ("spaces", spaces, "white space only"),
    ("spaces-then-list", spaces_then_list, "white space, then the built-in list"),
    ("text", text, "text: `yes` lines"),
    ("space-in-tag", space_in_tag, "white space inside the `<plist>` tag"),
    ("comment", comment, "a comment inside the `<dict>`"),
    ("pi", pi, "a processing instruction inside the `<dict>`"),
    ("cdata", cdata, "a CDATA section as a name"),
    ("doctype", doctype, "a DOCTYPE internal subset of entity declarations"),
    ("entity-attributes", entity_attributes, "entity-heavy attribute values in the `<plist>` tag"),
    ("huge-name", huge_name, "baseline: one name of the same size"),
]


def label(size):
    return f"{size // MB}MB"


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "Benchmarks/data/linearity")
    out.mkdir(parents=True, exist_ok=True)
    stamp = hashlib.sha256(pathlib.Path(__file__).read_bytes()
                           + (ROOT / "Resources/sortednames.plist").read_bytes()).hexdigest()[:16]
    manifest = out / "manifest.tsv"
    rows = []
    jobs = []
    for name, write, description in CASES:
        for size in SIZES:
            jobs.append((name, label(size), lambda f, w=write, s=size: w(f, s), description))
        if name == "text":
            for count in ATTRIBUTE_COUNTS:
                jobs.append(("attributes", f"{count // 1000}k", lambda f, c=count: attributes(f, c),
                             "attributes in the `<plist>` tag"))
    fresh = manifest.exists() and manifest.read_text().startswith(f"# stamp {stamp}\n")
    for name, size_label, write, description in jobs:
        path = out / f"{name}-{size_label}.plist"
        if not (fresh and path.exists()):
            with open(path, "wb") as f:
                write(f)
        rows.append(f"{name}\t{size_label}\t{path.stat().st_size}\t{path}\t{description}")
    manifest.write_text(f"# stamp {stamp}\n" + "\n".join(rows) + "\n")
    print(f"{out}: {len(rows)} inputs", file=sys.stderr)


if __name__ == "__main__":
    main()
