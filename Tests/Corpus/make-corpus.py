#!/usr/bin/env python3
"""Writes the hostile-input corpus: one small file per case in cases/, and expected.tsv.

Each line of expected.tsv: file, exit status, then what names-search must print:
  - status 2: the stderr message after "names-search: <path>: "; a trailing "*" means
    "starts with" (parser messages from libxml2 whose wording we do not own);
  - status 0: the expected stdout of `names-search -f FILE` (\\n written as \\n).
Expectations are written by hand here, never taken from the program's output.
Run from the package root: python3 Tests/Corpus/make-corpus.py
"""
import re
import pathlib
import plistlib

HERE = pathlib.Path(__file__).resolve().parent
CASES = HERE / "cases"
HEAD = b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'


def xml(body):
    return HEAD + body.encode() + b"\n</plist>\n"


def bplist(objects, top=0, count=None, table=None):
    """A binary plist (bplist00) from encoded objects, 1-byte offsets and references;
    count and table, when given, make the trailer lie."""
    body = b"bplist00"
    offsets = []
    for o in objects:
        offsets.append(len(body))
        body += o
    table_offset = len(body)
    body += bytes(offsets)
    return body + bytes(6) + bytes([1, 1]) + (count or len(objects)).to_bytes(8, "big") \
        + top.to_bytes(8, "big") + (table or table_offset).to_bytes(8, "big")


DAMAGED = "not a property list: damaged binary property list: "
# Object offsets in the small lists below, by hand: the 8-byte header, then the dict
# (3 bytes, 8-10), "A" (2 bytes, 11-12), the array (2 bytes, 13-14), the name at byte 15.
KEY_A = b"\x51A"  # ASCII string "A"


def section(items, title="B"):
    return f"<dict><key>{title}</key><array><string>a</string><string>b</string><string>c</string>{items}</array></dict>"


