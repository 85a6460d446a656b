"""The Duplicate page: set up an individual duplicate tournament, print its paper, enter the marques étui
by étui and table by table, and see the FFT's ranking (``tutor.club.duplicate``), with a CSV export.

The set-up (étuis judged prenable by the bidding estimator, about 0.3 s an étui) is made when its button
is pressed and saved in the database with every marque (``duplicate_saving``): the address (``?t=ID``)
reopens the tournament after a reload or on another device, where each table enters its own marques.
"""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from ...club.duplicate import ORIENTATIONS, DuplicateError, Result, pct, rank, side
from ...club.duplicate_csv import to_csv
from ...club.duplicate_setup import Setup, make_setup
from ...engine import TarotError
from ...i18n import N_, _, language, ngettext, pgettext
from ...limits import MAX_DUPLICATE_ETUIS, MAX_DUPLICATE_SCORE, MAX_DUPLICATE_TABLES, MAX_NAME_CHARS, MAX_SEED
from ...progress.duplicate_store import clean_tournament_name
from ...worksheets.duplicate import diagrams_pdf, fiches_pdf, movement_pdf
from ..common.safe import plain
from ..common.widgets import download, minus_table
from . import duplicate_list, organiser
from . import duplicate_saving as saving
from .duplicate_saving import MARQUES, SETUP, TID, fixing_notice, marque_key  # noqa: F401 (tests)

PDFS = "dup_pdfs"    # session key: (tournament, language, diagrams, fiches, movement) bytes


@st.cache_data(show_spinner=False, max_entries=8)
def _setup(tables: int, rounds: int, per_round: int, seed: int, lines: tuple) -> Setup:
    return make_setup(tables, rounds, per_round, seed, lines or None)


def render() -> None:
    st.title(_("Duplicate"))
    st.caption(_("The FFT's competition format: every table plays the same étuis and each result is compared "
                 "only with the others who held the same cards."))
    organiser.hand_cookie()
    saving.from_address()
    saving.flash()
    setup = st.session_state.get(SETUP)
    if setup is None:
        duplicate_list.render_list()
        render_setup()
        st.info(_("Set up a tournament above to print its paper and enter its results."))
        return
    duplicate_list.render_header()
    render_summary(setup)
    st.divider()
    render_print(setup)
    st.divider()
    results = render_entry(setup)
    st.divider()
    render_results(results)
    saving.watch()


def _names(text: str, tables: int, o: str) -> tuple[str, ...]:
    names = [" ".join(n.split()) for n in text.split(",") if n.strip()]
    if not names:
        return tuple(f"{side(o)} {i + 1}" for i in range(tables))
    if len(names) != tables:
        raise TarotError(_("{side}: {n} names for {tables} tables (one a table)").format(side=side(o), n=len(names),
                                                                                         tables=tables))
    too_long = next((n for n in names if len(n) > MAX_NAME_CHARS), None)
    if too_long:
        raise TarotError(_("{side}: a name is longer than {n} characters").format(side=side(o), n=MAX_NAME_CHARS))
    return tuple(names)


def render_setup() -> None:
    # Only the button prepares: the tournament is saved for everyone, so an Enter in a field must not make one.
    with st.form("dup_form", border=True, enter_to_submit=False):
        st.subheader(_("Set up"))
        st.text_input(_("Name of the tournament"), value=_("Duplicate {day}").format(day=f"{datetime.now():%Y-%m-%d}"),
                      key="dup_name_new", max_chars=120)
        c1, c2, c3, c4 = st.columns(4)
        c1.number_input(_("Tables"), min_value=2, max_value=MAX_DUPLICATE_TABLES, value=3, step=1, key="dup_tables")
        c2.number_input(_("Rounds"), min_value=2, max_value=MAX_DUPLICATE_TABLES, value=3, step=1, key="dup_rounds",
                        help=_("Each étui is played once a round, so this many times in all (at most one a table)."))
        c3.number_input(_("Étuis a round"), min_value=1, max_value=MAX_DUPLICATE_ETUIS, value=4, step=1,
                        key="dup_per_round", help=_("With 4, each player takes once a round (N, E, S, W in turn)."))
        c4.number_input(_("Seed"), min_value=0, max_value=MAX_SEED, value=1, step=1, key="dup_seed")
        st.caption(_("Players keep their orientation. Type each line's names, comma-separated, one a table "
                     "(empty: North 1, North 2, ...)."))
        for o in ORIENTATIONS:
            st.text_input(_("{side} players").format(side=side(o)), key=f"dup_names_{o}", max_chars=600)
        pressed = st.form_submit_button(_("Prepare the étuis and the movement"), type="primary")
    if not pressed:
        return
    ss = st.session_state
    tables, rounds = int(ss["dup_tables"]), int(ss["dup_rounds"])
    try:
        name = clean_tournament_name(ss.get("dup_name_new") or _("Duplicate"))
    except ValueError as err:
        st.error(plain(str(err)))
        return
    try:
        lines = tuple(_names(ss.get(f"dup_names_{o}") or "", tables, o) for o in ORIENTATIONS)
        with st.spinner(_("Dealing prenable étuis and working out the movement…")):
            setup = _setup(tables, rounds, int(ss["dup_per_round"]), int(ss["dup_seed"]), lines)
    except TarotError as err:
        st.error(plain(str(err)))
        return
    ss.pop(PDFS, None)
    saving.create(setup, name)
    st.rerun()


