"""Validates receipt-check reports against schema/report.schema.json with a complete validator.

    validate-reports.py SCHEMA FILE...

Each FILE holds one JSON report (--json) or one a line (--format ndjson). Exits 1 when the
schema is not a valid 2020-12 schema, when the validator would not check "date-time", when any
report breaks the schema, or when no report was given at all.
"""

import json
import sys

import jsonschema
from jsonschema import Draft202012Validator


def documents(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    stripped = text.strip()
    if not stripped:
        raise ValueError(f"{path}: empty")
    try:
        yield path, json.loads(stripped)
        return
    except json.JSONDecodeError:
        pass
    for number, line in enumerate(text.splitlines(), start=1):
        yield f"{path}:{number}", json.loads(line)


def main(arguments):
    if len(arguments) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    with open(arguments[0], encoding="utf-8") as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    # Without rfc3339-validator, jsonschema skips "date-time" silently; refuse to run that way.
    probe = Draft202012Validator({"type": "string", "format": "date-time"},
                                 format_checker=Draft202012Validator.FORMAT_CHECKER)
    if probe.is_valid("2024-13-45 noon"):
        print("validate-reports: this jsonschema does not check date-time formats", file=sys.stderr)
        return 1
    count = 0
    problems = 0
    for path in arguments[1:]:
        for name, document in documents(path):
            count += 1
            for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
                problems += 1
                where = "/".join(str(part) for part in error.absolute_path) or "(root)"
                print(f"{name}: {where}: {error.message[:300]}")
    print(f"validate-reports: {count} reports, {problems} problems (jsonschema "
          f"{jsonschema.__name__} draft 2020-12)")
    return 1 if problems or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
