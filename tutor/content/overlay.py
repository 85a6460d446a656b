"""A translation laid over an English content file: lessons, the glossary, puzzles and guided hands.

The English file stays the one source of structure, answers, cards, ``verify`` blocks and generators. A file of
the same name in the language's folder (``lessons/fr/03-card-values.yaml``, ``puzzles/fr/legal.yaml``) gives only
the text, at the same places. ``check_lesson`` compares the two: a step, a check, an option or a point missing or
one too many, another kind at a place, a key the English lacks or has, a placeholder lost, and an ``en:`` stamp
that no longer matches the English text (the English changed since the translation: revisit it). ``apply``
lays the text over the English data. Every problem names the translated file and its line.

>>> from .yamlio import load_text
>>> en = load_text("title: Deck\\nsummary: S\\nsteps:\\n  - kind: text\\n    body: Hi\\nquiz: []\\n", "e.yaml",
...                rules=False)
>>> fr = load_text("title: Jeu\\nsummary: R\\nsteps:\\n  - kind: cards\\n    body: Salut\\nquiz: []\\n", "f.yaml",
...                rules=False)
>>> [str(p) for p in check_lesson(en, fr, "f.yaml").problems]
['f.yaml:4: step 1: the English step 1 is a text step, not cards: keep the steps in the English order']
>>> stamp_of(en["steps"][0]), stamp_of({"body": "Hi"}) == stamp_of({"body": "Hi "})
('ff82643c', False)
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.rule_text import RULE_TEXT
from ..i18n import _
from .yamlio import ContentError, LineDict, LineList, Problem, load_file

# The keys whose values are words a learner reads (lessons, glossary, puzzles, guided hands).
TEXT_KEYS = ("title", "summary", "body", "caption", "question", "options", "explain", "hint", "intro", "after",
             "wrong", "right", "why", "points", "definition", "explanation", "text", "end")
STYLE_KEYS = ("callout",)  # a style (note, tip, house-rule): repeated as it is, or left out
STAMP = "en"  # the stamp key: a short hash of the English text the translation was made from
WORDS = "answer_words"  # the words accepted for a typed word answer, in the translation's language
STAMP_COMMAND = "tarot-tutor check --stamp-french"
_PLACEHOLDER = re.compile(r"\{[a-z_]+:[^{}]*\}")
_RULE = re.compile(r"\{rule:([a-z_]+)\}")


def overlay_path(path: str | Path, lang: str) -> Path:
    """Where the ``lang`` text of an English content file lives: ``lessons/x.yaml`` -> ``lessons/fr/x.yaml``,
    ``puzzles/guided/x.yaml`` -> ``puzzles/fr/guided/x.yaml``."""
    p = Path(path)
    if p.parent.name == "guided":
        return p.parent.parent / lang / "guided" / p.name
    return p.parent / lang / p.name


def english_path(path: str | Path) -> Path:
    """The English file a translation belongs to (the inverse of ``overlay_path``)."""
    p = Path(path)
    if p.parent.name == "guided":
        return p.parent.parent.parent / "guided" / p.name
    return p.parent.parent / p.name


def term_key(text: str) -> str:
    """How terms are matched: case, accents and apostrophe styles ignored.

    >>> term_key("Écart") == term_key("ecart")
    True
    """
    text = unicodedata.normalize("NFKD", str(text).strip().lower().replace("œ", "oe").replace("’", "'"))
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).split())


def read_translated(path: str | Path, lang: str, what: str = "lesson"):
    """The English file ``path`` read with the ``lang`` text laid over it: (data, overlay or None).

    ``what`` is ``lesson``, ``glossary`` or ``puzzles`` (a puzzle file or a guided hand). Without a translation,
    or with one that cannot be used (its problems are on the overlay), the English data as ``load_file`` reads
    it. The ``{rule:...}`` sentences of a translation are put in the current language (``_()``)."""
    fr_path = overlay_path(path, lang)
    if lang == "en" or not fr_path.is_file():
        return load_file(path), None
    try:
        fr = load_file(fr_path, rules=False)
    except ContentError as err:
        return load_file(path), Overlay(str(fr_path), list(err.problems))
    en = load_file(path, rules=False)
    ov = CHECKERS[what](en, fr, str(fr_path))
    if not ov.usable:
        return load_file(path), ov
    ov.words = apply(ov)
    if fill_rules_translated(en):  # an unknown rule in the English: its own load names the line
        return load_file(path), ov
    return en, ov


def _label(option) -> str:
    if isinstance(option, dict):
        return str(option.get("label", option.get("value")))
    return str(option)


def text_of(node, keys=TEXT_KEYS) -> dict:
    """The text of one place of an English file, as the stamp covers it (options by their labels)."""
    if not isinstance(node, dict):
        return {}
    out = {}
    for k in keys:
        if k in node and node[k] is not None:
            v = node[k]
            out[k] = [_label(o) for o in v] if k == "options" and isinstance(v, list) else v
    return out


def stamp_of(node, keys=TEXT_KEYS) -> str | None:
    """A short hash of a place's English text (None when it has none): stored as ``en:`` in the translation."""
    text = text_of(node, keys)
    if not text:
        return None
    blob = json.dumps(text, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:8]


