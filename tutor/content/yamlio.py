"""Safe YAML loading that remembers line numbers, so every content error can name its line.

>>> doc = load_text("title: Deck\\nsteps:\\n  - kind: text\\n    body: hi\\n", "x.yaml")
>>> doc.line, doc.lines["steps"], doc["steps"][0].line, doc["steps"][0].lines["body"]
(1, 2, 3, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from ..engine.rule_text import fill_rules
from ..limits import MAX_CONTENT_BYTES, MAX_DIGITS, MAX_YAML_DEPTH, MAX_YAML_NODES, shorten


class LineDict(dict):
    """A mapping from YAML with ``line`` (where it starts) and ``lines`` (key -> line of its value)."""

    line: int = 0
    lines: dict


class LineList(list):
    """A sequence from YAML with ``line`` and ``lines`` (item index -> line)."""

    line: int = 0
    lines: list


class _Loader(yaml.SafeLoader):
    pass


# libyaml's parser, when PyYAML has it, reads the course ten times faster with the same marks (line
# numbers). A file it refuses is read again by _Loader, whose error messages the content checks know.
class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be a plain value", key_node.start_mark) from None
        if key in out:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    return out


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.lines = [child.start_mark.line + 1 for child in node.value]
    return out


def _text(loader: _Loader, node: yaml.ScalarNode) -> str:
    """A string, with each ``{rule:<id>}`` replaced by the one statement of that rule (tutor.engine.rule_text)."""
    try:
        return fill_rules(loader.construct_scalar(node))
    except KeyError as err:
        raise yaml.constructor.ConstructorError(None, None, err.args[0], node.start_mark) from None


# The same, keeping ``{rule:<id>}`` as written: a translation is compared with its English source as written, and
# its rule sentences are put in later, in the learner's language (tutor.content.overlay).
class _RawLoader(yaml.SafeLoader):
    pass


class _RawFastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    pass


for _cls in (_Loader, _FastLoader, _RawLoader, _RawFastLoader):
    _cls.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    if _cls not in (_RawLoader, _RawFastLoader):
        _cls.add_constructor("tag:yaml.org,2002:str", _text)
    _cls.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a content file: where, and what to fix."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class ContentError(Exception):
    """A content file that cannot be used; carries its problems."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


_NUMBERISH = frozenset("0123456789+-_.:")


def _prescan(text: str, path: str, loader) -> None:
    """Walk the YAML events (the parser keeps its own stack, it never recurses) and refuse, before
    anything is built, what would crash or swamp the loader: deep nesting (libyaml's builder recurses
    in C: 100,000 brackets are a segmentation fault, 1,000 a RecursionError), an alias bomb (values
    counted as if every alias were expanded), and a number too long for ``int``.

    Raises ContentError; a YAML syntax error is left for the loader to report.
    """
    def refuse(event, message: str):
        line = event.start_mark.line + 1 if event.start_mark else 0
        raise ContentError([Problem(path, line, message)])

    sizes: dict[str, int] = {}   # anchor -> values in its node, aliases expanded
    stack: list[list] = []       # open collections: [anchor, values so far]
    total = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            if len(stack) >= MAX_YAML_DEPTH:
                refuse(event, f"nested more than {MAX_YAML_DEPTH} lists or mappings deep: flatten it")
            stack.append([event.anchor, 1])
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            anchor, size = stack.pop()
        elif isinstance(event, yaml.ScalarEvent):
            anchor, size = event.anchor, 1
            v = event.value
            if (event.implicit[0] and len(v) > MAX_DIGITS and v[:1] in _NUMBERISH
                    and set(v) <= _NUMBERISH):
                refuse(event, f"a number of {len(v):,} characters: no value here needs more than {MAX_DIGITS}")
        elif isinstance(event, yaml.AliasEvent):
            anchor, size = None, sizes.get(event.anchor, 1)
        else:
            continue
        if anchor is not None:
            sizes[anchor] = size
        total += size
        if stack:
            stack[-1][1] += size
        if total > MAX_YAML_NODES:
            refuse(event, f"more than {MAX_YAML_NODES:,} values once its aliases (*name) are expanded: "
                          "an alias bomb, or a file far too big")


def _refuse_size(text: str | bytes, path: str) -> None:
    if len(text) > MAX_CONTENT_BYTES:
        raise ContentError([Problem(path, 0, f"the file is larger than the {MAX_CONTENT_BYTES // 1024:,} KB "
                                             "a content file may be")])


def load_text(text: str, path: str = "<string>", *, rules: bool = True):
    """Parse YAML text (safe subset only) into LineDict/LineList values (``rules=False``: ``{rule:...}`` kept).

    Raises ContentError with the file and line for malformed YAML, and for text over the limits of
    ``tutor.limits`` (size, nesting, expanded aliases, long numbers), which are checked first.
    """
    _refuse_size(text, path)
    fast, slow = (_FastLoader, _Loader) if rules else (_RawFastLoader, _RawLoader)
    try:
        _prescan(text, path, fast)
        return yaml.load(text, Loader=fast)  # noqa: S506 - every loader here derives from SafeLoader
    except yaml.YAMLError:
        pass
    except (ValueError, RecursionError, MemoryError) as err:  # the prescan's limits should stop these first
        raise ContentError([Problem(path, 0, f"cannot read the file: {type(err).__name__}")]) from None
    try:
        _prescan(text, path, slow)  # the slow parser builds nothing deep either
        return yaml.load(text, Loader=slow)  # noqa: S506
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 0
        what = err.problem or str(err)
        if err.context:
            what = f"{err.context}, {what}"
        raise ContentError([Problem(path, line, f"invalid YAML: {shorten(what, 200)}")]) from None
    except yaml.YAMLError as err:
        raise ContentError([Problem(path, 0, f"invalid YAML: {shorten(str(err), 200)}")]) from None
    except (ValueError, RecursionError, MemoryError) as err:
        raise ContentError([Problem(path, 0, f"cannot read the file: {type(err).__name__}")]) from None


def load_file(path: str | Path, *, rules: bool = True):
    """Read and parse one YAML file; unreadable files become a ContentError too."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(MAX_CONTENT_BYTES + 1)  # never more: the path may be /dev/zero
        if len(data) > MAX_CONTENT_BYTES:
            _refuse_size(data, str(path))
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ContentError([Problem(str(path), 0, f"cannot read the file: {err}")]) from None
    return load_text(text, str(path), rules=rules)
