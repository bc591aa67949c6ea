"""JSON Schemas for the files people write, assembled from the shared part (here) and each
family's part (`families/*/rules.schema.json`, `families/*/scenario.schema.json`).

`rules.schema.json` and `scenario.schema.json` beside this file are the assembled schemas as
shipped for editors (`# yaml-language-server: $schema=...`); a test checks that they are what
the assembly gives, and `muggins schema rules > interpreter/muggins/schema/rules.schema.json`
writes them anew after a family's part changes.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


def _read(package: str, name: str) -> dict[str, Any]:
    return json.loads(resources.files(package).joinpath(name).read_text("utf-8"))


def _families() -> list[tuple[Any, str]]:
    from ..families import families
    return [(family, type(family).__module__) for family in families().values()]


@lru_cache(maxsize=1)
def _rules_schema() -> str:
    schema = _read(__name__, "rules.core.json")
    parts = [(family, _read(package, "rules.schema.json")) for family, package in _families()]
    properties = schema["properties"]
    rules: list[dict[str, Any]] = []
    for family, part in parts:
        properties["pieces"]["properties"].update(part["pieces"])
        properties.update(part["sections"])
    for family, part in parts:
        others = {section: False for other, own in parts if other is not family for section in own["sections"]}
        rules.append({"if": {"required": ["pieces"], "properties": {"pieces": {"required": [family.pieces_key]}}},
                      "then": {"required": part["required"], "properties": others}})
    whole = {key: schema.pop(key) for key in ("type", "additionalProperties", "properties", "required")}
    whole["allOf"] = rules
    # a file that extends another gives only what it changes: an editor checks its keys and values,
    # not that every section is there (the loader checks the rules merged, which hold no `extends`)
    schema["if"] = {"required": ["extends"]}
    schema["then"] = {**_changes(whole), "required": ["extends", "name"]}
    schema["else"] = whole
    return json.dumps(schema)


def _changes(node: Any) -> Any:
    """A schema of what a file that extends another may give: nothing required in a mapping, which
    merges with its base's (`properties`, and what a family's condition then asks); a list's items
    as they are (a list replaces the base's whole), and a condition (`if`) as it is."""
    if not isinstance(node, dict):
        return node
    changes: dict[str, Any] = {}
    for key, value in node.items():
        if key == "required":
            continue
        if key in ("properties", "patternProperties"):
            changes[key] = {name: _changes(part) for name, part in value.items()}
        elif key in ("allOf", "anyOf", "oneOf"):
            changes[key] = [_changes(part) for part in value]
        elif key in ("then", "else", "additionalProperties"):
            changes[key] = _changes(value)
        else:
            changes[key] = value
    return changes


@lru_cache(maxsize=1)
def _scenario_schema() -> str:
    schema = _read(__name__, "scenario.core.json")
    position = schema["properties"]["position"]["properties"]
    expect = schema["properties"]["steps"]["items"]["properties"]["expect"]["properties"]
    for _, package in _families():
        part = _read(package, "scenario.schema.json")
        position.update(part["position"])
        expect.update(part["expect"])
    return json.dumps(schema)


def scenario_part(family: Any) -> dict[str, Any]:
    """One family's part of the scenario schema (`position` and `expect` keys), to tell a scenario
    that uses another family's key which family it is for."""
    return _read(type(family).__module__, "scenario.schema.json")


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of rule files: the shared sections and every family's."""
    return json.loads(_rules_schema())


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files: the shared keys and every family's."""
    return json.loads(_scenario_schema())
