#!/usr/bin/env python3
"""Writes Tests/Fixtures/json/conformance.tsv: JSON documents with the verdict of Python's
own `json` module (standard library; nothing to install), read by JSONConformanceTests.

Each row: name, the document's bytes in hex, "accept" or "reject", and for an accepted
document its value as compact JSON written by the rules of RecordValue.appendJSON (keys in
file order; numbers as written; strings escaping only '"', '\\', and controls: \\n \\r \\t,
others as \\u00xx), so the Swift test compares values, not just verdicts.

Python's json is made as strict as RFC 8259 and this project are, in these ways only:
- the bytes must be UTF-8 (strict decoding; one leading byte-order mark allowed, as
  json.loads allows for bytes);
- NaN, Infinity and -Infinity are refused (parse_constant raises);
- a key twice in one object is refused (object_pairs_hook; keys compared by code point);
- a string holding a lone surrogate (written as a \\u escape) is refused;
- nesting deeper than 512 arrays and objects is refused (a RecursionError too).

The cases: hand-written ones in the style of the JSONTestSuite (y_/n_/i_ names, written
here, not copied), then seeded mutations of valid documents (a byte dropped, a byte
inserted, the document cut short), so the table holds many documents no one chose.
Run: python3 Scripts/make-json-conformance.py
"""
import json
import os
import random
import sys

MAX_DEPTH = 512

