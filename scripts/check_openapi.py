#!/usr/bin/env python3
"""Checks that the OpenAPI document reads the same in every YAML parser our users may have.

PyYAML's pure loader reads YAML 1.1 and is stricter than libyaml: a plain scalar in a flow mapping
that holds `?` stops it. A plain scalar with a comma in a flow mapping parses everywhere, but as two
keys, the second with a null value, so the description is silently cut. A key written twice in one
mapping (two schemas of one name) is read as the last one by every parser, silently. All three are
refused here.

It then holds the document to what the server sends: every schema's `example` must be valid under
that schema, and so must the screen documents and item contents in Docs/Examples, which the server's
own tests write (`HABITS_WRITE_EXAMPLES=1 swift test --filter ScreenExampleTests`). A field added to
an item but not to its schema fails here, before any fuzzer has to find the screen that sends it.

    python3 scripts/check_openapi.py [PATH]     exits 1 and names the place on any problem
"""
import glob
import json
import os
import re
import sys

import jsonschema
import yaml

DEFAULT_PATH = "Sources/HabitsServer/Resources/openapi.yaml"
# Values under these keys are examples of payloads, where null and booleans are legitimate.
EXAMPLE_KEYS = {"example", "examples"}


class UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a mapping that repeats a key."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} appears twice in one mapping", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def problems(node, path):
    """Yields a line for every null value or non-string key outside examples."""
    if isinstance(node, dict):
        for key, value in node.items():
            where = f"{path}/{key}"
            if not isinstance(key, str):
                yield f"{where}: the key is a {type(key).__name__}, not a string"
            if key in EXAMPLE_KEYS:
                continue
            if value is None:
                yield f"{where}: null (a plain scalar cut at a comma or colon? quote it)"
            elif key in ("description", "summary") and not path.endswith("/properties") and not isinstance(value, str):
                yield f"{where}: a {type(value).__name__}, not text"
            else:
                yield from problems(value, where)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from problems(value, f"{path}/{index}")


def example_problems(document, examples_folder):
    """Yields a line for every example, written or in Docs/Examples, that its schema refuses."""
    schemas = document.get("components", {}).get("schemas", {})

    def errors(name, value):
        root = {"components": {"schemas": schemas}, "$ref": f"#/components/schemas/{name}"}
        validator = jsonschema.Draft202012Validator(root, format_checker=jsonschema.FormatChecker())
        return [f"{list(error.absolute_path)}: {error.message[:200]}" for error in validator.iter_errors(value)]

    for name, schema in schemas.items():
        if isinstance(schema, dict) and "example" in schema:
            for error in errors(name, schema["example"])[:3]:
                yield f"the example of {name} {error}"
    # An item's content is one of ScreenItem's `content` schemas, each described as
    # "`streakSummary` (Streak): ...", naming the item types it is for.
    item_schemas = {}
    content = schemas.get("ScreenItem", {}).get("properties", {}).get("content", {})
    for choice in content.get("anyOf", []):
        name = choice.get("$ref", "").rsplit("/", 1)[-1]
        for item_type in re.findall(r"`(\w+)` \(", str(schemas.get(name, {}).get("description", ""))):
            item_schemas[item_type] = name
    for path in sorted(glob.glob(os.path.join(examples_folder, "*.json"))):
        base = os.path.basename(path)
        name = ("ScreenChangeset" if base.endswith("-changes.json")
                else "WidgetDocument" if base.startswith("widget-") else "ScreenDocument")
        with open(path, encoding="utf-8") as file:
            for error in errors(name, json.load(file))[:3]:
                yield f"{path} as {name} {error}"
    for path in sorted(glob.glob(os.path.join(examples_folder, "items", "*.json"))):
        item_type = os.path.splitext(os.path.basename(path))[0]
        name = item_schemas.get(item_type)
        if name is None:
            yield f"{path}: no schema's description names the item type `{item_type}`"
            continue
        with open(path, encoding="utf-8") as file:
            for error in errors(name, json.load(file))[:3]:
                yield f"{path} as {name} {error}"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_PATH
    with open(path, encoding="utf-8") as file:
        text = file.read()
    try:
        document = yaml.load(text, Loader=UniqueKeyLoader)
    except yaml.YAMLError as error:
        print(f"{path}: PyYAML cannot parse it: {error}".replace("\n", " "), file=sys.stderr)
        return 1
    if getattr(yaml, "CSafeLoader", None) is not None and yaml.load(text, Loader=yaml.CSafeLoader) != document:
        print(f"{path}: libyaml reads it differently from PyYAML's pure loader", file=sys.stderr)
        return 1
    found = list(problems(document, ""))
    examples_folder = os.path.join(os.path.dirname(os.path.abspath(path)), "..", "..", "..", "Docs", "Examples")
    found += list(example_problems(document, os.path.normpath(examples_folder)))
    for line in found:
        print(f"{path}: {line}", file=sys.stderr)
    if found:
        return 1
    print(f"{path}: parses with PyYAML {yaml.__version__}, {len(document.get('paths', {}))} paths")
    return 0


if __name__ == "__main__":
    sys.exit(main())
