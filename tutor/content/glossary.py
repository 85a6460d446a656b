"""The French–English glossary (``lessons/glossary.yaml``) that lessons refer to by French term.

The file is a mapping with one key, ``terms``: a list of entries with ``french``, ``english``,
``definition`` and optionally ``lesson`` (the id of the lesson that teaches it).

>>> from .yamlio import load_text
>>> g, problems = glossary_from_data(load_text('''
... terms:
...   - {french: chien, english: dog, definition: The cards dealt face down., lesson: dealing}
... '''), "g.yaml")
>>> g.get("Chien").english, problems
('dog', [])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field, ValidationError

from .errors import pydantic_problems, with_yaml_hints
from .nodes import Node, OneLine, Slug, Text
from .overlay import read_translated, term_key
from .yamlio import ContentError, LineDict, Problem, load_file

GLOSSARY_FILE = "glossary.yaml"


class Term(Node):
    """One glossary entry."""

    french: OneLine
    english: OneLine
    definition: Text
    lesson: Slug | None = None


class GlossaryFile(Node):
    terms: list[Term] = Field(min_length=1)


@dataclass
class Glossary:
    """The glossary entries, looked up by French term (``get``) or English (``by_english``)."""

    path: str
    terms: list[Term] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._by_key = {term_key(t.french): t for t in self.terms}

    def get(self, french: str) -> Term | None:
        return self._by_key.get(term_key(french))

    def __contains__(self, french: str) -> bool:
        return term_key(french) in self._by_key

    def by_english(self, english: str) -> list[Term]:
        key = term_key(english)
        return [t for t in self.terms if term_key(t.english) == key]

    def as_dicts(self) -> list[dict]:
        """Plain rows for tables: french, english, definition, lesson."""
        return [{"french": t.french, "english": t.english, "definition": t.definition.strip(),
                 "lesson": t.lesson} for t in self.terms]


def glossary_from_data(raw, path: str) -> tuple[Glossary | None, list[Problem]]:
    """Validate parsed YAML as a glossary."""
    if not isinstance(raw, LineDict):
        return None, [Problem(path, getattr(raw, "line", 1) or 1,
                              "a glossary is a mapping with one key, 'terms': a list of entries")]
    try:
        data = GlossaryFile.model_validate(raw)
    except ValidationError as err:
        return None, pydantic_problems(err, raw, path, top="glossary")
    problems = []
    seen: dict[str, int] = {}
    for i, t in enumerate(data.terms):
        key = term_key(t.french)
        if key in seen:
            problems.append(Problem(path, t.line, f"term {i + 1} ({t.french!r}) repeats the entry on line {seen[key]}"))
        else:
            seen[key] = t.line
    return Glossary(path, list(data.terms)), problems


def load_glossary(path: str | Path, lang: str | None = None) -> tuple[Glossary | None, list[Problem]]:
    """Load and validate a glossary file: (glossary or None, problems). With ``lang`` (not English), the
    definitions of its translation (``<dir>/<lang>/glossary.yaml``) when there is a usable one."""
    try:
        raw = read_translated(path, lang, "glossary")[0] if lang and lang != "en" else load_file(path)
    except ContentError as err:
        return None, with_yaml_hints(err.problems)
    return glossary_from_data(raw, str(path))
