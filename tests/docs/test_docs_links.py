"""Every relative link and anchor in README.md and docs/ resolves: the file exists, and a ``#anchor`` is the
GitHub slug of a heading in the target page (so a renamed heading or a moved page cannot leave a dead link).
Every repository path the pages name in code (`tutor/…`, `tests/…`, `bench/…`) exists too, so a moved module
is found in the docs at once."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"`+[^`]*`+")
MD_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text: str):
    """(line number, line) outside fenced code blocks, with inline code spans blanked out."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, INLINE_CODE.sub("", line)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lower case, punctuation removed, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading keeps its words
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower()
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LNM")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a page; a repeated heading gets -1, -2… as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(path: Path):
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        for m in (*MD_LINK.finditer(line), *HTML_LINK.finditer(line)):
            yield number, m.group(1)


def broken(path: Path, target: str) -> str | None:
    """Why ``target`` (a link in ``path``) does not resolve, or None when it does."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("//"):
        return None  # an outside address (https:, mailto:): not this test's business
    where, _, anchor = target.partition("#")
    dest = (path.parent / where).resolve() if where else path
    if not dest.exists():
        return f"no such file: {where}"
    if anchor:
        if dest.suffix != ".md":
            return f"an anchor into a file that is not Markdown: {target}"
        if anchor not in anchors(dest):
            return f"no heading with the anchor #{anchor} in {dest.name}"
    return None


def test_the_slugs_are_githubs():
    assert slug("Languages / Langues") == "languages--langues"
    assert slug("Lessons and `tarot-tutor check`") == "lessons-and-tarot-tutor-check"
    assert slug("The organiser: club data on a shared server (`tutor/ui/organiser.py`)") == \
        "the-organiser-club-data-on-a-shared-server-tutoruiorganiserpy"
    assert slug("The bots' levels") == "the-bots-levels"
    assert slug("Entrées, « feuille de marque »") == "entrées--feuille-de-marque-"  # github-slugger keeps it


def test_a_dead_link_and_a_dead_anchor_are_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## Second part\n\n## Second part\n", encoding="utf-8")
    assert broken(page, "#second-part") is None and broken(page, "#second-part-1") is None
    assert "no heading" in broken(page, "#second-part-2")
    assert "no such file" in broken(page, "other.md#title")
    assert broken(page, "https://example.org/x#y") is None


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(path):
    problems = [f"{path.relative_to(ROOT)}:{n}: {why}" for n, target in links(path)
                if (why := broken(path, target))]
    assert not problems, "\n".join(problems)


NAMED_PATH = re.compile(r"`((?:tutor|tests|bench|lessons|puzzles|docs)/[^`\s]*)`")


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_repository_path_named_exists(path):
    named = {m.group(1).rstrip(".,;:") for m in NAMED_PATH.finditer(path.read_text(encoding="utf-8"))}
    patterns = {n for n in named if any(ch in n for ch in "<>*…{}")}  # `puzzles/guided/<id>.yaml`: a pattern
    missing = sorted(n for n in named - patterns if not (ROOT / n).exists())
    assert not missing, f"{path.relative_to(ROOT)} names paths that are not in the repository: {', '.join(missing)}"


def test_the_docs_index_lists_every_page():
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    listed = {(ROOT / "docs" / t.partition("#")[0]).resolve() for _, t in links(ROOT / "docs" / "README.md")}
    missing = [p.name for p in sorted((ROOT / "docs").glob("*.md")) if p.name != "README.md" and p not in listed]
    assert not missing, f"docs/README.md does not link to: {', '.join(missing)}"
    assert index.strip()
