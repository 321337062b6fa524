#!/usr/bin/env python3
"""Writes Tests/Fixtures/plist-corpus/: small OpenStep and XML property lists, valid and
malformed, and manifest.tsv, read by PlistCorpusDifferentialTests, which runs every file
through Foundation's PropertyListSerialization and through names-search's loader.

The corpus is written by hand-made rules (below) and seeded random documents, with
Python's standard library only; the same script always writes the same bytes (the seed
is fixed, nothing depends on hashing or the clock). It never asks Foundation or
names-search anything: what it knows of a file is what it put there.

manifest.tsv has a line for every file (the others are "#" comments):

  file <TAB> key <TAB> difference <TAB> detail

- key: the record field that is each item's name (LoadOptions.fields.name, `--key`), or
  "-" for a list of names;
- difference: "-" where names-search must agree with Foundation, else the deliberate
  difference that applies (see DIFFERENCES below), with its detail: the exact message
  names-search refuses the file with (after "<source>: "; a trailing "*" means "starts
  with", for libxml2's words), another corpus file, or a format.

Run: python3 Scripts/make-plist-corpus.py
"""
import pathlib
import random
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests/Fixtures/plist-corpus"
SEED = 16  # the issue that brought the OpenStep reader

# What each difference means; the test knows the same names.
DIFFERENCES = {
    # Refusals (detail: the message). Foundation reads these files.
    "duplicate-title": "a section title written twice: Foundation keeps the last silently;"
    " names-search names both places",
    "equivalent-titles": "two titles canonically equivalent (U+00E9, e U+0301): Foundation"
    " merges them; names-search names both spellings",
    "duplicate-key": "a key written twice in one record: Foundation keeps the last;"
    " names-search names both places",
    "blank": "only white space: Foundation reads an empty dictionary; names-search says the"
    " file holds nothing (a file of comments is an empty list for both)",
    "lone-surrogate": "UTF-16 text holding a lone surrogate: Foundation reads U+FFFD;"
    " names-search refuses text that is not UTF-16",
    "too-deep": "an empty array 513 deep (the root is 1): Foundation counts a string as a"
    " level of its own, so it reads empty arrays and dictionaries one level deeper than"
    " names-search, whose limit is JSON's (with anything inside, both refuse at that depth)",
    "cut-unit": "UTF-16 or UTF-32 text that ends inside a character: Foundation drops the"
    " cut character's bytes; names-search refuses a file cut short",
    "stray-semicolon": "a list without braces with a stray ';' (or any byte that cannot"
    " start a title) after a section: Foundation stops there and drops the rest silently;"
    " names-search refuses rather than lose sections",
    "data-cut-by-paren": "data not closed by '>' before its array's ')': Foundation drops"
    " the item and ends the array silently; names-search refuses the damaged data",
    "unmarked-utf16": "OpenStep text in UTF-16 without a byte-order mark: Foundation reads"
    " it when it starts with '{' in the machine's byte order (little-endian here), nothing"
    " else; names-search reads UTF-16 OpenStep text only after a byte-order mark",
    "xml-not-well-formed": "XML that is not well-formed (content after </plist>, an"
    " attribute value without quotes): Foundation's own parser reads it; libxml2 refuses it,"
    " as XML 1.0 says a parser must",
    # Readings (detail: the file whose Foundation reading names-search's must equal).
    "xml-unmarked-utf16": "XML in UTF-16 without a byte-order mark: libxml2 reads it, told"
    " by its '<' (XML 1.0 Appendix F); Foundation refuses it",
    # Readings that differ in a known way (detail "-").
    "xml-line-ends": "XML text holding CR LF or CR: libxml2 makes each a LF, as XML 1.0"
    " (section 2.11) says; Foundation keeps them",
    # Other formats (detail: the format the sniffer picks). Read as OpenStep, the file
    # follows Foundation.
    "sniffed": "the first bytes tell another format (a text list, CSV, XML), which"
    " names-search reads instead (OpenStepText's rules: a list of names may be one word)",
}

ENCODINGS = {"utf-16-be": b"\xfe\xff", "utf-16-le": b"\xff\xfe", "utf-32-be": b"\x00\x00\xfe\xff",
             "utf-32-le": b"\xff\xfe\x00\x00"}

files = []  # (name, bytes, key, difference, detail)


def add(name, data, key="-", difference="-", detail="-"):
    assert difference == "-" or difference in DIFFERENCES, difference
    assert all(name != f[0] for f in files), name
    if isinstance(data, str):
        data = data.encode("utf-8")
    files.append((name, data, key, difference, detail))


def place(text, index):
    """Line and column (1-based, columns in scalars) of text[index], lines ending at LF,
    CR or CR LF, as the OpenStep reader counts them."""
    line, column, after_cr = 1, 1, False
    for ch in text[:index]:
        if ch == "\n":
            if not after_cr:
                line += 1
            column, after_cr = 1, False
        elif ch == "\r":
            line, column, after_cr = line + 1, 1, True
        else:
            column, after_cr = column + 1, False
    return line, column


