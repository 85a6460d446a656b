"""The house stays readable: every module of ``tutor`` under 500 lines, every folder at most 20 modules, and no
import cycle anywhere (the ``no-cycles`` contract in pyproject.toml, checked here on the import graph too)."""

import sys
from pathlib import Path

import pytest

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
PACKAGE = ROOT / "tutor"
MAX_LINES = 500  # a module a newcomer reads in one sitting
MAX_MODULES = 20  # a folder whose names fit on one screen
MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_is_under_500_lines(path):
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines < MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by topic"


def test_every_folder_holds_at_most_20_modules():
    folders = {p.parent for p in MODULES}
    crowded = {str(f.relative_to(ROOT)): n for f in folders
               if (n := sum(1 for p in f.glob("*.py") if p.name != "__init__.py")) > MAX_MODULES}
    assert crowded == {}, "split these folders into rooms"


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import graph's strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle_through_three_modules():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_tutor_imports_itself_back_through_others():
    import grimp

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        graph = grimp.build_graph("tutor", exclude_type_checking_imports=True)  # what runs, not type hints
    finally:  # put back: a later test in this process counts on the usual limit (a nesting refused at 1,000)
        sys.setrecursionlimit(limit)
    edges = {m: {i for i in graph.find_modules_directly_imported_by(m) if i.startswith("tutor")}
             for m in graph.modules if m.startswith("tutor")}
    assert _cycles(edges) == []