cases = [
    # name, bytes, status, expectation
    ("empty.plist", b"", 2, "file is empty"),
    ("whitespace.plist", b"  \n\t \r\n", 2, "file holds only white space"),
    ("truncated.plist", xml("<dict><key>A</key><array><string>Ann")[:-12], 2, "not a property list: line 4: the document ends early"),
    # Cut inside a tag, an end tag, the DOCTYPE, at the first byte, and after the root
    # closed but <plist> not: the input ends while the root is open, whatever libxml2 says.
    ("truncated-in-tag.plist", xml("<dict><key>A</key><array><string>Ann</string>\n<stri")[:-10], 2, "not a property list: line 5: the document ends early"),
    ("truncated-in-end-tag.plist", xml("<dict><key>A</key><array><string>Ann</stri")[:-10], 2, "not a property list: line 4: the document ends early"),
    ("truncated-in-doctype.plist", HEAD[:60], 2, "not a property list: line 2: the document ends early"),
    ("truncated-lone-lt.plist", b"<", 2, "not a property list: line 1: the document ends early"),
    ("truncated-before-plist-end.plist", xml("<dict><key>A</key><array/></dict>")[:-9], 2, "not a property list: line 5: the document ends early"),
    ("html.plist", b"<html><body>x</body></html>\n", 2, "not a property list: line 1: expected <plist> or <dict>, found <html>"),
    ("root-array.plist", xml("<array><string>x</string></array>"), 0, "X\\n  x\\n"),
    ("root-string.plist", xml("<string>x</string>"), 2, "expected a dictionary of sections at the root, found a string"),
    ("root-number.plist", xml("<integer>42</integer>"), 2, "expected a dictionary of sections at the root, found a number"),
    ("section-string.plist", xml("<dict><key>B</key><string>x</string></dict>"), 2, 'section "B": expected an array of names, found a string'),
    ("section-dict.plist", xml("<dict><key>B</key><dict/></dict>"), 2, 'section "B": expected an array of names, found a dictionary'),
    ("item-integer.plist", xml(section("<integer>7</integer>")), 2, 'section "B", item 4: expected a string, found a number'),
    ("item-real.plist", xml(section("<real>1.5</real>")), 2, 'section "B", item 4: expected a string, found a number'),
    ("item-date.plist", xml(section("<date>2020-01-01T00:00:00Z</date>")), 2, 'section "B", item 4: expected a string, found a date'),
    ("item-data.plist", xml(section("<data>AAE=</data>")), 2, 'section "B", item 4: expected a string, found data'),
    ("item-true.plist", xml(section("<true/>")), 2, 'section "B", item 4: expected a string, found a boolean'),
    ("item-false.plist", xml(section("<false/>")), 2, 'section "B", item 4: expected a string, found a boolean'),
    ("item-array.plist", xml(section("<array><string>x</string></array>")), 2, 'section "B", item 4: expected a string, found an array'),
    ("item-dict.plist", xml(section("<dict/>")), 2, "the items are records, and the first has no fields to be the name"),
    ("item-key.plist", xml(section("<key>x</key>")), 2, 'section "B", item 4: expected a string, found a <key> element'),
    ("section-key.plist", xml("<dict><key>A</key><key>B</key></dict>"), 2, 'section "A": expected an array of names, found a <key> element'),
    ("root-key.plist", xml("<key>A</key>"), 2, "expected a dictionary of sections at the root, found a <key> element"),
    ("duplicate-keys.plist", xml("<dict><key>A</key><array/><key>B</key><array/><key>A</key><array/></dict>"), 2, 'section "A" appears twice'),
    ("empty-key.plist", xml("<dict><key>A</key><array/><key></key><array><string>x</string></array></dict>"), 2, "a section has an empty title"),
    ("invalid-utf8.plist", HEAD + b"<dict><key>A</key><array><string>An\xff\xfen</string></array></dict></plist>\n", 2, "not a property list: line 4: *"),
    ("nul-byte.plist", HEAD + b"<dict><key>A</key><array><string>An\x00n</string></array></dict></plist>\n", 2, "not a property list: line 4: *"),
    ("nul-reference.plist", xml("<dict><key>A</key><array><string>An&#0;n</string></array></dict>"), 2, "not a property list: line 4: *"),
    ("xxe.plist", b'<?xml version="1.0"?>\n<!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<plist><dict><key>A</key><array><string>&xxe;</string></array></dict></plist>\n', 2, "not a property list: entity declarations are not allowed (<!ENTITY xxe>)"),
    ("billion-laughs.plist", b'<?xml version="1.0"?>\n<!DOCTYPE plist [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>\n<plist><dict><key>A</key><array><string>&c;</string></array></dict></plist>\n', 2, "not a property list: entity declarations are not allowed (<!ENTITY a>)"),
    ("undefined-entity.plist", xml("<dict><key>A</key><array><string>&nope;</string></array></dict>"), 2, "not a property list: undefined entity &nope;"),
    ("starts-with-zeros.plist", b"\x00" * 64, 2, "not a property list: it starts with zero bytes"),
    ("binary-cycle.plist", bplist([bytes([0xD1, 1, 0]), KEY_A]), 2, 'section "A": expected an array of names, found a dictionary'),
    ("binary-array-cycle.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 2])]), 2, 'section "A", item 1: expected a string, found an array'),
    ("binary-set-item.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), bytes([0xC1, 1])]), 2, 'section "A", item 1: expected a string, found a set'),
    ("binary-offset-outside.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), b"\x53Ann"], table=200), 2, DAMAGED + "the trailer's counts do not fit the file (4 objects, table at byte 200)"),
    ("binary-count-lies.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), b"\x53Ann"], count=1_000_000), 2, DAMAGED + "the trailer's counts do not fit the file (1000000 objects, table at byte 19)"),
    ("binary-reference-outside.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 9]), b"\x53Ann"]), 2, DAMAGED + "a reference to object 9, past the last object 3"),
    ("binary-string-too-long.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), b"\x5DAnn"]), 2, DAMAGED + "string object 3 at byte 15 runs past the objects"),
    ("binary-bad-utf16.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), b"\x61\xd8\x00"]), 2, DAMAGED + "string object 3 at byte 15 is not valid UTF-16"),
    ("binary-truncated.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), b"\x53Ann"])[:-10], 2, DAMAGED + "*"),
    ("binary-bad-header.plist", b"bplist0\xcf" + bytes(40), 2, DAMAGED + "the header or the trailer is missing"),
    ("equivalent-titles.plist", xml("<dict><key>\u00c9</key><array/><key>E\u0301</key><array/></dict>"), 2, 'sections "\u00c9" (U+00C9) and "E\u0301" (U+0045 U+0301) are the same title written two ways'),
    ("text-first.plist", b"Ann\nBob\n", 0, "A\\n  Ann\\nB\\n  Bob\\n"),
    ("space-then-zeros.plist", b"\n \x00\x00\x00<", 2, "not a property list: it starts with zero bytes"),
    ("newline-then-bom.plist", b"\n\xef\xbb\xbf" + xml("<dict/>"), 2, "not a property list: expected an XML or a binary property list"),
    ("newline-then-broken.plist", b"\n\n" + HEAD + b"<dict><key>A</key></plist>\n", 2, "not a property list: line 6: *"),
    ("text-between-names.plist", xml("<dict><key>A</key><array><string>Ann</string>Bob<string>Cid</string></array></dict>"), 2, 'not a property list: line 4: text outside <key> and <string>: "Bob"'),
    ("text-in-dict.plist", xml("<dict>x<key>A</key><array/></dict>"), 2, 'not a property list: line 4: text outside <key> and <string>: "x"'),
    ("text-after-dict.plist", xml("<dict><key>A</key><array/></dict>  tail"), 2, 'not a property list: line 4: text outside <key> and <string>: "tail"'),
    ("utf16-lone-surrogate.plist", b"\xff\xfe" + '<?xml version="1.0" encoding="UTF-16"?>\n<plist><dict><key>A</key><array><string>'.encode("utf-16-le") + b"\x00\xd8" + "</string></array></dict></plist>".encode("utf-16-le"), 2, "not a property list: a character not valid in the document's encoding (bytes 0x00 0xD8 0x3C 0x00)"),
    ("shift-jis-undeclared.plist", b"<plist><dict><key>A</key><array><string>\x83\x41\x83\x93</string></array></dict></plist>", 2, "not a property list: line 1: not valid UTF-8, and no other encoding is declared (bytes 0x83 0x41 0x83 0x93)"),
    ("unknown-encoding.plist", b'<?xml version="1.0" encoding="klingon"?>\n<plist><dict/></plist>', 2, "not a property list: line 1: Unsupported encoding klingon"),
    # UTF-32 is read after a byte-order mark (issue 16: decoded by WideText), as Foundation
    # reads it; without one it is not.
    ("utf32le.plist", xml("<dict/>").decode().replace("UTF-8", "UTF-32").encode("utf-32-le"), 2, "not a property list: UTF-32 without a byte-order mark is not supported"),
    ("utf32le-bom.plist", b"\xff\xfe\x00\x00" + xml("<dict><key>A</key><array><string>Ann</string></array></dict>").decode().replace("UTF-8", "UTF-32").encode("utf-32-le"), 0, "A\\n  Ann\\n"),
    ("utf32be-bom.plist", b"\x00\x00\xfe\xff" + xml("<dict><key>A</key><array><string>Ann</string></array></dict>").decode().replace("UTF-8", "UTF-32").encode("utf-32-be"), 0, "A\\n  Ann\\n"),
    ("two-boms.plist", b"\xef\xbb\xbf\xef\xbb\xbf" + xml("<dict/>"), 2, "not a property list: the byte-order mark is repeated"),
    # A UTF-16 byte-order mark then U+FEFF: the decoder refuses it, on line 1.
    ("two-utf16-boms.plist", b"\xff\xfe\xff\xfe" + xml("<dict/>").decode().replace("UTF-8", "UTF-16").encode("utf-16-le"), 2, "not a property list: line 1: not valid UTF-16: the byte-order mark is repeated"),
    # Valid inputs: they must load.
    ("newline-before-declaration.plist", b"\n" + xml("<dict><key>A</key><array><string>Ann</string></array></dict>"), 0, "A\\n  Ann\\n"),
    ("bom-newline-declaration.plist", b"\xef\xbb\xbf\r\n" + xml("<dict><key>A</key><array><string>Ann</string></array></dict>"), 0, "A\\n  Ann\\n"),
    ("comment-before-declaration.plist", b"<!-- exported -->\n" + xml("<dict><key>A</key><array><string>Ann</string></array></dict>"), 0, "A\\n  Ann\\n"),
    ("utf8-bom.plist", b"\xef\xbb\xbf" + xml("<dict><key>A</key><array><string>Ann</string></array></dict>"), 0, "A\\n  Ann\\n"),
    ("utf16-bom.plist", "\ufeff".encode("utf-16-le") + xml("<dict><key>J</key><array><string>José</string></array></dict>").decode().replace("UTF-8", "UTF-16").encode("utf-16-le"), 0, "J\\n  José\\n"),
    ("utf16be-no-bom.plist", xml("<dict><key>J</key><array><string>José</string></array></dict>").decode().replace("UTF-8", "UTF-16").encode("utf-16-be"), 0, "J\\n  José\\n"),
    ("entities.plist", xml("<dict><key>A</key><array><string>A&amp;B &#x4A;o&#233; &lt;x&gt; &quot;q&quot; &apos;</string></array></dict>"), 0, "A\\n  A&B Joé <x> \"q\" '\\n"),
    ("cdata.plist", xml("<dict><key>C</key><array><string><![CDATA[Cé <b>&amp;</b>]]></string></array></dict>"), 0, "C\\n  Cé <b>&amp;</b>\\n"),
    ("external-dtd.plist", b'<?xml version="1.0"?>\n<!DOCTYPE plist SYSTEM "http://127.0.0.1:9/plist.dtd">\n<plist><dict><key>A</key><array><string>Ann</string></array></dict></plist>\n', 0, "A\\n  Ann\\n"),
    ("shift-jis-declared.plist", b'<?xml version="1.0" encoding="Shift_JIS"?>\n<plist><dict><key>A</key><array><string>\x83\x41\x83\x93</string></array></dict></plist>', 0, "A\\n  \u30a2\u30f3\\n"),
    ("binary.plist", plistlib.dumps({"A": ["Ann", "Åsa"], "B": ["Bob"]}, fmt=plistlib.FMT_BINARY), 0, "A\\n  Ann\\n  Åsa\\nB\\n  Bob\\n"),
]

# --- Part "sqlite": damaged and hostile SQLite databases (the SQLite reader). Built with
# Python's sqlite3 module at page size 1024; the 300-row table below takes 9 pages (9216
# bytes), so cutting it at 4096 bytes leaves 4 of the 9 pages its header counts. Each case
# is also fed on standard input, where a database is refused (CorpusTests). An empty table
# is an empty list, which exits 1 like any search without a match: SQLiteReaderTests has it.
import random
import sqlite3
import tempfile


def sqlite_db(statements):
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "list.db"
        db = sqlite3.connect(path)
        db.execute("PRAGMA page_size=1024")
        for statement in statements:
            db.execute(statement)
        db.commit()
        db.close()
        return path.read_bytes()


NOT_DB = "not a valid SQLite database: "
FULL_DB = sqlite_db(["CREATE TABLE names(name TEXT)"] + [f"INSERT INTO names VALUES ('Name number {i:04}')" for i in range(300)])
ENCRYPTED_REST = bytes(random.Random(11).randrange(256) for _ in range(len(FULL_DB) - 100))
cases += [
    ("sqlite-zero-length.sqlite", b"", 2, "file is empty"),
    ("sqlite-header-cut.sqlite", FULL_DB[:40], 2, NOT_DB + "the 100-byte header is cut short at 40 bytes"),
    ("sqlite-truncated.sqlite", FULL_DB[:4096], 2, NOT_DB + "the file is cut short: 4096 bytes, where the header counts 9 pages of 1024 bytes"),
    # "Encrypted": a valid header, then random bytes; SQLite finds page 1 malformed.
    ("sqlite-encrypted.sqlite", FULL_DB[:100] + ENCRYPTED_REST, 2, NOT_DB + "the database is damaged or encrypted (database disk image is malformed)"),
    ("sqlite-garbage-pages.sqlite", FULL_DB[:2048] + bytes((i * 131) & 255 for i in range(len(FULL_DB) - 2048)), 2, NOT_DB + "the database is damaged or encrypted (*"),
    ("sqlite-no-tables.sqlite", sqlite_db(["PRAGMA user_version=7"]), 2, NOT_DB + "it holds no tables"),
    ("sqlite-quoted-table.sqlite", sqlite_db(['CREATE TABLE "we""ird; DROP TABLE names; --" (name TEXT)', 'INSERT INTO "we""ird; DROP TABLE names; --" VALUES (\'Bob\'), (\'Ann\')']), 0, "A\\n  Ann\\nB\\n  Bob\\n"),
    ("sqlite-several-tables.sqlite", sqlite_db(["CREATE TABLE a(name TEXT)", "CREATE TABLE b(name TEXT)"]), 2, 'the database holds several tables; choose one (tables: "a", "b") (name it with --table)'),
    ("sqlite-several-columns.sqlite", sqlite_db(["CREATE TABLE people(first TEXT, last VARCHAR(20), age INTEGER)"]), 2, 'the table holds several text columns; choose the one that is the name (columns: "first", "last") (name it with --key)'),
    ("sqlite-blob-name.sqlite", sqlite_db(["CREATE TABLE names(name TEXT)", "INSERT INTO names VALUES ('Ann'), (x'00ff')"]), 2, 'item 2: field "name" is a blob, not a string'),
]

# Part "csv/text" (issue 11): CSV and plain-text lists. A one-column CSV is told from text
# by its quoted header. Made sections come in first-appearance order here, so valid cases
# list their names in order. (A missing --key column needs an option; the CLI tests check it.)
CSV = "not valid CSV: "
# names-search adds this hint to every CSV syntax error (LoadErrorLine).
CSV_HINT = " (if it is one name a line, read it with --format text)"
TEXT = "not valid text: "
cases += [
    ("csv-unbalanced-quote.csv", b'"Name"\nAnn\n"Bob\nCid\n', 2, CSV + "line 3: a quoted field never ends" + CSV_HINT),
    ("csv-ragged-row.csv", b'"Name"\nAnn\nBob,Jr\n', 2, CSV + "line 3: 2 fields, but the header has 1" + CSV_HINT),
    ("csv-quote-in-unquoted.csv", b'"Name"\nAn"n\n', 2, CSV + "line 2: a quote inside a field that does not start with one (quote the whole field and write the quote twice)" + CSV_HINT),
    ("csv-text-after-quote.csv", b'"Name"\n"Ann"x\n', 2, CSV + "line 2: text after the closing quote of a quoted field (a quote inside one is written twice)" + CSV_HINT),
    ("csv-stray-cr.csv", b'"Name"\rAnn\r', 2, CSV + "line 1: a carriage return not followed by a line feed" + CSV_HINT),
    ("csv-invalid-utf8.csv", b'"Name"\nAn\xffn\n', 2, CSV + "line 2: not valid UTF-8 (bytes 0xFF 0x6E)" + CSV_HINT),
    ("csv-nul.csv", b'"Name"\nA\x00n\n', 2, CSV + "line 2: a zero byte (the file is not text)" + CSV_HINT),
    ("csv-records-no-key.csv", b"Full Name,Email\r\nAnn,a@x\r\n", 2, 'the items are records; choose the field that is the name (fields: "Full Name", "Email") (name it with --key)'),
    ("csv-duplicate-column.csv", b'"Name",Name\nAnn,x\n', 2, CSV + 'line 1: the header names the column "Name" twice' + CSV_HINT),
    ("csv-bom-crlf.csv", b'\xef\xbb\xbf"Name"\r\n"Bob ""B"""\r\n"Lovelace, Ada"\r\n', 0, 'B\\n  Bob "B"\\nL\\n  Lovelace, Ada\\n'),
    ("csv-empty-name.csv", b'"Name"\nAnn\n""\nBob\n', 0, "A\\n  Ann\\nB\\n  Bob\\n"),
    ("text-invalid-utf8.txt", b"Ann\nBob\n\xc3\x28x\n", 2, TEXT + "line 3: not valid UTF-8 (bytes 0xC3 0x28 0x78)"),
    ("text-nul.txt", b"Ann\nB\x00b\n", 2, TEXT + "line 2: a zero byte (the file is not text)"),
    ("text-crlf-blank-lines.txt", b"\r\n  Ann \r\n\r\n\tBob\r\n", 0, "A\\n  Ann\\nB\\n  Bob\\n"),
    ("text-invalid-utf8-after-blank-lines.txt", b"\n\n  Ann\n\xe2\x82\n", 2, TEXT + "line 4: not valid UTF-8 (bytes 0xE2 0x82)"),
]

# --- json: the JSON reader (issue 11). Syntax errors at their line and column (columns in
# code points), duplicate keys, a truncated document, deep nesting, a lone surrogate, bytes
# that are not UTF-8, records without the key, items of the wrong type; messages checked by
# hand.
JSON_BAD = "not valid JSON: "
cases += [
    ("json-trailing-comma.json", b'{"A": ["Ann", "Bob",]}\n', 2, JSON_BAD + "line 1, column 20: a trailing comma before ']'"),
    ("json-missing-comma.json", b'{\n  "A": [\n    "Ann"\n    "Bob"\n  ]\n}\n', 2, JSON_BAD + "line 4, column 5: expected ',' or ']', found '\"'"),
    ("json-duplicate-key.json", b'{"A": ["Ann"],\n "B": [],\n "A": ["Abe"]}\n', 2, JSON_BAD + 'line 3, column 2: the key "A" appears twice in one object (first at line 1, column 2)'),
    ("json-duplicate-record-key.json", b'[{"name": "Ann", "name": "Abe"}]', 2, JSON_BAD + 'line 1, column 18: the key "name" appears twice in one object (first at line 1, column 3)'),
    ("json-truncated-string.json", b'{"A": ["Ann", "Bo', 2, JSON_BAD + "line 1, column 18: the document ends early, inside the string that starts at line 1, column 15"),
    ("json-truncated-after-comma.json", b'["Ann",', 2, JSON_BAD + "line 1, column 8: the document ends early; expected a value"),
    ("json-deep.json", b"[" * 1000 + b"]" * 1000, 2, JSON_BAD + "line 1, column 513: nesting deeper than 512 arrays and objects"),
    ("json-lone-surrogate.json", b'{"A": ["Ann \\ud83d"]}', 2, JSON_BAD + "line 1, column 13: a lone surrogate \\uD83D (a high surrogate not followed by a low one)"),
    ("json-nan.json", b'{"A": [NaN]}', 2, JSON_BAD + "line 1, column 8: expected a value, found the word 'NaN'"),
    ("json-not-utf8.json", b'["Ann", "\xff"]', 2, JSON_BAD + "line 1, column 10: bytes that are not UTF-8 (byte 0xFF)"),
    ("json-text-after.json", b'{"A": []}\n}\n', 2, JSON_BAD + "line 2, column 1: text after the end of the document: '}'"),
    ("json-records-need-key.json", b'[{"name": "Ann", "mail": "ann@example.com"}]', 2, 'the items are records; choose the field that is the name (fields: "name", "mail") (name it with --key)'),
    ("json-section-records-need-key.json", b'{"A": [{"name": "Ann"}]}', 2, 'the items are records; choose the field that is the name (fields: "name") (name it with --key)'),
    ("json-number-item.json", b'{"A": ["Ann", 42]}', 2, 'section "A", item 2: expected a string, found a number'),
    ("json-null-item.json", b'["Ann", null]', 2, "item 2: expected a string or a dictionary, found null"),
    ("json-section-not-array.json", b'{"A": "Ann"}', 2, 'section "A": expected an array of names, found a string'),
    # Valid inputs: they must load.
    ("json-bom-sections.json", b'\xef\xbb\xbf{"B": ["Bob"], "A": ["Ann", "\\u00c5sa"]}', 0, "A\\n  Ann\\n  Åsa\\nB\\n  Bob\\n"),
    ("json-flat.json", '["zed", "Ann", "élise", "42"]'.encode(), 0, "A\\n  Ann\\nE\\n  élise\\nZ\\n  zed\\n#\\n  42\\n"),
]

# plist records: records and flat lists in XML and binary property lists (no --key given).
MOVIE = "<dict><key>name</key><string>Up</string><key>description</key><string>A house flies.</string><key>image</key><string>up.png</string></dict>"
cases += [
    ("records-no-key.plist", xml(f"<dict><key>U</key><array>{MOVIE}</array></dict>"), 2, 'the items are records; choose the field that is the name (fields: "name", "description", "image") (name it with --key)'),
    # plistlib sorts keys as it writes them.
    ("records-no-key-binary.plist", plistlib.dumps([{"name": "Up", "image": "up.png"}], fmt=plistlib.FMT_BINARY), 2, 'the items are records; choose the field that is the name (fields: "image", "name") (name it with --key)'),
    ("flat-number.plist", xml("<array><string>Ann</string><integer>7</integer></array>"), 2, "item 2: expected a string or a dictionary, found a number"),
    ("flat-number-binary.plist", plistlib.dumps(["Ann", "Bob", 7.5], fmt=plistlib.FMT_BINARY), 2, "item 3: expected a string or a dictionary, found a number"),
    ("flat-date.plist", xml("<array><date>2024-05-01T12:00:00Z</date></array>"), 2, "item 1: expected a string or a dictionary, found a date"),
    ("record-deep.plist", xml("<array><dict><key>n</key>" + "<array>" * 600 + "</array>" * 600 + "</dict></array>"), 2, "not a property list: line 4: a record nests deeper than 128 levels"),
    ("record-key-twice.plist", xml("<array><dict><key>n</key><string>a</string><key>n</key><string>b</string></dict></array>"), 2, 'not a property list: line 4: the key "n" appears twice'),
    ("record-key-no-value.plist", xml("<array><dict><key>n</key></dict></array>"), 2, 'not a property list: line 4: the key "n" has no value'),
    ("record-bad-integer.plist", xml("<array><dict><key>n</key><integer>12abc</integer></dict></array>"), 2, 'not a property list: line 4: <integer> "12abc" is not an integer'),
    # Objects by hand: the dict (8-10), "A" (11-12), the array (13-14), then the record.
    # The record's value is the record itself.
    ("binary-record-cycle.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), bytes([0xD1, 4, 3]), b"\x51n"]), 2, DAMAGED + "a record nests deeper than 128 levels (a reference cycle?)"),
    # The record's value is a UID (object 5, bytes 20-21).
    ("binary-record-uid.plist", bplist([bytes([0xD1, 1, 2]), KEY_A, bytes([0xA1, 3]), bytes([0xD1, 4, 5]), b"\x51n", b"\x80\x07"]), 2, "not a property list: object 5 at byte 20 is a UID, which a record cannot hold"),
    ("flat-names.plist", xml("<array><string>bob</string><string>\u00c9lise</string><string>alice</string><string>42</string><string>Anna</string></array>"), 0, "A\\n  alice\\n  Anna\\nB\\n  bob\\nE\\n  \u00c9lise\\n#\\n  42\\n"),
]

# --- openstep: the OpenStep (old-style ASCII) reader (issue 16) and the UTF-16/UTF-32 text it
# reads after a byte-order mark. Places are 1-based lines (LF, CR or CRLF each end one) and
# columns in scalars, counted by hand in the comments; a byte-order mark takes no column.
# The big versions of these (megabytes, 100,000 levels) are OpenStepHostileInputTests'.
OPENSTEP = "not a property list: "
NESTING = "nesting deeper than 512 arrays and dictionaries"
cases += [
    # Line 2 is `  A = (Ann, "Bob);`: the quote is column 13. The string takes the rest:
    # line 3 is `}`, and the input ends at line 4, column 1, after the last LF.
    ("openstep-unterminated-string.plist", b'{\n  A = (Ann, "Bob);\n}\n', 2, OPENSTEP + "line 4, column 1: the string that starts at line 2, column 13 never ends"),
    # `'` quotes too; the escaped quote does not end it: `(` 1, `'` 2, `A` 3, `\` 4, `'` 5,
    # `)` 6, the end at column 7.
    ("openstep-unterminated-single-quote.plist", b"('A\\')", 2, OPENSTEP + "line 1, column 7: the string that starts at line 1, column 2 never ends"),
    # An unterminated comment runs to the end of the input (as for Foundation): the list
    # ends inside it, at line 5, column 1 (lines: `{`, `  A = (Ann);`, `  /* B = (Bob);`, `}`).
    ("openstep-unterminated-comment.plist", b"{\n  A = (Ann);\n  /* B = (Bob);\n}\n", 2, OPENSTEP + "line 5, column 1: the list ends before its closing '}'"),
    # After a complete list it is harmless.
    ("openstep-trailing-open-comment.plist", b"{ A = (Ann); } /* unfinished", 0, "A\\n  Ann\\n"),
    # `{` 1, ` ` 2, `A` 3, ` ` 4, `=` 5, ` ` 6, `(` 7, `<` 8, `0fa0` 9-12, the end at 13.
    ("openstep-unterminated-data.plist", b"{ A = (<0fa0", 2, OPENSTEP + "line 1, column 13: the data that starts at line 1, column 8 never ends"),
    # The digit without a partner is named where it stands: `(` 1, `<` 2, `0f` 3-4, `a` 5.
    ("openstep-odd-data.plist", b"(<0fa>)", 2, OPENSTEP + "line 1, column 5: data holds an odd number of hexadecimal digits"),
    # The `(` at column k is k deep: the 513th is one too many.
    ("openstep-deep-arrays.plist", b"(" * 1000, 2, OPENSTEP + "line 1, column 513: " + NESTING),
    # In a section, the section's array is depth 2, at column 4: the `(` at column k is
    # k - 2 deep, the 513th at column 515.
    ("openstep-deep-section.plist", b"{A=(" + b"(" * 1000, 2, OPENSTEP + "line 1, column 515: " + NESTING),
    # Records: the record at column 2 is depth 2, each `{a=` three columns and one level
    # deeper: depth d at column 3d - 4, depth 513 at column 1535.
    ("openstep-deep-records.plist", b"(" + b"{a=" * 1000, 2, OPENSTEP + "line 1, column 1535: " + NESTING),
    # 1001 backslashes: 500 pairs, then one escaping the closing quote; `(` 1, `"` 2, the
    # backslashes 3-1003, `"` 1004, `)` 1005, the end at 1006.
    ("openstep-backslashes.plist", b'("' + b"\\" * 1001 + b'")', 2, OPENSTEP + "line 1, column 1006: the string that starts at line 1, column 2 never ends"),
    # `{` 1, ` ` 2, `A` 3, ` ` 4, `=` 5, ` ` 6, `(` 7, `"` 8, `A` 9, `n` 10, 0xFF at 11.
    ("openstep-invalid-utf8-string.plist", b'{ A = ("An\xffn"); }', 2, OPENSTEP + "line 1, column 11: not valid UTF-8 (byte 0xFF)"),
    # Unquoted, 0xFF ends the name `Ann` (8-10): not a character a list may hold unquoted.
    ("openstep-invalid-utf8-unquoted.plist", b"{ A = (Ann\xff); }", 2, OPENSTEP + "line 1, column 11: expected ',' or ')' after item 1 of the section \"A\", found a character that must be in quotes (byte 0xFF)"),
    # `/*` at 14-15, ` ` 16, then C3 without its second byte at 17.
    ("openstep-invalid-utf8-comment.plist", b"{ A = (Ann); /* \xc3( */ }", 2, OPENSTEP + "line 1, column 17: not valid UTF-8 (byte 0xC3)"),
    # In a `//` comment on line 2: `/` 1, `/` 2, ` ` 3, then an overlong C0 80 at column 4.
    ("openstep-invalid-utf8-line-comment.plist", b"(Ann,\n// \xc0\x80\nBob)", 2, OPENSTEP + "line 2, column 4: not valid UTF-8 (byte 0xC0)"),
    ("openstep-two-boms.plist", b"\xef\xbb\xbf\xef\xbb\xbf{ A = (Ann); }", 2, OPENSTEP + "line 1, column 1: the byte-order mark is repeated"),
    # CRs alone: three before the list put `{` on line 4, `  A = (Ann);` is line 5 and
    # `  A = (Abe);` line 6.
    ("openstep-cr-lines.plist", b"\r\r\r{\r  A = (Ann);\r  A = (Abe);\r}\r", 2, OPENSTEP + 'line 6, column 3: section "A" appears twice (first at line 5, column 3)'),
    ("openstep-duplicate-section.plist", b"{\n  A = (Ann);\n  B = (Bob);\n  A = (Abe);\n}\n", 2, OPENSTEP + 'line 4, column 3: section "A" appears twice (first at line 2, column 3)'),
    # Wide text: the decoder's lines count LFs; a cut unit and a lone surrogate are refused.
    ("openstep-utf16-cut.plist", b"\xff\xfe" + "{ A = (Ann); }\n".encode("utf-16-le") + b"}", 2, OPENSTEP + "line 2: not valid UTF-16: the text ends inside a character (1 of its bytes)"),
    ("openstep-utf16-lone-high.plist", b"\xff\xfe" + '{ A = ("An'.encode("utf-16-le") + b"\x00\xd8" + 'n"); }'.encode("utf-16-le"), 2, OPENSTEP + "line 1: not valid UTF-16: a lone surrogate (0xD800)"),
    ("openstep-utf16-lone-low.plist", b"\xfe\xff" + '(\n"An'.encode("utf-16-be") + b"\xdc\x00" + 'n")'.encode("utf-16-be"), 2, OPENSTEP + "line 2: not valid UTF-16: a lone surrogate (0xDC00)"),
    ("openstep-utf16-ends-high.plist", b"\xff\xfe" + "(Ann, Bob)".encode("utf-16-le") + b"\x3d\xd8", 2, OPENSTEP + "line 1: not valid UTF-16: a lone surrogate (0xD83D)"),
    ("openstep-utf32-cut.plist", b"\x00\x00\xfe\xff" + "(Ann)\n".encode("utf-32-be") + b"\x00\x00", 2, OPENSTEP + "line 2: not valid UTF-32: the text ends inside a character (2 of its bytes)"),
    ("openstep-utf32-surrogate.plist", b"\xff\xfe\x00\x00" + "(An".encode("utf-32-le") + b"\x00\xd8\x00\x00" + "n)".encode("utf-32-le"), 2, OPENSTEP + "line 1: not valid UTF-32: a lone surrogate (0xD800)"),
    ("openstep-utf32-past-unicode.plist", b"\x00\x00\xfe\xff" + "(An".encode("utf-32-be") + b"\x00\x11\x00\x00" + "n)".encode("utf-32-be"), 2, OPENSTEP + "line 1: not valid UTF-32: 0x110000 is not a Unicode scalar"),
    ("openstep-utf16-two-boms.plist", b"\xff\xfe" + "\ufeff(Ann)".encode("utf-16-le"), 2, OPENSTEP + "line 1: not valid UTF-16: the byte-order mark is repeated"),
    # Valid inputs: they must load (sections in their order, not the file's).
    ("openstep-utf16-bom.plist", b"\xff\xfe" + '// names\n{ J = ("Jos\\U00e9", "José"); }'.encode("utf-16-le"), 0, "J\\n  José\\n  José\\n"),
    ("openstep-utf32be-bom.plist", b"\x00\x00\xfe\xff" + '("Åsa", "Zoë")'.encode("utf-32-be"), 0, "A\\n  Åsa\\nZ\\n  Zoë\\n"),
    ("openstep-strings-form.plist", b"\xef\xbb\xbf/* a .strings file */\nB = (Bob);\nA = ('Ann', \"Anna \\\"A\\\" Lee\");\n", 0, 'A\\n  Ann\\n  Anna "A" Lee\\nB\\n  Bob\\n'),
]

# A syntax error in text taken for OpenStep ends with the command line's hint, as CSV's do
# (a list of names may start as OpenStep does); a title written twice and a decoding error
# do not.
for i, (name, data, status, expected) in enumerate(cases):
    if (name.startswith("openstep-") and status == 2 and " appears twice " not in expected
            and re.match(r"not a property list: line \d+, column \d+: ", expected)):
        cases[i] = (name, data, status, expected + CSV_HINT)

CASES.mkdir(exist_ok=True)
for old in CASES.iterdir():
    old.unlink()
lines = []
for name, data, status, expected in cases:
    (CASES / name).write_bytes(data)
    lines.append(f"{name}\t{status}\t{expected}")
(HERE / "expected.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
print(f"{len(cases)} cases")
