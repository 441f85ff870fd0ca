#!/usr/bin/env python3
"""make schema: puts definitions generated from the models' field lists into a schema file.

Reads {"name": definition, ...} on standard input and replaces each `$defs` entry of that name in the
file named by the first argument, which stays as json.dumps writes it (two-space indent).
"""
import json
import sys


def main() -> int:
    path = sys.argv[1]
    with open(path, encoding="utf-8") as handle:
        schema = json.load(handle)
    for name, definition in json.load(sys.stdin).items():
        if name not in schema["$defs"]:
            print(f"write-schema-definitions: {path} has no $defs/{name}", file=sys.stderr)
            return 1
        schema["$defs"][name] = definition
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