def render_summary(setup: Setup) -> None:
    repeats = setup.movement.repeats
    st.success(_("{tables} tables, {rounds} rounds, {etuis} étuis ({per_round} a round), seed {seed}. Nobody "
                 "plays an étui twice; ").format(tables=setup.tables, rounds=setup.rounds,
                                                 etuis=len(setup.etuis), per_round=setup.per_round,
                                                 seed=setup.seed)
               + (_("no two players meet twice.") if repeats == 0 else
                  _("two players meet again {times} (unavoidable with {tables} tables).").format(
                      times=_times(repeats), tables=setup.tables)))
    with st.expander(_("Movement")):
        for r in range(setup.rounds):
            st.markdown("**" + _("Round {n}").format(n=r + 1) + "**")
            st.table([{_("Table"): t, **{side(o): n for o, n in zip(ORIENTATIONS, players)},
                       _("Étuis"): ", ".join(map(str, etuis))} for t, players, etuis in setup.round_card(r)])


def _times(n: int) -> str:
    return _("once") if n == 1 else ngettext("{n} time", "{n} times", n).format(n=n)


def render_print(setup: Setup) -> None:
    st.subheader(_("Print"))
    if st.button(_("Make the PDFs"), icon=":material/print:", key="dup_make_pdfs"):
        with st.spinner(_("Drawing the diagrams, the fiches and the movement cards…")):
            st.session_state[PDFS] = (setup, language(), diagrams_pdf(setup), fiches_pdf(setup),
                                      movement_pdf(setup))
    made = st.session_state.get(PDFS)
    if made and (made[0] != setup or made[1] != language()):  # another tournament, or the other language
        made = None
    if made:
        diagrams, fiches, movement = made[2:]
        c1, c2, c3 = st.columns(3)
        download(c1, _("Diagrams (PDF)"), diagrams, file_name=f"duplicate-{setup.seed}-diagrams.pdf",
                 mime="application/pdf", key="dup_dl_diagrams", width="stretch")
        download(c2, _("Fiches ambulantes (PDF)"), fiches, file_name=f"duplicate-{setup.seed}-fiches.pdf",
                 mime="application/pdf", key="dup_dl_fiches", width="stretch")
        download(c3, _("Movement cards (PDF)"), movement, file_name=f"duplicate-{setup.seed}-movement.pdf",
                 mime="application/pdf", key="dup_dl_movement", width="stretch")


ENTRY_BY = {"etui": N_("By étui"), "table": N_("By table")}  # the arbiter's view, or one table's device