def at(text, needle, occurrence=1, skip=0):
    """"line L, column C" of the occurrence-th needle in text (skip characters into it)."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    return "line %d, column %d" % place(text, index + skip)


def quoted(title):
    """A title as messages quote it (LoadError.quoted; these titles need no escapes but
    these)."""
    return '"' + title.replace("\\", "\\\\").replace('"', '\\"') + '"'


def codepoints(title):
    return " ".join("U+%04X" % ord(c) for c in title)


NOT_PLIST = "not a property list: "

# ---------------------------------------------------------------------------------------
# OpenStep: the shape, the forms.

add("os-braced.plist", '{\n    A = (Ann, "Anna Lee", Abe);\n    B = (Bob);\n    C = ();\n}\n')
add("os-braced-one-line.plist", '{A=(Ann,"Anna Lee");B=(Bob);}')
add("os-quoted-titles.plist",
    '{ "A" = ("Ann"); \'B\' = (\'Bob\', "Bo\'s", \'Bo"b\'); "\u00c7" = ("\u00c7elik"); '
    '"Long title" = (x); }\n')
add("os-unquoted-charset.plist",
    "{ A = (a_b$c/d:e.f-g, 007, /usr/bin, http://example.com/x, _, $, ..., -1.5); }\n")
add("os-empty-braces-spaced.plist", "{ }\n")
add("os-empty-braces.plist", "{}")  # JSON's {} too: the same empty list
add("os-empty-sections.plist", "{ A = (); B = ( ); C = (\n); }")
add("os-root-array.plist", '(Bob, Ann, "Zo\u00eb", "\u00c9mile", Abe)')
add("os-root-array-empty.plist", "()")
add("os-trailing-comma.plist", "{ A = (Ann, Abe,); B = (Bob , ); }")
add("os-trailing-comma-root.plist", "(Ann, Bob,)")
add("os-strings-form.plist", "A = (Ann, Abe);\nB = (Bob);\n")
add("os-strings-form-quoted.plist", '"A" = ("Ann");\n"\u00c9" = ("\u00c9mile");\n')
add("os-strings-form-one.plist", "A = (x);")
add("os-multiline-strings.plist",
    '{ A = ("Ann\nLee", "a\n\nb", "tab\there"); B = ("line one\n  line two\n"); }\n')
add("os-unicode.plist",
    '{ "\u00c9" = ("\u00c9mile", "Zo\u00eb"); "\u5f20" = ("\u5f20\u4f1f"); '
    '"\U0001F600" = ("\U0001F600 smile", "\U0001F469\u200d\U0001F4bb"); '
    '"\u05e9" = ("\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd"); }')
add("os-control-characters.plist", '{ A = ("a\x01b", "\x7f", "\x1b[31m"); }')
add("os-empty-name.plist", '{ A = ("", x, ""); }')
add("os-long-name.plist", "{ A = (\"" + "abcdefghij" * 300 + "\"); }")
add("os-many-sections.plist",
    "{\n" + "".join("  S%03d = (n%d, m%d);\n" % (i, i, i) for i in range(200)) + "}\n")
add("os-spaces-tab-vt-ff.plist", "{\tA\x0b=\x0c(\tx\x0b,\x0cy\t)\x0b;\x0c}\x0b")
add("os-not-a-comment-in-string.plist", '{ A = ("a // b", "/* c */", \'//\'); }')
add("os-unquoted-slashes.plist", "{ A = (x//y, a/b); }\n")  # one string each: '/' is a name byte
add("os-slash-title.plist", "{ /x = (y); }")

# Every escape, alone and together.
ESCAPES = [
    ("newline", r"\n"), ("tab", r"\t"), ("bell", r"\a"), ("backspace", r"\b"),
    ("formfeed", r"\f"), ("vtab", r"\v"), ("return", r"\r"), ("quote", r"\""),
    ("backslash", r"\\"), ("apostrophe", r"\'"), ("octal-101", r"\101"),
    ("octal-341", r"\341"), ("octal-one-digit", r"\7x"), ("octal-two-digits", r"\60x"),
    ("octal-then-8", r"\18"), ("octal-0", r"\0"), ("octal-377", r"\377"),
    ("octal-777-wraps", r"\777"), ("octal-400-wraps", r"\400"), ("u-e9", r"\U00e9"),
    ("u-upper", r"\U00C9"), ("u-short", r"\U41"), ("u-no-digits", r"\Ux"),
    ("u-five-digits", r"\U00e9F"), ("u-surrogate-pair", r"\Ud83d\Ude00"),
    ("u-surrogate-pair-upper", r"\UD83D\UDE00"), ("u-lone-high", r"\Ud83dx"),
    ("u-lone-low", r"\Ude00x"), ("u-high-high-low", r"\Ud83d\Ud83d\Ude00"),
    ("u-high-at-end", r"\Ud83d"), ("u-fffd", r"\Ufffd"), ("u-zero", r"\U0000"),
    ("lowercase-u", r"\u0041"), ("unknown-x", r"\x"), ("escaped-e-acute", "\\\u00e9"),
    ("backslash-newline", "\\\n"), ("backslash-cr", "\\\r"), ("backslash-space", "\\ "),
]
for name, escape in ESCAPES:
    add("os-escape-%s.plist" % name, '{ A = ("a%sb", \'%s\'); }' % (escape, escape))
add("os-escape-all.plist",
    '{ A = ("' + "".join(e for _, e in ESCAPES) + '"); }')
add("os-escape-all-octal-high.plist",
    "(" + ", ".join('"\\%03o"' % b for b in range(0o200, 0o400)) + ")")
add("os-escape-in-title.plist", '{ "\\U00c9\\tx" = (a); "\\101" = (b); }')

# Comments in every position, in the braced form, the form without braces and a flat list.
BRACED = ["", "{", "A", "=", "(", "Ann", ",", "Bob", ")", ";", "B", "=", "(", "x", ")", ";",
          "}", ""]
STRINGS = ["", '"A"', "=", "(", "Ann", ",", "Bob", ")", ";", "B", "=", "(", "x", ")", ";", ""]
FLAT = ["", "(", "Ann", ",", "Bob", ",", ")", ""]
COMMENTS = {"line": "// c\n", "block": "/* c */", "block-lines": "/* c\n * d\n */",
            "block-stars": "/** c **/", "line-empty": "//\n"}
# Each gap of the braced form gets a line and a block comment; in the other forms the
# styles take turns over the gaps.
for form, tokens in [("braced", BRACED), ("strings", STRINGS), ("flat", FLAT)]:
    for gap in range(len(tokens) - 1):
        styles = ["line", "block"] if form == "braced" else [
            list(COMMENTS)[(gap + len(form)) % len(COMMENTS)]]
        for style in styles:
            parts = tokens[:gap + 1] + [COMMENTS[style]] + tokens[gap + 1:]
            add("os-comment-%s-%s-%02d.plist" % (form, style, gap), " ".join(parts).strip(" "))
add("os-comment-line-at-end-no-newline.plist", "{ A = (x); } // c")
add("os-comment-block-open-at-end.plist", "{ A = (x); } /* c")
add("os-comment-nested-block-start.plist", "{ A = (x /* /* c */); }")
add("os-comments-only.plist", "// nothing here\n/* nor\n here */\n")
add("os-comment-only-line.plist", "// c")

# Line ends.
MULTI = '// c\n{\n  A = (Ann, "two\nlines", "cont\\\ninued");\n  /* c\n  */ B = (Bob);\n}\n'
for name, end in [("lf", "\n"), ("cr", "\r"), ("crlf", "\r\n")]:
    add("os-lines-%s.plist" % name, MULTI.replace("\n", end))
add("os-lines-mixed.plist", "{\r\n A = (x,\r y,\n z);\n\r B = (\"a\r\nb\"); }\r")

# U+2028 and U+2029 (white space, no new line).
add("os-u2028.plist", "{\u2028A\u2028=\u2028(x,\u2029y)\u2028;\u2029}\u2028")
add("os-u2028-ends-line-comment.plist", "{ A = (x); // c\u2028B = (y); }")
add("os-u2028-at-start.plist", "\u2028{ A = (x); }")
add("os-u2028-in-data.plist", "{ A = (<0f\u2028a1>); }")
add("os-u2028-in-string.plist", '{ A = ("a\u2028b"); }')
add("os-nbsp-not-space.plist", "{ A = (x)\u00a0; }")
add("os-nel-not-space.plist", "{ A = (x)\u0085; }")

# The sniffer's clues beyond the first byte (comments, U+2028 and \v around the '=').
add("os-sniff-quoted-key-comment.plist", '{ "A" /* c */ = (x); }')
add("os-sniff-quoted-key-line-comment.plist", '{ "A" // c\n = (x); }')
add("os-sniff-quoted-key-u2028.plist", '{ "A"\u2028= (x); }')
add("os-sniff-strings-comment.plist", '"A" /* c */ = (x);')
add("os-sniff-strings-comment-lines.plist", "A /* c\n more\n */ = /* c */ (x);")
add("os-sniff-strings-line-comments.plist", "A // c\n = // c\n (x);")
add("os-sniff-strings-vtab.plist", "A\x0b=\x0c(x);")

# Encodings.
TEXT = '// \u00e9\n{ A = (Ann, "\u00c9lo\u00efse", "\u5f20\u4f1f", "\U0001F600"); B = (Bob); }\n'
add("os-utf8-bom.plist", b"\xef\xbb\xbf" + TEXT.encode())
for encoding, mark in ENCODINGS.items():
    add("os-%s-bom.plist" % encoding.replace("-", ""), mark + TEXT.encode(encoding))
add("os-utf16le-bom-crlf.plist", b"\xff\xfe" + TEXT.replace("\n", "\r\n").encode("utf-16-le"))
add("os-utf16be-bom-root-array.plist", b"\xfe\xff" + "(Ann, Bob)".encode("utf-16-be"))
add("os-utf16be-bom-strings-form.plist", b"\xfe\xff" + "// c\nA = (x);".encode("utf-16-be"))
BRACED_TEXT = TEXT[TEXT.index("{"):]
add("os-utf16le-nobom.plist", BRACED_TEXT.encode("utf-16-le"), difference="unmarked-utf16",
    detail="not valid JSON: line 1, column 2: expected a string as key, found U+0000")
add("os-utf16le-nobom-space-first.plist", (" " + BRACED_TEXT).encode("utf-16-le"),
    difference="unmarked-utf16",
    detail="not valid JSON: line 1, column 2: expected a value, found U+0000")
add("os-utf16le-nobom-comment-first.plist", TEXT.encode("utf-16-le"))
add("os-utf16le-nobom-root-array.plist", "(Ann, Bob)".encode("utf-16-le"))
add("os-utf16le-nobom-strings-form.plist", "A = (x);".encode("utf-16-le"))
add("os-utf16be-nobom.plist", TEXT.encode("utf-16-be"))
add("os-utf32le-nobom.plist", TEXT.encode("utf-32-le"))
add("os-utf32be-nobom.plist", TEXT.encode("utf-32-be"))
add("os-latin1-in-string.plist", '{ A = ("Ren\u00e9"); }'.encode("latin-1"))
add("os-latin1-unquoted.plist", "{ A = (Ren\u00e9); }".encode("latin-1"))
add("os-latin1-in-comment.plist", "// caf\u00e9\n{ A = (x); }".encode("latin-1"))
add("os-latin1-after-root.plist", "{ A = (x); } // caf\u00e9".encode("latin-1"))
add("os-utf8-surrogate-bytes.plist", b'{ A = ("\xed\xa0\x80"); }')
add("os-utf8-overlong.plist", b'{ A = ("\xc0\xaf"); }')
add("os-utf8-cut.plist", b'{ A = ("\xe5\xbc"); }')
add("os-utf8-bom-twice.plist", b"\xef\xbb\xbf\xef\xbb\xbf{ A = (x); }")
add("os-utf8-bom-after-root.plist", b"{ A = (x); }\xef\xbb\xbf")
add("os-nul-byte.plist", b"{ A = (x); }\x00")
add("os-nul-in-array.plist", b"{ A = (\x00); }")
lone = '{ A = ("Ann");\n  B = ("a'
add("os-utf16le-bom-lone-high-surrogate.plist",
    b"\xff\xfe" + lone.encode("utf-16-le") + b"\x00\xd8" + '"); }'.encode("utf-16-le"),
    difference="lone-surrogate", detail=NOT_PLIST + "line 2: not valid UTF-16: a lone"
    " surrogate (0xD800)")
add("os-utf16be-bom-lone-low-surrogate.plist",
    b"\xfe\xff" + lone.encode("utf-16-be") + b"\xdc\x00" + '"); }'.encode("utf-16-be"),
    difference="lone-surrogate", detail=NOT_PLIST + "line 2: not valid UTF-16: a lone"
    " surrogate (0xDC00)")
add("os-utf16be-bom-lone-high-at-end.plist", b"\xfe\xff" + TEXT.encode("utf-16-be") + b"\xd8\x3d")
add("os-utf16be-bom-repeated.plist", b"\xfe\xff\xfe\xff" + TEXT.encode("utf-16-be"))
add("os-utf32be-bom-surrogate.plist", b"\x00\x00\xfe\xff" + '{ A = ("'.encode("utf-32-be")
    + b"\x00\x00\xd8\x00" + '"); }'.encode("utf-32-be"))
add("os-utf32be-bom-past-10ffff.plist", b"\x00\x00\xfe\xff" + '{ A = ("'.encode("utf-32-be")
    + b"\x00\x11\x00\x00" + '"); }'.encode("utf-32-be"))
for encoding, cut in [("utf-16-le", 1), ("utf-16-be", 1), ("utf-32-le", 1), ("utf-32-be", 2),
                      ("utf-32-le", 3)]:
    data = TEXT.encode(encoding)
    add("os-%s-bom-cut-%d.plist" % (encoding.replace("-", ""), cut),
        ENCODINGS[encoding] + data[:-cut], difference="cut-unit",
        detail=NOT_PLIST + "line 2: not valid %s: the text ends inside a character (%s)"
        % (encoding.upper()[:6], "%d of its bytes" % ((2 if "16" in encoding else 4) - cut)))
add("os-utf16le-bom-surrogate-pair.plist",
    b"\xff\xfe" + lone.encode("utf-16-le") + b"\x3d\xd8\x00\xde" + '"); }'.encode("utf-16-le"))

# Data.
add("os-data-item.plist", "{ A = (<0fa1>); }")
add("os-data-forms.plist", "{ A = (<0FA1>, <>, <0f a1>, <\n0f\ta1\n>); }")
add("os-data-after-names.plist", "{ A = (Ann, Bob, <0fa1>); }")
add("os-data-flat.plist", "(Ann, <0fa1>)")
add("os-data-section.plist", "{ A = <0fa1>; }")
add("os-data-odd-digits.plist", "{ A = (<0fa>); }")
add("os-data-not-hex.plist", "{ A = (<0fz1>); }")
add("os-data-comment-inside.plist", "{ A = (<0f /* c */ a1>); }")
add("os-data-unterminated.plist", "{ A = (<0fa1")
add("os-data-unterminated-comma.plist", "{ A = (<0fa1, x); }")
text = "{ A = (Ann, <0fa1); B = (Bob); }"
add("os-data-cut-by-paren.plist", text, difference="data-cut-by-paren",
    detail=NOT_PLIST + at(text, ")") + ": data holds ')', not a hexadecimal digit")
text = "(Ann, <0f)"
add("os-data-cut-by-paren-flat.plist", text, difference="data-cut-by-paren",
    detail=NOT_PLIST + at(text, ")") + ": data holds ')', not a hexadecimal digit")
text = "{ A = (<0); }"
add("os-data-one-digit-cut-by-paren.plist", text, difference="data-cut-by-paren",
    detail=NOT_PLIST + at(text, "<0", skip=1) + ": data holds an odd number of hexadecimal digits")

# Shapes that are not sortednames lists.
add("os-shape-section-string.plist", "{ A = (x); B = y; }")
add("os-shape-section-quoted-string.plist", '{ A = "x y"; }')
add("os-shape-section-shortcut.plist", "{ A = (x); B; }")
add("os-shape-section-dict.plist", "{ A = { x = y; }; }")
add("os-shape-array-item.plist", "{ A = (x, (y, z)); }")
add("os-shape-flat-array-item.plist", "(x, (y))")
add("os-shape-empty-title.plist", '{ "" = (x); }')
add("os-shape-strings-form-string-later.plist", "A = (x);\nB = y;\n")
add("os-shape-strings-form-shortcut-later.plist", "A = (x); B;")
add("os-root-string.plist", "hello", difference="sniffed", detail="text")
add("os-root-string-quoted.plist", '"hello world"', difference="sniffed", detail="csv")
add("os-root-string-comment.plist", "// c\nhello")  # told by its comment: OpenStep
add("os-root-data.plist", "<0fa1>", difference="sniffed", detail="xml")
add("os-strings-string-value.plist", "A = x;", difference="sniffed", detail="text")
add("os-strings-shortcut.plist", "A;", difference="sniffed", detail="text")
add("os-close-paren-first.plist", ")", difference="sniffed", detail="text")
add("os-junk-before-root.plist", "hello { A = (x); }", difference="sniffed", detail="text")
add("os-root-words.plist", "hello world", difference="sniffed", detail="text")

# Records.
add("os-records.plist",
    "{\n  A = (\n    { name = Ann; age = 42; tags = (x, y); photo = <0fa1>;"
    " nested = { first = Ann; }; },\n    { name = \"Anna Lee\"; },\n  );\n"
    "  B = ({ name = Bob; }, { \"name\" = 'Bo\\'b'; empty = {}; list = (); });\n}\n",
    key="name")
add("os-records-flat.plist", '({ name = Zed; }, { name = Ann; x = y; }, { name = "\u00c9mile"; })',
    key="name")
add("os-records-shortcut.plist", "({ name; }, { name = x; other; })", key="name")
add("os-records-no-key.plist", "{ A = ({ name = Ann; age = 3; }); }")
add("os-records-flat-no-key.plist", "({ name = Ann; })")
add("os-records-missing-field.plist", "{ A = ({ name = Ann; }, { nom = Bob; }); }", key="name")
add("os-records-field-not-string.plist", "({ name = (a, b); })", key="name")
add("os-records-field-data.plist", "{ A = ({ name = <0fa1>; }); }", key="name")
add("os-records-string-item.plist", "{ A = ({ name = Ann; }, Bob); }", key="name")
add("os-records-missing-semicolon.plist", "({ name = Ann })", key="name")
add("os-records-unclosed.plist", "({ name = Ann; ", key="name")
add("os-records-key-not-string.plist", "({ (x) = Ann; })", key="name")
text = "({ name = Ann; age = 3;\n   name = Bob; })"
add("os-records-duplicate-key.plist", text, key="name", difference="duplicate-key",
    detail=NOT_PLIST + at(text, "name", 2) + ': the key "name" appears twice in one'
    " dictionary (first at " + at(text, "name") + ")")
text = '{ A = ({ name = Ann; inner = { k = 1; "k" = 2; }; }); }'
add("os-records-duplicate-nested-key.plist", text, key="name", difference="duplicate-key",
    detail=NOT_PLIST + at(text, '"k"') + ': the key "k" appears twice in one dictionary'
    " (first at " + at(text, "k =") + ")")

# An Xcode project (its objects are not sections of names) and a list written as one.
XCODE = """// !$*UTF8*$!
{
	archiveVersion = 1;
	classes = {
	};
	objectVersion = 56;
	objects = {

/* Begin PBXBuildFile section */
		1D60589B0D05DD56006BFB54 /* main.m in Sources */ = {isa = PBXBuildFile; fileRef = 29B97316FDCFA39411CA2CEA /* main.m */; };
/* End PBXBuildFile section */

/* Begin PBXFileReference section */
		29B97316FDCFA39411CA2CEA /* main.m */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.c.objc; path = main.m; sourceTree = "<group>"; };
		8D1107310486CEB800E47090 /* Info.plist */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = text.plist.xml; path = "Info.plist"; plistStructureDefinitionIdentifier = "com.apple.xcode.plist.structure-definition.iphone.info-plist"; sourceTree = "<group>"; };