CASES = [
    # Values and shapes.
    ("y_empty_array", b"[]"),
    ("y_empty_object", b"{}"),
    ("y_array_of_strings", b'["Ann","Bob"]'),
    ("y_sections", b'{"A":["Ann","Abe"],"B":["Bob"]}'),
    ("y_spaces_everywhere", b' \t\r\n{ "A" : [ "Ann" , "Abe" ] , "B" : [ ] } \n'),
    ("y_record", b'[{"name":"Ann","age":42,"ok":true,"no":false,"none":null}]'),
    ("y_nested_record", b'[{"name":{"first":"Ann","last":"Lee"},"tags":["a","b"]}]'),
    ("y_root_string", b'"abc"'),
    ("y_root_number", b"42"),
    ("y_root_true", b"true"),
    ("y_root_null", b"null"),
    ("y_empty_key", b'{"":[]}'),
    ("y_utf8_bom", b'\xef\xbb\xbf["Ann"]'),
    # Numbers.
    ("y_number_zero", b"[0]"),
    ("y_number_minus_zero", b"[-0]"),
    ("y_number_fraction", b"[1.5]"),
    ("y_number_exponent", b"[1e5,1E5,1e+5,1e-5,1.0e10,-0.0E-0]"),
    ("y_number_huge", b"[123456789012345678901234567890e999]"),
    ("n_number_leading_zero", b"[01]"),
    ("n_number_minus_leading_zero", b"[-01]"),
    ("n_number_plus", b"[+1]"),
    ("n_number_dot_start", b"[.5]"),
    ("n_number_dot_end", b"[1.]"),
    ("n_number_exponent_empty", b"[1e]"),
    ("n_number_exponent_sign_only", b"[1e+]"),
    ("n_number_minus_only", b"[-]"),
    ("n_number_minus_space", b"[- 1]"),
    ("n_number_hex", b"[0x10]"),
    ("n_number_nan", b"[NaN]"),
    ("n_number_infinity", b"[Infinity]"),
    ("n_number_minus_infinity", b"[-Infinity]"),
    ("n_number_comma_decimal", b"[1,5.]"),
    # Literals.
    ("y_literals", b"[true,false,null]"),
    ("n_literal_true_capital", b"[True]"),
    ("n_literal_truncated", b"[tru]"),
    ("n_literal_trailing_letter", b"[truex]"),
    ("n_literal_nul", b"[nul]"),
    ("n_undefined", b"[undefined]"),
    # Strings and escapes.
    ("y_escapes", b'["\\"\\\\\\/\\b\\f\\n\\r\\t"]'),
    ("y_unicode_escape", b'["\\u00e9\\u4E2D\\u0000"]'),
    ("y_surrogate_pair", b'["\\ud83d\\ude00"]'),
    ("y_surrogate_pair_upper", b'["\\uD834\\uDD1E"]'),
    ("y_utf8_two_three_four", "é中😀".encode().join([b'["', b'"]'])),
    ("y_noncharacter", b'["\xef\xbf\xbf"]'),
    ("y_u2028", b'["\xe2\x80\xa8"]'),
    ("y_del_raw", b'["\x7f"]'),
    ("n_lone_high_surrogate", b'["\\ud800"]'),
    ("n_lone_high_then_text", b'["\\ud800abc"]'),
    ("n_lone_low_surrogate", b'["\\udc00"]'),
    ("n_high_high_low", b'["\\ud800\\ud800\\udc00"]'),
    ("n_high_then_escape", b'["\\ud800\\n"]'),
    ("n_escape_x", b'["\\x41"]'),
    ("n_escape_single_quote", b'["\\\'"]'),
    ("n_escape_short_u", b'["\\u12"]'),
    ("n_escape_bad_hex", b'["\\u12G4"]'),
    ("n_escape_at_end", b'["\\'),
    ("n_control_newline", b'["a\nb"]'),
    ("n_control_tab", b'["a\tb"]'),
    ("n_control_nul", b'["a\x00b"]'),
    ("n_control_escape_char", b'["\x1b"]'),
    ("n_single_quotes", b"['Ann']"),
    ("n_unterminated_string", b'["Ann'),
    ("n_unterminated_key", b'{"A'),
    # UTF-8.
    ("n_utf8_invalid_byte", b'["\xff"]'),
    ("n_utf8_lone_continuation", b'["\x80"]'),
    ("n_utf8_overlong_slash", b'["\xc0\xaf"]'),
    ("n_utf8_overlong_three", b'["\xe0\x80\xaf"]'),
    ("n_utf8_surrogate_encoded", b'["\xed\xa0\x80"]'),
    ("n_utf8_past_10ffff", b'["\xf4\x90\x80\x80"]'),
    ("n_utf8_truncated_two", b'["\xc3"]'),
    ("n_utf8_truncated_four", b'["\xf0\x9f\x98"]'),
    ("n_utf8_outside_string", b'[\xc3\xa9]'),
    ("n_utf16le", '["Ann"]'.encode("utf-16-le")),
    ("n_bom_twice", b'\xef\xbb\xbf\xef\xbb\xbf[]'),
    # Structure.
    ("n_trailing_comma_array", b'["Ann",]'),
    ("n_trailing_comma_object", b'{"A":[],}'),
    ("n_leading_comma", b'[,"Ann"]'),
    ("n_double_comma", b'["Ann",,"Bob"]'),
    ("n_missing_comma", b'["Ann" "Bob"]'),
    ("n_missing_colon", b'{"A" []}'),
    ("n_colon_in_array", b'["A":1]'),
    ("n_key_not_string", b'{A:[]}'),
    ("n_key_number", b'{1:[]}'),
    ("n_object_unclosed", b'{"A":[]'),
    ("n_array_unclosed", b'["Ann"'),
    ("n_array_unclosed_comma", b'["Ann",'),
    ("n_brackets_mismatched", b'["Ann"}'),
    ("n_object_closed_by_bracket", b'{"A":[]]'),
    ("n_extra_close", b'[]]'),
    ("n_two_roots", b'[] []'),
    ("n_garbage_after", b'["Ann"]x'),
    ("n_nul_after", b'[]\x00'),
    ("n_comment_line", b'["Ann" // c\n]'),
    ("n_comment_block", b'[/* c */ "Ann"]'),
    ("n_comment_hash", b'# c\n[]'),
    ("n_empty", b""),
    ("n_only_space", b" \n "),
    ("n_only_bom", b"\xef\xbb\xbf"),
    ("n_form_feed_space", b"[\x0c]"),
    ("n_nbsp_space", b"[\xc2\xa0]"),
    ("n_vertical_tab", b'[\x0b"a"]'),
    # Duplicate keys.
    ("n_duplicate_key", b'{"A":[],"A":[]}'),
    ("n_duplicate_key_record", b'[{"n":"a","n":"b"}]'),
    ("n_duplicate_key_escaped", b'{"A":[],"\\u0041":[]}'),
    ("y_keys_equivalent_not_equal", '{"\u00e9":[],"e\u0301":[]}'.encode()),
    ("n_duplicate_key_many", ("{" + ",".join(f'"k{i}":{i}' for i in range(40)) + ',"k7":0}').encode()),
    ("y_keys_many", ("{" + ",".join(f'"k{i}":{i}' for i in range(40)) + "}").encode()),
    # Nesting.
    ("y_depth_512", b"[" * 512 + b"]" * 512),
    ("n_depth_513", b"[" * 513 + b"]" * 513),
    ("n_depth_objects_513", b'{"a":' * 512 + b"[]" + b"}" * 512),
    ("y_depth_objects_512", b'{"a":' * 511 + b"[]" + b"}" * 511),
    ("n_depth_20000_open", b"[" * 20000),
    ("n_depth_20000_closed", b"[" * 20000 + b"]" * 20000),
]

