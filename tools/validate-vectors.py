#!/usr/bin/python3
"""Validates every vectors/*.json against its JSON Schema (draft 2020-12) in spec/schemas/.

Uses Debian's python3-jsonschema (Draft202012Validator). Beyond the schemas it checks what a
schema cannot express: the file name matches the area, every flag a vector uses is described
in its file, ids are unique across the suite, and vectors/manifest.json lists every file with
its SHA-256.

Usage: tools/validate-vectors.py [VECTORS_DIR] [SCHEMAS_DIR]   (defaults: vectors spec/schemas)
Exit status: 0 all valid, 1 a file is invalid, 2 usage or unreadable input.
"""

import hashlib
import json
import os
import sys
import urllib.parse
from importlib.metadata import version

from jsonschema import Draft202012Validator, RefResolver

# The schemas are named by URNs (urn:openhuman-tunnel:...). RFC 3986 resolves a fragment-only
# reference ("#/$defs/hex") against any base, but Python's urljoin, which jsonschema's
# RefResolver uses, does so only for the schemes it lists; without this, a $ref into another
# schema file would resolve its inner "#/..." references against the wrong document.
for _table in (urllib.parse.uses_relative, urllib.parse.uses_fragment):
    if "urn" not in _table:
        _table.append("urn")


def load_json(path):
    with open(path, "rb") as f:
        return json.loads(f.read().decode("utf-8"))


def main(argv):
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__)
        return 0
    vectors_dir = argv[0] if len(argv) > 0 else "vectors"
    schemas_dir = argv[1] if len(argv) > 1 else os.path.join("spec", "schemas")
    try:
        schema_files = sorted(n for n in os.listdir(schemas_dir) if n.endswith(".schema.json"))
        vector_files = sorted(n for n in os.listdir(vectors_dir) if n.endswith(".json") and n != "manifest.json")
    except OSError as error:
        print(f"validate-vectors: {error}", file=sys.stderr)
        return 2

    store = {}
    by_name = {}
    for name in schema_files:
        schema = load_json(os.path.join(schemas_dir, name))
        Draft202012Validator.check_schema(schema)
        store[schema["$id"]] = schema
        by_name[name] = schema

    errors = []
    ids = {}
    total = 0
    for name in vector_files:
        path = os.path.join(vectors_dir, name)
        try:
            document = load_json(path)
        except (OSError, ValueError) as error:
            errors.append(f"{name}: not JSON: {error}")
            continue
        schema_name = document.get("schema") if isinstance(document, dict) else None
        schema = by_name.get(schema_name)
        if schema is None:
            errors.append(f"{name}: names the schema {schema_name!r}, which is not in {schemas_dir}")
            continue
        resolver = RefResolver.from_schema(schema, store=store)
        validator = Draft202012Validator(schema, resolver=resolver)
        found = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in found[:20]:
            where = "/".join(str(p) for p in error.absolute_path)
            errors.append(f"{name}: /{where}: {error.message[:300]}")
        if len(found) > 20:
            errors.append(f"{name}: ... and {len(found) - 20} more schema errors")
        if found:
            continue
        if document["area"] + ".json" != name:
            errors.append(f"{name}: area {document['area']!r} does not match the file name")
        described = document["flags"]
        used = set()
        for vector in document["vectors"]:
            total += 1
            for flag in vector["flags"]:
                used.add(flag)
                if flag not in described:
                    errors.append(f"{name}: {vector['id']}: flag {flag} is not described in the file")
            if vector["id"] in ids:
                errors.append(f"{name}: id {vector['id']} also appears in {ids[vector['id']]}")
            ids[vector["id"]] = name
        for flag in sorted(set(described) - used):
            errors.append(f"{name}: flag {flag} is described but no vector uses it")

    manifest_path = os.path.join(vectors_dir, "manifest.json")
    if os.path.exists(manifest_path):
        manifest = load_json(manifest_path)
        listed = manifest.get("files", {})
        for name in vector_files:
            with open(os.path.join(vectors_dir, name), "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if name not in listed:
                errors.append(f"manifest.json: {name} is not listed")
            elif listed[name] != digest:
                errors.append(f"manifest.json: {name} has SHA-256 {digest}, the manifest says {listed[name]}")
        for name in sorted(set(listed) - set(vector_files)):
            errors.append(f"manifest.json: lists {name}, which is missing")
    else:
        errors.append("manifest.json is missing")

    for line in errors:
        print(line)
    print(
        f"validate-vectors: {len(vector_files)} files, {total} vectors, {len(errors)} error(s) "
        f"(jsonschema {version('jsonschema')}, draft 2020-12)"
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
