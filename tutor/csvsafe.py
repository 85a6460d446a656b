"""CSV cells a spreadsheet will not run: the guard against formula injection (OWASP's advice).

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula to
Excel, LibreOffice or Google Sheets, so a learner who joins as ``=HYPERLINK(...)`` would put a live
link into the teacher's spreadsheet. ``guard`` puts a single quote before such a cell (the
spreadsheet shows the text as typed); a number such as ``-52`` is left alone. ``unguard`` takes
that quote off again on import. A cell that already starts with quotes before such a character
gets one more, so every cell comes back exactly.

>>> guard("=HYPERLINK(1)"), guard("-52"), guard("Ann"), guard("'=x")
("'=HYPERLINK(1)", '-52', 'Ann', "''=x")
>>> unguard("'=HYPERLINK(1)"), unguard("-52"), unguard("''=x"), unguard("'Tis")
('=HYPERLINK(1)', '-52', "'=x", "'Tis")
"""

from __future__ import annotations

import re

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)")


def _risky(text: str) -> bool:
    """Starts like a formula once any leading quotes are taken off, and is not a plain number."""
    return text.lstrip("'").startswith(TRIGGERS) and not _NUMBER.fullmatch(text)


def guard(cell) -> str:
    """The cell as text, with a quote before it when a spreadsheet would read a formula."""
    text = "" if cell is None else str(cell)
    return "'" + text if _risky(text) else text


def unguard(cell: str) -> str:
    """What ``guard`` was given: the one quote it added is taken off."""
    return cell[1:] if cell.startswith("'") and _risky(cell[1:]) else cell
