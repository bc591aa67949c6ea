"""Rule: a text read again in a process (a base every variant extends, the rules of every scenario)
gives what reading it the first time gave, located the same, and nothing one reader changes in
what it got reaches another; a file changed on disk is read as it is now."""
from __future__ import annotations

from pathlib import Path

from muggins.loader import load_rules
from muggins.yamlfile import read_yaml_text

TEXT = "name: x\nscoring:\n  - name: five\n    points: 5\n"


def test_a_text_read_again_is_the_same_document_and_shares_nothing_changeable():
    first = read_yaml_text(TEXT, "<again>")
    first.data["scoring"][0]["points"] = 99
    first.data["scoring"].append({})
    first.values.clear()
    first.keys.clear()
    first.plain.clear()
    first.lines.append("changed")
    second = read_yaml_text(TEXT, "<again>")
    assert second.data == {"name": "x", "scoring": [{"name": "five", "points": 5}]}
    where = second.where(("scoring", 0, "points"))
    assert (where.file, where.line, where.column) == ("<again>", 4, 13)
    assert second.where(("scoring", 0, "points"), key=True).column == 5
    assert ("scoring", 0, "points") in second.plain
    assert second.lines == TEXT.splitlines()


def test_the_same_text_under_another_name_is_located_in_that_name():
    read_yaml_text(TEXT, "<one>")
    assert read_yaml_text(TEXT, "<two>").where(("name",)).file == "<two>"


def test_a_rule_file_changed_on_disk_is_read_as_it_is_now(tmp_path: Path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: domino-muggins\nname: house\ntitle: First\n", encoding="utf-8")
    assert load_rules(str(path)).title == "First"
    path.write_text("extends: domino-muggins\nname: house\ntitle: Second\n", encoding="utf-8")
    assert load_rules(str(path)).title == "Second"