def render_entry(setup: Setup) -> list[Result]:
    """The marque of each étui at each table; returns every result entered so far (all étuis). Each marque is
    saved as it is typed (``duplicate_saving.enter``), so each table can enter its own from its own device:
    by étui (every table's marque of one étui) or by table (every étui one table plays, round by round)."""
    st.subheader(_("Enter the results"))
    st.caption(_("The marque as North wrote it on the fiche ambulante: per defender, + when the taker made the "
                 "garde, − when they failed. Each table can enter its own marques on its own device, with this "
                 "page's address."))
    plays = setup.plays()
    by = st.segmented_control(_("Enter"), list(ENTRY_BY), format_func=lambda v: _(ENTRY_BY[v]), key="dup_by",
                              default="etui") or "etui"
    marques = st.session_state.setdefault(MARQUES, {})
    if by == "table":
        table = st.selectbox(_("Table"), range(1, setup.tables + 1), key="dup_table",
                             format_func=lambda n: _("Table {n}").format(n=n))
        rounds = {(e, t): r + 1 for r in range(setup.rounds) for t, _p, etuis in setup.round_card(r) for e in etuis}
        for e, t, players in plays:
            if t == table:
                name = plain(players[ORIENTATIONS.index(setup.etui(e).taker)])
                _marque_input(e, t, marques, _("Round {r} · étui {e} · {name} takes").format(
                    r=rounds[e, t], e=e, name=name))
    else:
        etui = st.selectbox(_("Étui"), [e.number for e in setup.etuis], key="dup_etui",
                            format_func=lambda n: _("Étui {n} · taker {side}").format(n=n,
                                                                                   side=side(setup.etui(n).taker)))
        taker = setup.etui(etui).taker
        for e, table, players in plays:
            if e == etui:
                name = plain(players[ORIENTATIONS.index(taker)])
                _marque_input(e, table, marques, _("Table {n} · {name} takes").format(n=table, name=name))
    fixing_notice()
    results = [Result(e, table, players, setup.etui(e).taker, int(marques[e, table]))
               for e, table, players in plays if marques.get((e, table)) is not None]
    st.caption(_("{n} of {total} results entered.").format(n=len(results), total=len(plays)))
    return results


def _marque_input(etui: int, table: int, marques: dict, label: str) -> None:
    key = marque_key(etui, table)
    if key not in st.session_state or st.session_state[key] != marques.get((etui, table)):
        st.session_state[key] = marques.get((etui, table))  # as stored: another device's marque shows here
    st.number_input(label, min_value=-MAX_DUPLICATE_SCORE, max_value=MAX_DUPLICATE_SCORE, step=1, key=key,
                    placeholder=_("marque, e.g. 56 or -52"), on_change=saving.enter, args=(etui, table),
                    disabled=st.session_state.get(saving.STATE) == "closed")


def render_results(results: list[Result]) -> None:
    st.subheader(_("Results"))
    if not results:
        st.info(_("The ranking appears once a marque is entered."))
        return
    try:
        ranking = rank(results)
    except DuplicateError as err:
        st.error(plain(err.message))
        return
    st.markdown(_("**Topage of each étui** (a deal played once gets 50 % for everyone)"))
    # The marques and scores drawn with the true minus sign ("−20"); the CSV keeps "-20".
    st.dataframe(minus_table([{_("Étui"): deal, _("Table"): n.result.table, _("Taker"): n.result.taker_name,
                               _("Marque"): n.result.score, _("Taker %"): pct(n.taker_note),
                               _("Defence %"): pct(n.defence_note)}
                              for deal, notes in ranking.notes.items() for n in notes], [_("Marque")],
                             name="dup_topage"), hide_index=True)
    st.markdown(_("**Classement général** (global % = ¼ attack + ¾ defence)"))
    st.dataframe([{"#": ranking.general_place(p.name), _("Player"): p.name, _("Seat"): side(p.seat),
                   _("Attack %"): pct(p.attack), _("Defence %"): pct(p.defence), _("Global %"): pct(p.global_)}
                  for p in ranking.players], hide_index=True)
    st.markdown(_("**Classement alterné** (the firsts of each line, then the seconds, ...)"))
    st.dataframe([{"#": ranking.alternate_place(name), _("Player"): name} for name in ranking.alternate],
                 hide_index=True)
    name = st.selectbox(_("Feuille de route of"), list(ranking.general), key="dup_route_player")
    p = ranking.player(name)
    st.dataframe(minus_table([{_("Étui"): ln.deal, _("Table"): ln.table, _("Seat"): side(ln.orientation),
                               _("Role"): _("taker") if ln.took else _("defence"), _("Marque"): ln.marque,
                               _("Own score"): ln.score, _("Note %"): pct(ln.note)} for ln in p.route],
                             [_("Marque"), _("Own score")], name="dup_route"), hide_index=True)
    st.markdown(plain(_("{name}: attack {attack}, defence {defence}, global {total}.").format(
        name=p.name, attack=_show(p.attack), defence=_show(p.defence), total=_show(p.global_))))
    french = language() == "fr"
    download(st, _("Results (CSV)"), to_csv(results, ranking, french=french),
             file_name="duplicate-resultats.csv" if french else "duplicate-results.csv", mime="text/csv",
             key="dup_dl_csv", icon=":material/download:")


def _show(value) -> str:
    if value is None:
        return pgettext("note", "none")
    shown = f"{float(value):.2f}"
    return (shown.replace(".", ",") if language() == "fr" else shown) + " %"