SEEDS = [
    b'{"A":["Ann","Abe"],"B":["Bob \\u00e9"],"C":[]}',
    b'[{"movieName":"Alien","movieTime":117,"tags":["sf",null,true]}]',
    b'["\\ud83d\\ude00", "x\\ny", -1.5e+3, {"a":{"b":[1,2]}}]',
    '{"É":["élise","中文","😀"]}'.encode(),
]
NOISE = b'"\\{}[],:0123456789-+.eEtrufalsn \t\n\x00\x1f\x7f\x80\xc3\xa9\xed\xa0\xff/'


def mutations():
    rng = random.Random(11)
    out = []
    for s, seed in enumerate(SEEDS):
        for k in range(60):
            doc = bytearray(seed)
            kind = k % 3
            at = rng.randrange(len(doc) + (1 if kind == 1 else 0))
            if kind == 0:
                del doc[at]
            elif kind == 1:
                doc[at:at] = bytes([rng.choice(NOISE)])
            else:
                del doc[at:]
            out.append((f"m_{s}_{k}", bytes(doc)))
    return out


class Number:
    def __init__(self, text):
        self.text = text


def refuse(*_):
    raise ValueError("refused")


def pairs(items):
    keys = set()
    for key, _ in items:
        if key in keys:
            raise ValueError("duplicate key")
        keys.add(key)
    return items


def has_surrogate(text):
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def depth(value):
    # Iterative, so the check itself cannot overflow.
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, Pairs) or isinstance(item, list):
            deepest = max(deepest, level)
            children = [v for _, v in item.items] if isinstance(item, Pairs) else item
            stack.extend((c, level + 1) for c in children)
        elif isinstance(item, str) and has_surrogate(item):
            raise ValueError("lone surrogate")
    return deepest


class Pairs:
    def __init__(self, items):
        self.items = items
        for key, _ in items:
            if has_surrogate(key):
                raise ValueError("lone surrogate")


def escape(text):
    out = ['"']
    for c in text:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20:
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def write(value):
    if isinstance(value, Pairs):
        return "{" + ",".join(escape(k) + ":" + write(v) for k, v in value.items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(write(v) for v in value) + "]"
    if isinstance(value, Number):
        return value.text
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return escape(value)


def verdict(doc):
    try:
        text = doc.decode("utf-8-sig") if doc.startswith(b"\xef\xbb\xbf") else doc.decode("utf-8")
        value = json.loads(
            text, parse_constant=refuse, parse_int=Number, parse_float=Number,
            object_pairs_hook=lambda items: Pairs(pairs(items)))
        if depth(value) > MAX_DEPTH:
            return ("reject", "")
        # write() recurses twice a level (3.11 comprehensions are frames): room for 512.
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(4 * MAX_DEPTH + 100)
        try:
            return ("accept", write(value))
        finally:
            sys.setrecursionlimit(limit)
    except (ValueError, RecursionError):
        return ("reject", "")


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    path = os.path.join(root, "Tests", "Fixtures", "json", "conformance.tsv")
    rows = []
    for name, doc in CASES + mutations():
        result, value = verdict(doc)
        expected = name[0]
        if expected in "yn" and result[0] != {"y": "a", "n": "r"}[expected]:
            raise SystemExit(f"{name}: Python says {result}, the case's name says otherwise")
        rows.append(f"{name}\t{doc.hex()}\t{result}\t{value}\n")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("# name\tbytes (hex)\tverdict\tvalue (compact JSON)\n")
        f.write("# Made by Scripts/make-json-conformance.py from Python's json module.\n")
        f.writelines(rows)
    print(f"{len(rows)} cases written to {path}")


if __name__ == "__main__":
    main()
