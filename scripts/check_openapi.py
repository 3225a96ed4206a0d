#!/usr/bin/env python3
"""Checks that the OpenAPI document reads the same in every YAML parser our users may have.

PyYAML's pure loader reads YAML 1.1 and is stricter than libyaml: a plain scalar in a flow mapping
that holds `?` stops it. A plain scalar with a comma in a flow mapping parses everywhere, but as two
keys, the second with a null value, so the description is silently cut. A key written twice in one
mapping (two schemas of one name) is read as the last one by every parser, silently. All three are
refused here.

    python3 scripts/check_openapi.py [PATH]     exits 1 and names the place on any problem
"""
import sys

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
    for line in found:
        print(f"{path}: {line}", file=sys.stderr)
    if found:
        return 1
    print(f"{path}: parses with PyYAML {yaml.__version__}, {len(document.get('paths', {}))} paths")
    return 0


if __name__ == "__main__":
    sys.exit(main())