@dataclass
class Pair:
    """One place (the top of a file, a step, a quiz question, a glossary term, a puzzle), in both files."""

    where: str
    en: dict
    fr: LineDict
    keys: tuple = TEXT_KEYS


@dataclass
class Overlay:
    """What comparing a translation with its English file found: problems, and the matched places."""

    path: str
    problems: list[Problem] = field(default_factory=list)  # structure: the translation cannot be used
    stale: list[Problem] = field(default_factory=list)  # stamps missing or out of date: usable, but revisit
    pairs: list[Pair] = field(default_factory=list)
    words: dict = field(default_factory=dict)  # place -> accepted typed words, once applied

    @property
    def usable(self) -> bool:
        return not self.problems

    def add(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message))


def _line(node, key=None) -> int:
    if key is not None and isinstance(node, LineDict) and key in node.lines:
        return node.lines[key]
    return getattr(node, "line", 0) or 0


def _kind_text(en) -> str:
    return str(en.get("kind")) if isinstance(en, dict) and en.get("kind") else ""


def _compare(out: Overlay, where: str, en: dict, fr, keys=TEXT_KEYS, *, kind: bool = False,
             extra: tuple = ()) -> None:
    """One place: the same keys as the English text, lists of the same length, placeholders kept, a stamp."""
    if not isinstance(fr, LineDict):
        out.add(_line(fr), f"{where}: a mapping of text keys (key: text), not {type(fr).__name__}")
        return
    if kind and fr.get("kind") != en.get("kind"):
        short = where.split(" (")[0]
        out.add(_line(fr, "kind"), f"{short}: the English {short} is a {en.get('kind')} step, not "
                                   f"{fr.get('kind', 'a step without kind')}: keep the steps in the English order")
        return
    wanted = set(text_of(en, keys))
    allowed = wanted | {STAMP, *extra, *(("kind",) if kind else ())}
    allowed |= {k for k in STYLE_KEYS if k in en}
    for k in fr:
        if k not in allowed:
            why = "the English has no such key here" if k in TEXT_KEYS else "a translation gives only the text"
            out.add(_line(fr, k), f"{where}: '{k}': {why}; remove it")
    for k in STYLE_KEYS:
        if k in fr and fr[k] != en.get(k):
            out.add(_line(fr, k), f"{where}: '{k}' is a style, not words: write {en.get(k)!r} as the English does")
    for k in TEXT_KEYS:
        if k not in wanted:
            continue
        if k not in fr or fr[k] is None:
            out.add(_line(fr), f"{where}: '{k}' is missing (the English has it)")
            continue
        ev, fv = en[k], fr[k]
        if isinstance(ev, list):
            if not isinstance(fv, list):
                out.add(_line(fr, k), f"{where}: '{k}' must be a list of {len(ev)}, as in the English")
                continue
            if len(fv) != len(ev):
                more = "one too many" if len(fv) == len(ev) + 1 else "too many" if len(fv) > len(ev) else "missing"
                out.add(_line(fr, k), f"{where}: '{k}' has {len(fv)} items, the English {len(ev)} ({more}): "
                                      "same number, same order")
                continue
            pairs = [(_label(a), b, (fv.lines[i] if isinstance(fv, LineList) else _line(fr, k)))
                     for i, (a, b) in enumerate(zip(ev, fv))]
        else:
            pairs = [(ev, fv, _line(fr, k))]
        for e_text, f_text, line in pairs:
            if not isinstance(f_text, str | int | float) or isinstance(f_text, bool) or not str(f_text).strip():
                out.add(line, f"{where}: '{k}' must be text")
                continue
            lost = Counter(_PLACEHOLDER.findall(str(e_text))) - Counter(_PLACEHOLDER.findall(str(f_text)))
            added = Counter(_PLACEHOLDER.findall(str(f_text))) - Counter(_PLACEHOLDER.findall(str(e_text)))
            if lost or added:
                said = ", ".join([*(f"{p} is missing" for p in lost), *(f"{p} is not in the English" for p in added)])
                out.add(line, f"{where}: '{k}': {said}; keep every placeholder exactly as in English")
            for rid in _RULE.findall(str(f_text)):
                if rid not in RULE_TEXT:
                    out.add(line, f"{where}: '{k}': unknown rule {{rule:{rid}}}")
    _check_stamp(out, where, en, fr, keys)


