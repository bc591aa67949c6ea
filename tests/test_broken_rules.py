"""Rule: every mistaken or hostile rule file gets a located error, never a traceback or a hang.

Each file under tests/broken/ says on its first line what it must produce:
`# expect: [FILE:]LINE:COL: start of the message`, FILE when the problem is in another file of
the `extends` chain.
"""
from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from muggins.errors import RuleFileError
from muggins.loader import load_rules

BROKEN = Path(__file__).parent / "broken"
EXPECT = re.compile(rb"# expect: (?:([\w.-]+):)?(\d+):(\d+): (.*)")


def broken_files() -> list[Path]:
    return sorted(BROKEN.glob("*.yaml"))


def expectation(path: Path) -> tuple[str, int, int, str]:
    match = EXPECT.match(path.read_bytes().split(b"\n", 1)[0])
    assert match, f"{path.name} has no '# expect:' line"
    file = match.group(1).decode() if match.group(1) else path.name
    return file, int(match.group(2)), int(match.group(3)), match.group(4).decode()


def test_there_are_at_least_twenty_broken_files():
    assert len(broken_files()) >= 20


@pytest.mark.parametrize("path", broken_files(), ids=lambda p: p.stem)
def test_broken_rule_file_fails_with_located_message(path: Path):
    name, line, column, message = expectation(path)
    started = time.perf_counter()
    with pytest.raises(RuleFileError) as caught:
        load_rules(path)
    assert time.perf_counter() - started < 5, "a broken file must fail fast, never hang"
    located = [(p.location.file, p.location.line, p.location.column, p.message) for p in caught.value.problems]
    assert any(file.endswith(name) and (l, c) == (line, column) and text.startswith(message)
               for file, l, c, text in located), f"expected {line}:{column}: {message}\ngot: {caught.value.report()}"


def test_validate_command_prints_one_located_line_per_problem_and_exits_1():
    path = BROKEN / "unknown-name.yaml"
    result = subprocess.run([sys.executable, "-m", "muggins.cli", "validate", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert re.match(r".*unknown-name\.yaml:7:13: unknown name 'end_sum'; did you mean 'ends_sum'\?", first), first
    assert result.stderr.splitlines()[2].strip() == "^"


def test_file_over_the_size_limit_is_refused(tmp_path: Path):
    path = tmp_path / "huge.yaml"
    path.write_text("name: x\n" + "# padding\n" * 120_000)
    with pytest.raises(RuleFileError, match="larger than"):
        load_rules(path)


def test_a_refused_expression_is_not_also_refused_for_the_value_standing_in_for_it():
    # `value: total` names nothing a card has: that is the one mistake, not also "the card value
    # of rank A is 0" for each rank, which only the stand-in 0 of the refused expression makes
    with pytest.raises(RuleFileError) as caught:
        load_rules(BROKEN / "card-value-unknown-name.yaml")
    assert [(p.location.line, p.location.column, p.message) for p in caught.value.problems] == \
        [(8, 12, "unknown name 'total' (available here: card.rank)")]


def test_pieces_that_name_no_family_are_the_one_mistake_said():
    """A game's family is read from `pieces` (tiles or cards): while it names neither, the sections of
    domino-muggins are not 'of another game' and the card sections are not 'missing'."""
    with pytest.raises(RuleFileError) as caught:
        load_rules(BROKEN / "pieces-as-a-list.yaml")
    assert [(p.location.line, p.location.column) for p in caught.value.problems] == [(5, 3)]
    with pytest.raises(RuleFileError) as caught:  # a card game's file given tiles: both, so neither
        load_rules(BROKEN / "tiles-over-cards.yaml")
    assert [(p.location.line, p.location.column) for p in caught.value.problems] == [(4, 9)]


def test_a_number_too_long_for_a_rank_gets_no_guess_of_its_first_digit():
    """'100' is no rank; '1' (its first character) would be a wrong guess: a word's initial is
    offered only for a word (Sota for S)."""
    with pytest.raises(RuleFileError) as caught:
        load_rules(BROKEN / "rank-of-three-digits.yaml")
    assert "did you mean" not in str(caught.value.problems[0].message)


@pytest.mark.parametrize("base, own, line", [
    ("card-muggins-strict-21", "pieces:\n  cards:\n    value: \"22\"\n", "    value: \"22\""),
    ("domino-muggins-short", "players: [6]\n", "players: [6]"),
])
def test_a_problem_a_house_file_makes_through_two_extends_is_said_at_its_own_line(base, own, line, tmp_path):
    """A house file extends a variant that extends a built-in: a card worth 22 under strict 21's
    limit of 21, or a deal for 6 players of a 28-tile set, is the house file's mistake, said at its
    own line, not at a line of the built-in two files down that it never wrote."""
    path = tmp_path / "house.yaml"
    text = f"extends: {base}\nname: house\n{own}"
    path.write_text(text)
    with pytest.raises(RuleFileError) as caught:
        load_rules(str(path))
    where = caught.value.problems[0].location
    assert where.file == str(path) and text.splitlines()[where.line - 1] == line, caught.value.report()


def test_a_problem_made_by_a_file_in_the_middle_of_extends_is_said_there(tmp_path):
    """a.yaml deals 9 tiles (of a 28-tile set, to 4 players); d.yaml extends it and changes nothing
    the deal reads, e.yaml extends d.yaml: validating either says a.yaml's line, never the built-in
    domino-muggins's `highest_pip` that both only inherit."""
    (tmp_path / "a.yaml").write_text("extends: domino-muggins\nname: a\ndeal:\n  hand: \"9\"\n")
    (tmp_path / "d.yaml").write_text("extends: a.yaml\nname: d\n")
    (tmp_path / "e.yaml").write_text("extends: d.yaml\nname: e\ntitle: E\n")
    for name in ("a.yaml", "d.yaml", "e.yaml"):
        with pytest.raises(RuleFileError) as caught:
            load_rules(str(tmp_path / name))
        where = caught.value.problems[0].location
        assert Path(where.file).name == "a.yaml" and where.line == 4, caught.value.report()
