"""The `muggins` command: validate and inspect rule files, and play games from them.

Every error a person can cause (a wrong rule file, an unknown name, an illegal move) is one of
our MugginsError family and is printed as located lines with exit code 1; usage errors exit 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

import yaml

from . import __version__
from .errors import MugginsError, RuleFileError
from .loader import builtin_rule_names, load_rules, rules_schema

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.run(args)
    except RuleFileError as exc:
        print(exc.report(), file=sys.stderr)
        return EXIT_FAILED
    except MugginsError as exc:
        print(f"muggins: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("muggins: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="muggins",
        description="A rules engine for the Muggins family of games, with the games written as YAML.",
        epilog="Rules are named by a built-in name (see `muggins rules list`) or a path to a YAML file.",
    )
    parser.add_argument("--version", action="version", version=f"muggins {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    validate = commands.add_parser("validate", help="check rule files; print located errors",
                                   description="Load each rule file (resolving `extends`), check it against the "
                                               "schema and compile its expressions. Exit 0 when all are valid.")
    validate.add_argument("files", nargs="+", metavar="FILE_OR_NAME")
    validate.set_defaults(run=_validate)

    rules = commands.add_parser("rules", help="list or show rule files")
    rules_commands = rules.add_subparsers(title="rules commands", metavar="COMMAND")
    listing = rules_commands.add_parser("list", help="the built-in rule files and variants")
    listing.set_defaults(run=_rules_list)
    show = rules_commands.add_parser("show", help="print rules resolved through `extends`",
                                     description="Print the rules as the engine sees them, after `extends` is "
                                                 "resolved, so a variant's changes can be checked.")
    show.add_argument("rules", metavar="FILE_OR_NAME")
    show.add_argument("--json", action="store_true", help="print JSON instead of YAML")
    show.set_defaults(run=_rules_show)
    rules.set_defaults(run=lambda args: (rules.print_help(), EXIT_USAGE)[1])

    schema = commands.add_parser("schema", help="print a JSON Schema (for editors and tools)")
    schema.add_argument("which", choices=["rules"], help="which schema: rules")
    schema.set_defaults(run=_schema)
    return parser


def _validate(args: argparse.Namespace) -> int:
    failed = 0
    for spec in args.files:
        try:
            rules = load_rules(spec)
        except RuleFileError as exc:
            failed += 1
            print(exc.report(), file=sys.stderr)
        else:
            print(f"{spec}: valid ({rules.name}{', extends ' + ' <- '.join(rules.bases) if rules.bases else ''})")
    if len(args.files) > 1:
        print(f"{len(args.files) - failed} valid, {failed} invalid")
    return EXIT_FAILED if failed else EXIT_OK


def _rules_list(args: argparse.Namespace) -> int:
    rows = []
    for name in builtin_rule_names():
        rules = load_rules(name)
        base = f" (extends {rules.bases[0]})" if rules.bases else ""
        rows.append((name, f"{rules.description}{base}"))
    width = max(len(name) for name, _ in rows)
    for name, text in rows:
        print(f"{name.ljust(width)}  {text}")
    return EXIT_OK


def _rules_show(args: argparse.Namespace) -> int:
    rules = load_rules(args.rules)
    if args.json:
        print(json.dumps(rules.data, indent=2, ensure_ascii=False))
        return EXIT_OK
    chain = " <- ".join((rules.name,) + rules.bases)
    print(f"# {rules.title}: resolved from {rules.origin} ({chain})")
    print(f"# digest {rules.digest[:16]}")
    print(yaml.dump(dict(rules.data), Dumper=_RulesDumper, sort_keys=False, allow_unicode=True, width=100), end="")
    return EXIT_OK


class _RulesDumper(yaml.SafeDumper):
    """Writes lists of plain values on one line, as rule files are written by hand."""

    def represent_list(self, data):  # noqa: D102 - PyYAML hook
        flow = all(not isinstance(item, (dict, list)) for item in data)
        return self.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_RulesDumper.add_representer(list, _RulesDumper.represent_list)


def _schema(args: argparse.Namespace) -> int:
    print(json.dumps(rules_schema(), indent=2, ensure_ascii=False))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