def _check_stamp(out: Overlay, where: str, en, fr: LineDict, keys) -> None:
    want = stamp_of(en, keys)
    have = fr.get(STAMP)
    if want is None:
        if have is not None:
            out.add(_line(fr, STAMP), f"{where}: the English has no text here, so no '{STAMP}:' stamp")
        return
    if have is None:
        out.stale.append(Problem(out.path, _line(fr), f"{where}: no '{STAMP}:' stamp yet: check the translation "
                                                      f"against the English, then run {STAMP_COMMAND}"))
    elif str(have) != want:
        out.stale.append(Problem(out.path, _line(fr, STAMP),
                                 f"{where}: out of date: the English text changed since this was translated "
                                 f"(stamp {have}, English now {want}); revisit it, then run {STAMP_COMMAND}"))
    else:
        return


def _pair_lists(out: Overlay, what: str, en_list, fr_list, fr_parent: LineDict, key: str, *, kind: bool,
                named) -> list[tuple[str, dict, object]]:
    """Match two lists place by place; a missing or extra place is a problem naming its line."""
    if en_list is None:
        en_list = []
    if fr_list is None or not isinstance(fr_list, list):
        if en_list:
            out.add(_line(fr_parent, key), f"'{key}' is missing or not a list: give one entry per English "
                                           f"{what} ({len(en_list)})")
        return []
    matched = []
    for i, e in enumerate(en_list):
        where = named(i, e)
        if i >= len(fr_list):
            out.add(fr_list.lines[-1] if fr_list.lines else _line(fr_parent, key),
                    f"{where} is missing: the English has {len(en_list)} {what}s, this file {len(fr_list)}")
            break
        matched.append((where, e, fr_list[i]))
    for j in range(len(en_list), len(fr_list)):
        out.add(fr_list.lines[j], f"{what} {j + 1}: one too many: the English has {len(en_list)} {what}s")
    return matched


