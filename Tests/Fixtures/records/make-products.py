#!/usr/bin/env python3
"""Makes products.sqlite, the products database fixture, and products.expected.json, its
reference rows.

Source: the USB ID repository's list of vendors and their products, as Debian ships it in
the package usb.ids (version 2025.07.26-0+deb12u1, /usr/share/misc/usb.ids; `apt-get
install usb.ids`, or hwdata, which depends on it). The first PRODUCTS product lines of the
file, in file order, become rows of the table `products`; their vendors become rows of a
second table `vendors`, so reading it needs `--table`. `products` has two text columns
(`vendor`, `name`), so it needs `--key` too; `vendor` serves as `--section-key`.

The reference: the sqlite3 command-line shell (Debian package sqlite3, `apt-get install
sqlite3`) prints every row of `products` in rowid order as JSON (`sqlite3 -json`), written
to products.expected.json. The tests read only the two committed files; none of these
tools is needed to run them.

Run from anywhere: python3 Tests/Fixtures/records/make-products.py
"""
import os
import sqlite3
import subprocess

PRODUCTS = 3000
SOURCE = "/usr/share/misc/usb.ids"
HERE = os.path.dirname(os.path.abspath(__file__))
DATABASE = os.path.join(HERE, "products.sqlite")
EXPECTED = os.path.join(HERE, "products.expected.json")


def read_products():
    """(vendor id, vendor name, product id, product name) in file order."""
    rows = []
    vendor = None
    with open(SOURCE, encoding="utf-8") as source:
        for line in source:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if line.startswith("\t\t"):
                continue  # an interface of a product
            if line.startswith("\t"):
                if vendor is None:
                    continue
                product_id, name = line[1:].split("  ", 1)
                rows.append((vendor[0], vendor[1], product_id, name))
                if len(rows) == PRODUCTS:
                    return rows
                continue
            head = line.split("  ", 1)
            if len(head[0]) != 4 or len(head) != 2:
                break  # the device classes and other lists after the vendors
            vendor = (int(head[0], 16), head[1])
    return rows


def main():
    rows = read_products()
    if os.path.exists(DATABASE):
        os.remove(DATABASE)
    db = sqlite3.connect(DATABASE)
    db.execute("CREATE TABLE vendors (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    db.execute(
        "CREATE TABLE products (id INTEGER PRIMARY KEY, vendor TEXT NOT NULL,"
        " name TEXT NOT NULL, vendor_id INTEGER NOT NULL, product_id TEXT NOT NULL)")
    vendors = {}
    for vendor_id, vendor_name, _, _ in rows:
        vendors.setdefault(vendor_id, vendor_name)
    db.executemany("INSERT INTO vendors VALUES (?, ?)", sorted(vendors.items()))
    db.executemany(
        "INSERT INTO products (vendor, name, vendor_id, product_id) VALUES (?, ?, ?, ?)",
        [(vendor_name, name, vendor_id, product_id)
         for vendor_id, vendor_name, product_id, name in rows])
    db.commit()
    db.execute("VACUUM")
    db.close()
    reference = subprocess.run(
        ["sqlite3", "-json", DATABASE, "SELECT * FROM products ORDER BY rowid"],
        check=True, capture_output=True).stdout
    with open(EXPECTED, "wb") as out:
        out.write(reference)
    print(f"{len(rows)} products of {len(vendors)} vendors")


if __name__ == "__main__":
    main()
