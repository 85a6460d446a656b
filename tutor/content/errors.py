"""Turning pydantic validation errors into Problems an author can act on, with the YAML line.

>>> from pydantic import ValidationError
>>> from .schema import Lesson
>>> from .yamlio import load_text
>>> raw = load_text("id: x\\ntitle: T\\nsummary: S\\nskills: [deck]\\nminutes: 5\\n"
...                 "steps:\\n  - kind: txt\\n    body: hi\\nquiz: []\\n", "a.yaml")
>>> try:
...     Lesson.model_validate(raw)
... except ValidationError as err:
...     for p in pydantic_problems(err, raw, "a.yaml"):
...         print(p)
a.yaml:7: step 1: unknown step kind 'txt': use one of text, cards, table, example, check, mistake, summary
a.yaml:9: quiz: needs at least 2 items, has 0
"""

from __future__ import annotations

import difflib

from pydantic import ValidationError

from .schema import EXAMPLE_KINDS, STEP_KINDS, all_field_names
from .yamlio import LineDict, LineList, Problem

# Trailing parts pydantic adds inside unions and validators; they are not YAML keys.
_TYPE_PARTS = {"bool", "int", "float", "str", "none", "list[...]", "dict[str,any]"}

_TYPE_MESSAGES = {
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "list_type": "must be a list (items starting with '- ', or [a, b])",
    "tuple_type": "must be a list",
    "dict_type": "must be a mapping (key: value lines)",
    "model_type": "must be a mapping (key: value lines)",
    "model_attributes_type": "must be a mapping (key: value lines)",
}


def _fields() -> set[str]:
    return all_field_names() | {"french", "english", "definition", "lesson", "terms"}


def _describe(raw, loc: tuple) -> tuple[int, str, list[str], object]:
    """Walk ``loc`` through the raw YAML: (line, where, field path, node reached)."""
    node = raw
    line = getattr(raw, "line", 0) or 1
    where = ""
    fields: list[str] = []
    parts = list(loc)
    if len(parts) >= 2 and parts[0] in ("steps", "quiz", "terms") and isinstance(parts[1], int):
        top, index = parts[0], parts[1]
        item = None
        if isinstance(raw, LineDict) and isinstance(raw.get(top), LineList) and index < len(raw[top]):
            line = raw[top].lines[index]
            item = raw[top][index]
            node = item
        if top == "steps":
            kind = item.get("kind") if isinstance(item, dict) else None
            where = f"step {index + 1}" + (f" ({kind})" if isinstance(kind, str) and kind in STEP_KINDS else "")
        elif top == "quiz":
            where = f"quiz question {index + 1}"
        elif top == "terms":
            french = item.get("french") if isinstance(item, dict) else None
            where = f"term {index + 1}" + (f" ({french})" if isinstance(french, str) else "")
        parts = parts[2:]
        if node is None:
            return line, where, [str(p) for p in parts], None
        if top == "steps" and parts and isinstance(node, dict) and parts[0] == node.get("kind"):
            parts = parts[1:]  # the tag pydantic adds for the step union
    expect_tag = False
    for part in parts:
        if isinstance(node, LineDict):
            if expect_tag and node.get("kind") == part:  # the tag of the example union
                expect_tag = False
                continue
            if part in node:
                line = node.lines[part]
                node = node[part]
                fields.append(str(part))
                expect_tag = part == "example"
                continue
            if node.get("kind") == part:  # a union tag elsewhere
                continue
            if isinstance(part, str) and part.lower() in _TYPE_PARTS or "[" in str(part):
                continue
            fields.append(str(part))
            node = None
            break
        if isinstance(node, LineList) and isinstance(part, int) and part < len(node):
            line = node.lines[part]
            node = node[part]
            fields.append(f"item {part + 1}")
            continue
        if isinstance(part, str) and (part.lower() in _TYPE_PARTS or "[" in part):
            continue
        fields.append(str(part))
    return line, where, fields, node


