"""The Duplicate page under AppTest: the marques entered étui by étui."""

from __future__ import annotations

from tutor.ui.club.duplicate import marque_key


def enter_marques(at, setup, marques: dict) -> None:
    """Each étui's marques, one per table that played it (in table order), typed into the results."""
    for etui, scores in marques.items():
        at.selectbox(key="dup_etui").set_value(etui)
        at.run()
        tables = sorted(t for e, t, _ in setup.plays() if e == etui)
        for table, score in zip(tables, scores):
            at.number_input(key=marque_key(etui, table)).set_value(score)
        at.run()
