#!/usr/bin/env python3
"""Apple's Python models (app-store-server-library 3.1.2) as the peer of receipt-check's Advanced Commerce
request bodies: for each case (a model's name and a request body's JSON), the body read into Apple's model
class and written back as Apple's client writes a request body (its cattrs converter, compactly, members in
the model's order), or the error Apple's model raises for it.

Usage: advanced-commerce-peer.py CASES.json   (prints {"results": [{"json": TEXT} or {"refused": TEXT}]})
"""
import importlib
import json
import sys

from appstoreserverlibrary.models.LibraryUtility import _get_cattrs_converter


def run(case):
    module = importlib.import_module("appstoreserverlibrary.models." + case["model"])
    cls = getattr(module, case["model"])
    converter = _get_cattrs_converter(cls)
    try:
        value = converter.structure(case["body"], cls)
    except Exception as error:  # Apple's validators raise ValueError; cattrs wraps it in a group.
        return {"refused": repr(error)}
    text = json.dumps(converter.unstructure(value), separators=(",", ":"), ensure_ascii=False)
    return {"json": text}


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        cases = json.load(handle)["cases"]
    print(json.dumps({"results": [run(case) for case in cases]}))


if __name__ == "__main__":
    main()
