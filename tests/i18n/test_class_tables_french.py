"""Every message of the class tables (issue 36, point 6) has its French, with the same placeholders: the store's
refusals, the teacher's section, the learner's seat on the Class page and the class table's words on Play together."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from tutor import i18n

ROOT = Path(__file__).resolve().parents[2]
MODULES = ("classroom/class_tables.py", "classroom/tables.py", "practice/together.py", "ui/classroom/class_tables.py",
           "ui/classroom/class_seat.py", "ui/together/table_page.py")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_every_class_tables_message_has_its_french_with_its_placeholders(tmp_path):
    pot = tmp_path / "class_tables.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-k", "N_", "-k", "NP_:1c,2",
                    "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3", "-o", str(pot), "--omit-header",
                    *(str(ROOT / "tutor" / m) for m in MODULES)], check=True, capture_output=True, cwd=ROOT)
    with pot.open("rb") as fh:
        msgs = [m for m in read_po(fh) if m.id]
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in msgs}
    assert {"Tables for this class", "Go to my table", "{name} is seated twice."} <= ids  # the extraction saw them
    cat = i18n.catalogue("fr")
    missing, bad = [], []
    for m in msgs:
        found = cat.get(m.id, context=m.context)
        strings = () if found is None else found.string if isinstance(found.string, tuple) else (found.string,)
        if not strings or not all(strings):
            missing.append(m.id)
            continue
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in (m.id if isinstance(m.id, tuple) else (m.id,))))
        bad += [(m.id, s) for s in strings if set(PLACEHOLDER.findall(s)) != wanted]
    assert missing == [] and bad == []
    with i18n.using("fr"):
        assert i18n._("Tables for this class") == "Tables de la classe"
        assert i18n.ngettext("{n} learner has joined this quiz. Seat them at tables of 3, 4 or 5, by hand or "
                             "shuffled; the empty seats are bots. You host the tables from here and do not play.",
                             "{n} learners have joined this quiz. Seat them at tables of 3, 4 or 5, by hand or "
                             "shuffled; the empty seats are bots. You host the tables from here and do not play.",
                             2).startswith("{n} élèves ont rejoint")