def _message(err: dict, fields: list[str], node, at_steps: bool) -> tuple[str, list[str]]:
    """(message, field path to show) for one pydantic error."""
    typ = err["type"]
    ctx = err.get("ctx") or {}
    if typ == "missing":
        name = fields[-1] if fields else "?"
        return f"missing field '{name}'", fields[:-1]
    if typ == "extra_forbidden":
        name = fields[-1] if fields else "?"
        if name in _fields():
            return f"field '{name}' does not belong here", fields[:-1]
        guess = difflib.get_close_matches(name, sorted(_fields()), n=1)
        return f"unknown field '{name}'" + (f" (did you mean '{guess[0]}'?)" if guess else ""), fields[:-1]
    if typ in ("union_tag_invalid", "union_tag_not_found"):
        kinds = STEP_KINDS if at_steps else EXAMPLE_KINDS
        what = "step kind" if at_steps else "example kind"
        if typ == "union_tag_not_found":
            return f"missing 'kind': use one of {', '.join(kinds)}", fields
        return f"unknown {what} {ctx.get('tag')!r}: use one of {', '.join(kinds)}", fields
    if typ == "value_error":
        return str(ctx.get("error", err["msg"])), fields
    if typ == "literal_error":
        return f"{err.get('input')!r} is not allowed: use {ctx.get('expected')}", fields
    if typ == "too_short":
        return (f"needs at least {ctx.get('min_length')} item{'s' if ctx.get('min_length') != 1 else ''}, "
                f"has {ctx.get('actual_length')}"), fields
    if typ == "too_long":
        return f"has {ctx.get('actual_length')} items, at most {ctx.get('max_length')} allowed", fields
    if typ in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = ctx.get("ge", ctx.get("le", ctx.get("gt", ctx.get("lt"))))
        word = {"greater_than_equal": "at least", "less_than_equal": "at most",
                "greater_than": "more than", "less_than": "less than"}[typ]
        return f"must be {word} {bound}, not {err.get('input')!r}", fields
    if typ in _TYPE_MESSAGES:
        got = err.get("input")
        shown = "a list" if isinstance(got, list) else "a mapping" if isinstance(got, dict) else repr(got)
        return f"{_TYPE_MESSAGES[typ]}, not {shown}", fields
    return err["msg"], fields


def pydantic_problems(error: ValidationError, raw, path: str, *, top: str = "lesson") -> list[Problem]:
    """One Problem per distinct error, sorted by line; union branches are merged into one message."""
    seen: dict[tuple, Problem] = {}
    for err in error.errors():
        loc = tuple(err["loc"])
        line, where, fields, node = _describe(raw, loc)
        at_steps = len(loc) == 2 and loc[0] == "steps"
        msg, shown = _message(err, fields, node, at_steps)
        if err["type"] in ("union_tag_invalid",) and isinstance(node, LineDict) and "kind" in node.lines:
            line = node.lines["kind"]
        label = ".".join(shown).replace(".item ", " item ")
        prefix = ": ".join(p for p in (where, label) if p)
        text = f"{prefix}: {msg}" if prefix else msg
        key = (line, where, label)
        if key in seen:
            # Several union branches failed on the same value: say it once, plainly.
            if err["type"] in _TYPE_MESSAGES and seen[key].message != text:
                seen[key] = Problem(path, line, f"{prefix}: has the wrong type (give a number, true/false "
                                                f"or text)" if prefix else "has the wrong type")
            continue
        seen[key] = Problem(path, line, text)
    return sorted(seen.values(), key=lambda p: p.line)


_YAML_HINTS = (
    ("mapping values are not allowed", "text containing ': ' must be put in quotes"),
    ("found character '\\t'", "indent with spaces, not tabs"),
    ("expected ',' or ']'", "close the [ ] list, or put text containing commas or colons in quotes"),
    ("expected ',' or '}'", "close the { } mapping, or put text containing commas or colons in quotes"),
    ("could not find expected ':'", "a 'key: value' line is broken, or a quote is not closed"),
    ("did not find expected key", "check the indentation of this line and of the lines above"),
    ("expected <block end>", "check the indentation of this line and of the lines above"),
    ("found unexpected end of stream", "a quote or bracket is never closed"),
    ("duplicate key", "each field may appear only once in a mapping"),
)


def with_yaml_hints(problems: list[Problem]) -> list[Problem]:
    """Add what to do to PyYAML's messages.

    >>> print(with_yaml_hints([Problem("a.yaml", 3, "invalid YAML: mapping values are not allowed here")])[0])
    a.yaml:3: invalid YAML: mapping values are not allowed here (text containing ': ' must be put in quotes)
    """
    out = []
    for p in problems:
        hint = next((h for key, h in _YAML_HINTS if key in p.message), None)
        out.append(Problem(p.path, p.line, f"{p.message} ({hint})") if hint and p.message.startswith("invalid YAML")
                   else p)
    return out