def check_lesson(en: LineDict, fr, fr_path: str) -> Overlay:
    """Compare a translated lesson with its English lesson (both read with ``rules=False``)."""
    out = Overlay(str(fr_path))
    if not isinstance(fr, LineDict):
        out.add(_line(fr) or 1, "a translated lesson is a mapping: title, summary, steps, quiz")
        return out
    for k in fr:
        if k not in ("title", "summary", "steps", "quiz", STAMP):
            out.add(_line(fr, k), f"'{k}': a translated lesson gives only title, summary, steps and quiz "
                                  "(the rest stays in the English file)")
    top_en = {k: en[k] for k in ("title", "summary") if k in en}
    top_fr = LineDict({k: fr[k] for k in fr if k in ("title", "summary", STAMP)})
    top_fr.line, top_fr.lines = fr.line, {k: v for k, v in fr.lines.items() if k in top_fr}
    _compare(out, "the title and summary", top_en, top_fr)
    out.pairs.append(Pair("top", en, top_fr))
    steps = _pair_lists(out, "step", en.get("steps"), fr.get("steps"), fr, "steps", kind=True,
                        named=lambda i, e: f"step {i + 1} ({_kind_text(e)})")
    for where, e, f in steps:
        n = len(out.problems)
        _compare(out, where, e, f, kind=True, extra=_words_key(e))
        if len(out.problems) == n:
            out.pairs.append(Pair(where, e, f))
    quiz = _pair_lists(out, "quiz question", en.get("quiz"), fr.get("quiz"), fr, "quiz", kind=False,
                       named=lambda i, e: f"quiz question {i + 1}")
    for where, e, f in quiz:
        n = len(out.problems)
        _compare(out, where, e, f, extra=_words_key(e))
        if len(out.problems) == n:
            out.pairs.append(Pair(where, e, f))
    for p in out.pairs:
        if WORDS in p.fr:
            words = p.fr[WORDS]
            if not isinstance(words, list) or not words or not all(isinstance(w, str) and w.strip() for w in words):
                out.add(_line(p.fr, WORDS), f"{p.where}: '{WORDS}' is a list of the words accepted, like [oui]")
    return out


def _words_key(en) -> tuple:
    """``answer_words`` is allowed where the English answer is a typed word (text, no options)."""
    typed_word = (isinstance(en, dict) and isinstance(en.get("answer"), str) and en.get("options") is None
                  and en.get("generator") is None and " " not in en["answer"].strip()
                  and not any(ch.isdigit() for ch in en["answer"]))
    return (WORDS,) if typed_word else ()


def apply(overlay: Overlay) -> dict:
    """Lay the text of every matched place over its English node, in place; returns {where: answer words}."""
    words = {}
    for p in overlay.pairs:
        for k in text_of(p.en, p.keys):
            if k not in p.fr:
                continue
            if k == "options":
                p.en[k] = [_relabel(o, label) for o, label in zip(p.en[k], p.fr[k])]
            elif isinstance(p.en[k], list):
                p.en[k] = LineList(str(x) for x in p.fr[k])
                p.en[k].line, p.en[k].lines = _line(p.fr, k), list(getattr(p.fr[k], "lines", []))
            else:
                p.en[k] = str(p.fr[k])
        if WORDS in p.fr and isinstance(p.fr[WORDS], list):
            words[p.where] = [str(w) for w in p.fr[WORDS]]
    return words


def _relabel(option, label) -> dict:
    """An English option with the translated label; its value (what the answer is compared with) unchanged."""
    value = option.get("value") if isinstance(option, dict) else option
    out = LineDict(value=value, label=str(label))
    out.line = getattr(option, "line", 0)
    out.lines = dict(getattr(option, "lines", {}))
    return out


def fill_rules_translated(node) -> list[str]:
    """Put each ``{rule:<id>}`` of every string in the rule's sentence in the current language, in place.

    Returns the unknown rule ids (the check reports them at their line)."""
    unknown: list[str] = []

    def one(text: str) -> str:
        def sub(m):
            if m.group(1) not in RULE_TEXT:
                unknown.append(m.group(1))
                return m.group(0)
            return _(RULE_TEXT[m.group(1)])
        return _RULE.sub(sub, text)

    def walk(n) -> None:
        items = n.items() if isinstance(n, dict) else enumerate(n) if isinstance(n, list) else ()
        for k, v in list(items):
            if isinstance(v, str):
                n[k] = one(v)
            else:
                walk(v)
    walk(node)
    return unknown