/* End PBXFileReference section */
	};
	rootObject = 29B97313FDCFA39411CA2CEA /* Project object */;
}
"""
add("os-xcode-project.plist", XCODE)
add("os-xcode-style-list.plist", """// !$*UTF8*$!
{
	/* Begin Sources section */
	Sources = (
		{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = main.swift; sourceTree = "<group>"; },
		{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "App Delegate.swift"; sourceTree = "<group>"; },
	);
	/* End Sources section */
	Resources = (
		{isa = PBXFileReference; path = "Info.plist"; plistStructureDefinitionIdentifier = "com.apple.xcode.plist.structure-definition.iphone.info-plist"; },
	);
}
""", key="path")

# Deliberate differences.
text = "{ A = (Ann); B = (Bob); A = (Abe); }"
add("os-duplicate-title.plist", text, difference="duplicate-title",
    detail=NOT_PLIST + at(text, "A =", 2) + ': section "A" appears twice (first at '
    + at(text, "A =") + ")")
text = "A = (Ann);\r\nB = (Bob);\r\n\"A\" = (Abe);\r\n"
add("os-duplicate-title-strings-crlf.plist", text, difference="duplicate-title",
    detail=NOT_PLIST + at(text, '"A"') + ': section "A" appears twice (first at '
    + at(text, "A") + ")")
text = "{\u2028\u00c9 = (x);\r /* c */ '\u00c9' = (y); }".replace("\u00c9 =", '"\u00c9" =')
add("os-duplicate-title-u2028-cr.plist", text, difference="duplicate-title",
    detail=NOT_PLIST + at(text, "'") + ': section "\u00c9" appears twice (first at '
    + at(text, '"') + ")")
text = "{ A = (x); A = (x); }"
add("os-duplicate-title-same-names.plist", text, difference="duplicate-title",
    detail=NOT_PLIST + at(text, "A", 2) + ': section "A" appears twice (first at '
    + at(text, "A") + ")")
for name, first, second in [("nfc-nfd", "\u00e9", "e\u0301"), ("nfd-nfc", "e\u0301", "\u00e9"),
                            ("hangul", "\ud55c", "\u1112\u1161\u11ab")]:
    text = '{ "%s" = (x);\n  "%s" = (y); }' % (first, second)
    assert unicodedata.normalize("NFC", first) == unicodedata.normalize("NFC", second)
    add("os-equivalent-titles-%s.plist" % name, text, difference="equivalent-titles",
        detail=NOT_PLIST + at(text, '"', 3) + ": sections %s (%s) and %s (%s) are the same"
        " title written two ways (first at %s)" % (quoted(first), codepoints(first),
                                                   quoted(second), codepoints(second),
                                                   at(text, '"')))
for name, blank in [("spaces", "   "), ("lines", " \n\t\r\n  \n"), ("tab", "\t")]:
    add("os-blank-%s.plist" % name, blank, difference="blank",
        detail="file holds only white space")
add("os-empty-file.plist", b"")
text = "A = (x);; B = (y);"
add("os-strings-stray-semicolon.plist", text, difference="stray-semicolon",
    detail=NOT_PLIST + at(text, ";;", skip=1) + ": expected a section title (a string), found ';'")
text = "A = (x);\nB = (y); ;\n"
add("os-strings-stray-semicolon-at-end.plist", text, difference="stray-semicolon",
    detail=NOT_PLIST + at(text, "; ;", 1, skip=2)
    + ": expected a section title (a string), found ';'")
text = "A = (x); ) junk"
add("os-strings-stray-paren.plist", text, difference="stray-semicolon",
    detail=NOT_PLIST + at(text, ")", 2) + ": expected a section title (a string), found ')'")
add("os-braced-stray-semicolon.plist", "{ A = (x);; }")

# Nesting: the root is 1 deep, a record in a flat list 2, a section's items 3; n arrays
# inside make 2 + n. Foundation also counts a string inside as a level.
TOO_DEEP = ": nesting deeper than 512 arrays and dictionaries"
for n in (510, 511):
    text = "({ name = Ann; deep = " + "(" * n + ")" * n + "; })"
    column = len("({ name = Ann; deep = ") + 511
    add("os-deep-record-%d.plist" % (2 + n), text, key="name",
        difference="too-deep" if n == 511 else "-",
        detail=NOT_PLIST + "line 1, column %d" % column + TOO_DEEP if n == 511 else "-")
    text = "{ A = (" + "(" * n + "x" + ")" * n + "); }"  # with a string: both refuse 513
    add("os-deep-item-%d.plist" % (2 + n), text)
    text = "{ A = (" + "(" * n + ")" * n + "); }"
    column = len("{ A = (") + 511
    add("os-deep-empty-item-%d.plist" % (2 + n), text,
        difference="too-deep" if n == 511 else "-",
        detail=NOT_PLIST + "line 1, column %d" % column + TOO_DEEP if n == 511 else "-")
    text = "{ A = (" + "{ k = " * n + "x" + "; }" * n + "); }"
    add("os-deep-dictionaries-%d.plist" % (2 + n), text, key="k")

# Malformed OpenStep, each kind.
BAD = {
    "missing-semicolon-last": "{ A = (x) }",
    "missing-semicolon-middle": "{ A = (x) B = (y); }",
    "missing-semicolon-strings": "A = (x)",
    "missing-semicolon-strings-middle": "A = (x)\nB = (y);",
    "missing-paren": "{ A = (x; }",
    "missing-paren-two": "{ A = (x, y }",
    "missing-paren-root": "(x, y",
    "missing-brace": "{ A = (x);",
    "missing-brace-spaces": "{ A = (x);\n\n",
    "missing-equals": "{ A (x); }",
    "missing-title": "{ = (x); }",
    "missing-value": "{ A = ; }",
    "extra-brace": "{ A = (x); } }",
    "junk-after-root": "{ A = (x); } junk",
    "junk-after-root-array": "(x, y,) junk",
    "two-roots": "(x) (y)",
    "semicolon-after-root": "{ A = (x); };",
    "double-comma": "{ A = (x,,y); }",
    "lone-comma": "{ A = (,); }",
    "leading-comma": "(, x)",
    "unterminated-string": '{ A = ("x); }',
    "unterminated-string-single": "{ A = ('x); }",
    "unterminated-string-title": '{ "A = (x); }',
    "unterminated-string-at-end": '{ A = ("x',
    "unterminated-escape-at-end": '{ A = ("x\\',
    "unterminated-comment": "{ A = (x); /* c",
    "unterminated-comment-in-array": "{ A = (x /* c ); }",
    "unquoted-non-ascii": "{ A = (Zo\u00eb); }",
    "unquoted-non-ascii-title": "{ \u00c9 = (x); }",
    "unquoted-plus": "{ A = (a+b); }",
    "brackets": "{ A = [x]; }",
    "json-ish": '{ "A" = ["x"]; }',
    "colon-separator": "{ A : (x); }",
    "equals-in-array": "{ A = (x = y); }",
    "close-brace-first": "{ } }",
    "comma-between-sections": "{ A = (x), B = (y); }",
    "strings-comma-between": "A = (x), B = (y);",
    "strings-junk-title": "A = (x); B",
    "strings-missing-equals": "A = (x);\nB (y);",
    "data-title": "{ <0f> = (x); }",
    "array-title": "{ (x) = (y); }",
}
for name, text in BAD.items():
    add("os-bad-%s.plist" % name, text)

# ---------------------------------------------------------------------------------------
# Seeded random OpenStep lists, then the same cut short.

rng = random.Random(SEED)
NAMES = ["Ann", "Anna Lee", "Abe", "Bob", "O'Brien", 'Dwayne "The Rock"', "back\\slash",
         "\u00c9mile", "Zo\u00eb", "Jos\u00e9", "Stra\u00dfe", "\u00d8ystein", "\u0141ukasz",
         "\u5f20\u4f1f", "\u738b\u82b3", "\uae40\ubbfc\uc218", "\u3055\u3068\u3046",
         "\u0418\u0432\u0430\u043d", "\u0394\u03b7\u03bc\u03ae\u03c4\u03c1\u03b7\u03c2",
         "\u05e9\u05dc\u05d5\u05dd", "\u0645\u064f\u062d\u064e\u0645\u064e\u0651\u062f",
         "\U0001F600", "\U0001F469\u200d\U0001F4bb", "e\u0301cole", "tab\there", "new\nline",
         "x_y", "a.b-c", "$HOME", "http://x/y", "007", "", " spaced ", "semi;colon",
         "comma,name", "(paren)", "{brace}", "<angle>", "// not a comment", "/* nor this */"]
TITLES = ["A", "B", "C", "Z", "\u00c9", "\u00d8", "\u5f20", "\u0418", "#", "Long Title",
          "a/b", "\U0001F600"]
UNQUOTED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.-")


def escape_char(ch, quote):
    """One character inside a quoted string, written plainly or as an escape."""
    code = ord(ch)
    choice = rng.random()
    if ch == quote or ch == "\\":
        return "\\" + ch
    if ch == "\n":
        return rng.choice(["\\n", "\\\n", "\n"])
    if ch == "\t":
        return rng.choice(["\\t", "\t", "\\011"])
    if choice < 0.15 and code < 0x80 and ch.isalnum():
        return "\\%03o" % code
    if choice < 0.3:
        if code > 0xFFFF:
            code -= 0x10000
            high, low = 0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)
            return "\\U%04x\\U%04X" % (high, low)
        return rng.choice(["\\U%04x", "\\U%04X"]) % code
    if choice < 0.35 and ch not in "01234567Uabfnrtv\n":
        return "\\" + ch  # any other character stands for itself
    return ch


def write_string(text):
    if text and all(c in UNQUOTED for c in text) and not text.startswith("//") \
            and not text.startswith("/*") and "//" not in text and "/*" not in text \
            and rng.random() < 0.6:
        return text
    quote = rng.choice(['"', '"', "'"])
    return quote + "".join(escape_char(c, quote) for c in text) + quote


def gap():
    """White space, sometimes with comments."""
    roll = rng.random()
    if roll < 0.4:
        return rng.choice(["", " ", "  "])
    if roll < 0.7:
        return rng.choice(["\n  ", "\n", "\t", " \n\n "])
    if roll < 0.8:
        return " /* %s */ " % rng.choice(["c", "\u00e9", "a // b", "*"])
    if roll < 0.9:
        return " // %s\n" % rng.choice(["c", "\u00e9", "/* x"])
    return rng.choice(["\u2028", " \u2029 ", "\x0b", "\x0c"])


def random_list(kind):
    """A random list: "braced", "strings" (no braces) or "flat"; the text and its line end."""
    count = rng.randint(1, 4)
    titles = rng.sample(TITLES, count)
    out = [gap()]
    if kind == "flat":
        out.append("(" + gap())
        items = [write_string(rng.choice(NAMES)) for _ in range(rng.randint(0, 6))]
        out.append(("," + gap()).join(items))
        if items and rng.random() < 0.3:
            out.append(",")
        out.append(gap() + ")")
    else:
        if kind == "braced":
            out.append("{" + gap())
        for title in titles:
            items = [write_string(rng.choice(NAMES)) for _ in range(rng.randint(0, 5))]
            trailing = "," if items and rng.random() < 0.3 else ""
            out.append(write_string(title) + gap() + "=" + gap() + "(" + gap()
                       + ("," + gap()).join(items) + trailing + gap() + ")" + gap() + ";"
                       + gap())
        if kind == "braced":
            out.append("}")
    out.append(gap())
    text = "".join(out)
    end = rng.choice(["\n", "\n", "\r\n", "\r"])
    return text.replace("\n", end) if end != "\n" else text


random_texts = []
for i in range(24):
    kind = ["braced", "braced", "strings", "flat"][i % 4]
    text = random_list(kind)
    random_texts.append((kind, text))
    add("os-random-%s-%02d.plist" % (kind, i), text)
for i, (kind, text) in enumerate(random_texts[:18]):
    if kind == "strings":
        continue  # cut short, a list without braces may end at any ';' (or stray byte)
    data = text.encode()
    cut = rng.randrange(1, len(data))
    add("os-random-%s-%02d-cut.plist" % (kind, i), data[:cut])
for i in range(18, 24):
    encoding = list(ENCODINGS)[i % 4]
    kind, text = random_texts[i]
    add("os-random-%s-%02d-%s.plist" % (kind, i, encoding.replace("-", "")),
        ENCODINGS[encoding] + text.encode(encoding))

# ---------------------------------------------------------------------------------------
# XML.

DOCTYPE = ('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"'
           ' "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n')


def xml(body, encoding="UTF-8", declaration=True, doctype=True):
    head = ('<?xml version="1.0" encoding="%s"?>\n' % encoding if encoding else
            '<?xml version="1.0"?>\n') if declaration else ""
    return head + (DOCTYPE if doctype else "") + '<plist version="1.0">\n' + body + "\n</plist>\n"


def section(title, names):
    return "<key>%s</key><array>%s</array>" % (
        title, "".join("<string>%s</string>" % n for n in names))


XML_BODY = ("<dict>\n\t" + section("A", ["Ann", "Anna Lee"]) + "\n\t"
            + section("\u00c9", ["\u00c9lo\u00efse", "\u00c9mile"]) + "\n\t"
            + section("\u5f20", ["\u5f20\u4f1f", "\U0001F600"]) + "\n</dict>")
add("xml-utf8.plist", xml(XML_BODY))
add("xml-utf8-bom.plist", b"\xef\xbb\xbf" + xml(XML_BODY).encode())
add("xml-utf8-no-declaration.plist", xml(XML_BODY, declaration=False))
add("xml-utf8-no-doctype.plist", xml(XML_BODY, doctype=False))
add("xml-bare-plist.plist", "<plist>" + XML_BODY + "</plist>")
add("xml-bare-dict.plist", XML_BODY)
add("xml-utf8-undeclared-version.plist", xml(XML_BODY, encoding=None))
for encoding, mark in ENCODINGS.items():
    short = encoding.replace("-", "")
    name = encoding.upper()[:6]  # UTF-16 / UTF-32
    add("xml-%s-bom.plist" % short, mark + xml(XML_BODY, encoding=name).encode(encoding))
    add("xml-%s-bom-no-declaration.plist" % short,
        mark + xml(XML_BODY, declaration=False).encode(encoding))
    add("xml-%s-bom-undeclared-encoding.plist" % short,
        mark + xml(XML_BODY, encoding=None).encode(encoding))
    if encoding.startswith("utf-16"):
        add("xml-%s-nobom.plist" % short, xml(XML_BODY, encoding=name).encode(encoding),
            difference="xml-unmarked-utf16", detail="xml-%s-bom.plist" % short)
        add("xml-%s-nobom-undeclared-encoding.plist" % short,
            xml(XML_BODY, encoding=None).encode(encoding),
            difference="xml-unmarked-utf16", detail="xml-%s-bom.plist" % short)
        add("xml-%s-bom-declared-utf8.plist" % short,
            mark + xml(XML_BODY, encoding="UTF-8").encode(encoding))
    else:
        add("xml-%s-nobom.plist" % short, xml(XML_BODY, encoding=name).encode(encoding))
        add("xml-%s-bom-declared-utf8.plist" % short,
            mark + xml(XML_BODY, encoding="UTF-8").encode(encoding))
add("xml-utf16be-nobom-no-declaration.plist", xml(XML_BODY, declaration=False).encode("utf-16-be"))
add("xml-utf16be-bom-crlf.plist", b"\xfe\xff" + xml(XML_BODY, "UTF-16").replace(
    "\n", "\r\n").encode("utf-16-be"))
add("xml-latin1-declared.plist", xml(XML_BODY.replace("\u5f20\u4f1f", "x").replace(
    "\U0001F600", "y").replace("\u5f20", "Z"), encoding="ISO-8859-1").encode("latin-1"))
add("xml-latin1-declared-lowercase.plist", xml(section("A", ["Ren\u00e9"]).join(
    ["<dict>", "</dict>"]), encoding="iso-8859-1").encode("latin-1"))
add("xml-cp1252-declared.plist", xml(section("A", ["Ren\u00e9", "\u20ac"]).join(
    ["<dict>", "</dict>"]), encoding="windows-1252").encode("cp1252"))
add("xml-latin1-undeclared.plist", xml(section("A", ["Ren\u00e9"]).join(
    ["<dict>", "</dict>"])).encode("latin-1"))
add("xml-latin1-no-declaration.plist", xml(section("A", ["Ren\u00e9"]).join(
    ["<dict>", "</dict>"]), declaration=False).encode("latin-1"))
add("xml-utf8-declared-utf16.plist", xml(XML_BODY, encoding="UTF-16"))
add("xml-utf16le-bom-lone-surrogate.plist", b"\xff\xfe" + xml(section("A", ["a\x00"]).join(
    ["<dict>", "</dict>"]), encoding="UTF-16").encode("utf-16-le").replace(b"\x00\x00", b"\x00\xd8"))

# XML content.
add("xml-entities.plist", xml("<dict>" + section("A", [
    "a&amp;b", "&lt;x&gt;", "&#x1F600;", "&#233;", "&quot;&apos;",
    "<![CDATA[c<d & e]]>", "mixed <![CDATA[<cdata>]]> text"]) + "</dict>"))
add("xml-comments.plist", xml("<!-- c --><dict><!-- c -->" + section("A", ["x"]).replace(
    "<array>", "<array><!-- c -->") + "<!-- c --></dict><!-- c -->") + "<!-- after -->\n")
add("xml-processing-instruction.plist", xml("<?pi x?><dict>" + section("A", ["x"]) + "</dict>"))
add("xml-empty-dict.plist", xml("<dict/>"))
add("xml-empty-dict-open-close.plist", xml("<dict></dict>"))
add("xml-empty-sections.plist", xml("<dict><key>A</key><array/><key>B</key><array></array></dict>"))
add("xml-empty-string.plist", xml("<dict><key>A</key><array><string/><string></string></array></dict>"))
add("xml-whitespace-names.plist", xml("<dict><key> A </key><array><string>  x  </string>"
                                      "<string>\n\ty\n</string></array></dict>"))
add("xml-root-array.plist", xml("<array><string>Bob</string><string>Ann</string>"
                                "<string>\u00c9mile</string></array>"))
add("xml-root-array-empty.plist", xml("<array/>"))
add("xml-records.plist", xml(
    "<dict><key>A</key><array><dict><key>name</key><string>Ann</string><key>age</key>"
    "<integer>3</integer><key>ok</key><true/></dict><dict><key>name</key><string>Abe</string>"
    "</dict></array><key>B</key><array><dict><key>name</key><string>Bob</string><key>when"
    "</key><date>2020-01-01T00:00:00Z</date><key>blob</key><data>D6E=</data></dict></array>"
    "</dict>"), key="name")
add("xml-records-flat.plist", xml(
    "<array><dict><key>name</key><string>Zed</string></dict><dict><key>name</key>"
    "<string>Ann</string><key>n</key><real>1.5</real></dict></array>"), key="name")
add("xml-records-no-key.plist", xml(
    "<dict><key>A</key><array><dict><key>name</key><string>Ann</string></dict></array></dict>"))
add("xml-records-missing-field.plist", xml(
    "<array><dict><key>nom</key><string>Ann</string></dict></array>"), key="name")
add("xml-records-field-not-string.plist", xml(
    "<array><dict><key>name</key><integer>1</integer></dict></array>"), key="name")

# XML shapes.
for name, value in [("integer", "<integer>1</integer>"), ("real", "<real>1.5</real>"),
                    ("true", "<true/>"), ("false", "<false/>"),
                    ("date", "<date>2020-01-01T00:00:00Z</date>"), ("data", "<data>D6E=</data>"),
                    ("bad-base64", "<data>D6E</data>"), ("array", "<array/>")]:
    add("xml-shape-item-%s.plist" % name, xml(
        "<dict><key>A</key><array><string>x</string>%s</array></dict>" % value))
add("xml-shape-flat-integer.plist", xml("<array><string>x</string><integer>1</integer></array>"))
add("xml-shape-root-string.plist", xml("<string>hello</string>"))
add("xml-shape-root-integer.plist", xml("<integer>1</integer>"))
add("xml-shape-root-data.plist", xml("<data>D6E=</data>"))
add("xml-shape-section-string.plist", xml("<dict><key>A</key><string>x</string></dict>"))
add("xml-shape-section-dict.plist", xml("<dict><key>A</key><dict/></dict>"))
add("xml-shape-section-integer.plist", xml("<dict><key>A</key><integer>1</integer></dict>"))
add("xml-shape-empty-title.plist", xml("<dict><key></key><array/></dict>"))

# XML differences.
add("xml-duplicate-title.plist", xml("<dict>" + section("A", ["x"]) + section("B", ["y"])
                                     + section("A", ["z"]) + "</dict>"),
    difference="duplicate-title", detail='section "A" appears twice')
add("xml-equivalent-titles.plist", xml("<dict>" + section("\u00e9", ["x"])
                                       + section("e\u0301", ["y"]) + "</dict>"),
    difference="equivalent-titles",
    detail='sections "\u00e9" (U+00E9) and "e\u0301" (U+0065 U+0301) are the same title'
    " written two ways")
add("xml-duplicate-key.plist", xml(
    "<array><dict><key>name</key><string>x</string>\n<key>name</key><string>y</string></dict>"
    "</array>"), key="name", difference="duplicate-key",
    detail=NOT_PLIST + 'line 5: the key "name" appears twice')
add("xml-blank.plist", " \r\n\t\n", difference="blank", detail="file holds only white space")
add("xml-after-end-junk.plist", xml("<dict>" + section("A", ["x"]) + "</dict>") + "junk\n",
    difference="xml-not-well-formed", detail=NOT_PLIST + "line 6: *")
add("xml-after-end-second-plist.plist",
    xml("<dict>" + section("A", ["x"]) + "</dict>") + "<plist><dict/></plist>\n",
    difference="xml-not-well-formed", detail=NOT_PLIST + "line 6: *")
add("xml-unquoted-attribute.plist", '<plist version=1.0><dict/></plist>',
    difference="xml-not-well-formed", detail=NOT_PLIST + "line 1: *")
add("xml-after-end-comment.plist", xml("<dict>" + section("A", ["x"]) + "</dict>") + "<!-- c -->\n")
add("xml-crlf.plist", xml("<dict>" + section("A", ["a\r\nb", "c"]) + "</dict>").replace(
    "\n", "\r\n"), difference="xml-line-ends")
add("xml-cr.plist", xml("<dict>" + section("A\rB", ["a\rb"]) + "</dict>"),
    difference="xml-line-ends")
add("xml-char-ref-cr.plist", xml("<dict>" + section("A", ["a&#13;b", "c&#xD;&#xA;d"]) + "</dict>"))

# Malformed XML.
XML_BAD = {
    "missing-end-tag": xml("<dict>" + section("A", ["x"])),
    "mismatched-tags": xml("<dict><key>A</key><array><string>x</array></dict>"),
    "junk-inside-plist": xml("<dict>" + section("A", ["x"]) + "</dict><junk/>"),
    "text-inside-dict": xml("<dict>" + section("A", ["x"]) + "junk</dict>"),
    "two-roots": xml("<dict/><dict/>"),
    "unterminated-string": xml("<dict><key>A</key><array><string>x"
                               )[:-len("\n</plist>\n")],
    "unterminated-comment": xml("<dict>" + section("A", ["x"]) + "</dict><!-- c"
                                )[:-len("\n</plist>\n")],
    "unterminated-cdata": xml("<dict><key>A</key><array><string><![CDATA[x</string>"
                              "</array></dict>"),
    "undefined-entity": xml("<dict>" + section("A", ["&foo;"]) + "</dict>"),
    "bare-ampersand": xml("<dict>" + section("A", ["a & b"]) + "</dict>"),
    "key-without-value": xml("<dict>" + section("A", ["x"]) + "<key>B</key></dict>"),
    "value-without-key": xml("<dict>" + section("A", ["x"]) + "<string>y</string></dict>"),
    "unknown-tag": xml("<dict><key>A</key><array><ustring>x</ustring></array></dict>"),
    "empty-plist": "<plist></plist>",
    "lt-in-text": xml("<dict>" + section("A", ["a < b"]) + "</dict>"),
    "utf16-declared-bom-cut": "",
}
for name, text in XML_BAD.items():
    if name == "utf16-declared-bom-cut":
        add("xml-bad-%s.plist" % name, b"\xff\xfe" + xml(XML_BODY, "UTF-16").encode(
            "utf-16-le")[:-1])
    else:
        add("xml-bad-%s.plist" % name, text)
add("xml-utf32le-bom-cut.plist", b"\xff\xfe\x00\x00" + xml(XML_BODY, "UTF-32").encode(
    "utf-32-le")[:-2], difference="cut-unit",
    detail=NOT_PLIST + "line 9: not valid UTF-32: the text ends inside a character (2 of its"
    " bytes)")
xml_random = xml("<dict>\n" + "".join(
    "\t" + section(t, [rng.choice(NAMES).replace("&", "&amp;").replace("<", "&lt;")
                       for _ in range(3)]) + "\n" for t in ["A", "B", "\u00c9"]) + "</dict>")
data = xml_random.encode()
for j in range(6):
    cut = rng.randrange(1, len(data))
    add("xml-cut-%02d.plist" % j, data[:cut])

# ---------------------------------------------------------------------------------------

OUT.mkdir(parents=True, exist_ok=True)
for old in OUT.iterdir():
    if old.suffix == ".plist" or old.name == "manifest.tsv":
        old.unlink()
lines = [
    "# The plist corpus: written by Scripts/make-plist-corpus.py (do not edit by hand), read",
    "# by PlistCorpusDifferentialTests. Columns: file, key (the record field that is the name,",
    "# or -), difference (- where names-search agrees with Foundation), detail (the exact",
    "# message after \"<source>: \", \"*\" at the end meaning \"starts with\"; a file; a format).",
    "# The differences:",
]
for name, why in DIFFERENCES.items():
    lines.append("#   %s: %s" % (name, why))
lines.append("file\tkey\tdifference\tdetail")
for name, data, key, difference, detail in sorted(files):
    assert "\t" not in detail and "\n" not in detail and "\r" not in detail, name
    (OUT / name).write_bytes(data)
    lines.append("\t".join([name, key, difference, detail]))
(OUT / "manifest.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
print("wrote %d files and manifest.tsv to %s" % (len(files), OUT.relative_to(ROOT)))