GLOSSARY_KEYS = ("definition",)  # the stamp covers the definition; ``english`` may be given, ``french`` is the key


def check_glossary(en, fr, fr_path: str) -> Overlay:
    """Compare a translated glossary (one entry per English entry, same order, same French term) with the English."""
    out = Overlay(str(fr_path))
    if not isinstance(fr, LineDict) or not isinstance(en, dict):
        out.add(_line(fr) or 1, "a translated glossary is a mapping with one key, 'terms'")
        return out
    for k in fr:
        if k != "terms":
            out.add(_line(fr, k), f"'{k}': a translated glossary has only 'terms'")
    terms = _pair_lists(out, "term", en.get("terms"), fr.get("terms"), fr, "terms", kind=False,
                        named=lambda i, e: f"term {i + 1} ({e.get('french') if isinstance(e, dict) else '?'})")
    for where, e, f in terms:
        n = len(out.problems)
        if isinstance(f, LineDict) and term_key(str(f.get("french", ""))) != term_key(str(e.get("french", ""))):
            out.add(_line(f, "french") or _line(f), f"{where}: 'french' must be {e.get('french')!r}, the English "
                                                    "entry's term at this place (same order as the English)")
        _compare(out, where, e, f, GLOSSARY_KEYS, extra=("french", "english"))
        if len(out.problems) == n:
            out.pairs.append(Pair(where, e, f, ("definition", "english")))
    return out


def check_puzzles(en, fr, fr_path: str) -> Overlay:
    """Compare a translated puzzle file (a mapping from each puzzle id to its text) with the English list."""
    out = Overlay(str(fr_path))
    if not isinstance(fr, LineDict):
        out.add(_line(fr) or 1, "a translated puzzle file maps each puzzle id to its text: 'id: {title: ...}'")
        return out
    by_id = {p.get("id"): p for p in (en if isinstance(en, list) else [en]) if isinstance(p, dict)}
    for pid in by_id:
        if pid not in fr:
            out.add(fr.line or 1, f"puzzle '{pid}' is missing: give its text (the English file has it)")
    for pid, f in fr.items():
        if pid not in by_id:
            out.add(_line(fr, pid), f"puzzle '{pid}': one too many, no English puzzle has this id")
            continue
        e, where, n = by_id[pid], f"puzzle '{pid}'", len(out.problems)
        moments = e.get("moments") if isinstance(e.get("moments"), list) else None
        _compare(out, where, e, f, extra=("moments",) if moments else ())
        if moments and isinstance(f, LineDict):  # a guided hand: one entry per moment, same order
            if not any(text_of(m) for m in moments):
                continue
            for w, em, fm in _pair_lists(out, "moment", moments, f.get("moments"), f, "moments", kind=False,
                                         named=lambda i, _e, pid=pid: f"puzzle '{pid}' moment {i + 1}"):
                m = len(out.problems)
                _compare(out, w, em, fm)
                if len(out.problems) == m:
                    out.pairs.append(Pair(w, em, fm))
        if len(out.problems) == n:
            out.pairs.append(Pair(where, e, f))
    return out


CHECKERS = {"lesson": check_lesson, "glossary": check_glossary, "puzzles": check_puzzles}


def word_answers(words: dict, english_answer: str) -> frozenset:
    """The accepted typed words of a check, compared as the glossary compares terms."""
    return frozenset(term_key(w) for w in words) | {term_key(english_answer)}


__all__ = ["STAMP", "STAMP_COMMAND", "TEXT_KEYS", "WORDS", "Overlay", "Pair", "apply", "check_glossary",
           "check_lesson", "check_puzzles", "english_path", "read_translated",
           "fill_rules_translated", "overlay_path", "stamp_of", "text_of", "word_answers"]
