"""The Duplicate page: set up an individual duplicate tournament, print its paper, enter the marques étui
by étui and table by table, and see the FFT's ranking (``tutor.club.duplicate``), with a CSV export.

The set-up (étuis judged prenable by the bidding estimator, about 0.3 s an étui) is made when its button
is pressed and kept in the session; the marques live in their number inputs' session keys.
"""

from __future__ import annotations

import streamlit as st

from ..club.duplicate import ORIENTATION_NAMES, ORIENTATIONS, DuplicateError, Result, pct, rank
from ..club.duplicate_csv import to_csv
from ..club.duplicate_setup import Setup, make_setup
from ..engine import TarotError
from ..limits import MAX_DUPLICATE_ETUIS, MAX_DUPLICATE_SCORE, MAX_DUPLICATE_TABLES, MAX_NAME_CHARS, MAX_SEED
from ..worksheets.duplicate import diagrams_pdf, fiches_pdf, movement_pdf
from .safe import plain
from .widgets import download

SETUP = "dup_setup"  # session key: the tournament's Setup
PDFS = "dup_pdfs"    # session key: (setup seed, diagrams, fiches, movement) bytes
# session key: {(étui, table): marque}. Kept apart from the number inputs, whose state Streamlit drops when
# another étui is shown.
MARQUES = "dup_marques"


@st.cache_data(show_spinner=False, max_entries=8)
def _setup(tables: int, rounds: int, per_round: int, seed: int, lines: tuple) -> Setup:
    return make_setup(tables, rounds, per_round, seed, lines or None)


def render() -> None:
    st.title("Duplicate")
    st.caption("The FFT's competition format: every table plays the same étuis and each result is compared "
               "only with the others who held the same cards.")
    render_setup()
    setup = st.session_state.get(SETUP)
    if setup is None:
        st.info("Set up a tournament above to print its paper and enter its results.")
        return
    st.divider()
    render_print(setup)
    st.divider()
    results = render_entry(setup)
    st.divider()
    render_results(results)


def _names(text: str, tables: int, o: str) -> tuple[str, ...]:
    names = [" ".join(n.split()) for n in text.split(",") if n.strip()]
    if not names:
        return tuple(f"{ORIENTATION_NAMES[o]} {i + 1}" for i in range(tables))
    if len(names) != tables:
        raise TarotError(f"{ORIENTATION_NAMES[o]}: {len(names)} names for {tables} tables (one a table)")
    too_long = next((n for n in names if len(n) > MAX_NAME_CHARS), None)
    if too_long:
        raise TarotError(f"{ORIENTATION_NAMES[o]}: a name is longer than {MAX_NAME_CHARS} characters")
    return tuple(names)


def render_setup() -> None:
    with st.form("dup_form", border=True):
        st.subheader("Set up")
        c1, c2, c3, c4 = st.columns(4)
        c1.number_input("Tables", min_value=2, max_value=MAX_DUPLICATE_TABLES, value=3, step=1, key="dup_tables")
        c2.number_input("Rounds", min_value=2, max_value=MAX_DUPLICATE_TABLES, value=3, step=1, key="dup_rounds",
                        help="Each étui is played once a round, so this many times in all (at most one a table).")
        c3.number_input("Étuis a round", min_value=1, max_value=MAX_DUPLICATE_ETUIS, value=4, step=1,
                        key="dup_per_round", help="With 4, each player takes once a round (N, E, S, W in turn).")
        c4.number_input("Seed", min_value=0, max_value=MAX_SEED, value=1, step=1, key="dup_seed")
        st.caption("Players keep their orientation. Type each line's names, comma-separated, one a table "
                   "(empty: North 1, North 2, ...).")
        for o in ORIENTATIONS:
            st.text_input(f"{ORIENTATION_NAMES[o]} players", key=f"dup_names_{o}", max_chars=600)
        pressed = st.form_submit_button("Prepare the étuis and the movement", type="primary")
    if pressed:
        ss = st.session_state
        tables, rounds = int(ss["dup_tables"]), int(ss["dup_rounds"])
        try:
            lines = tuple(_names(ss.get(f"dup_names_{o}") or "", tables, o) for o in ORIENTATIONS)
            with st.spinner("Dealing prenable étuis and working out the movement…"):
                setup = _setup(tables, rounds, int(ss["dup_per_round"]), int(ss["dup_seed"]), lines)
        except TarotError as err:
            st.error(plain(str(err)))
            return
        ss[SETUP] = setup
        ss.pop(PDFS, None)
        ss[MARQUES] = {}
    setup = st.session_state.get(SETUP)
    if setup is not None:
        repeats = setup.movement.repeats
        st.success(f"{setup.tables} tables, {setup.rounds} rounds, {len(setup.etuis)} étuis "
                   f"({setup.per_round} a round), seed {setup.seed}. Nobody plays an étui twice; "
                   + ("no two players meet twice." if repeats == 0 else
                      f"two players meet again {_times(repeats)} (unavoidable with {setup.tables} tables)."))
        with st.expander("Movement"):
            for r in range(setup.rounds):
                st.markdown(f"**Round {r + 1}**")
                st.table([{"Table": t, **{ORIENTATION_NAMES[o]: n for o, n in zip(ORIENTATIONS, players)},
                           "Étuis": ", ".join(map(str, etuis))} for t, players, etuis in setup.round_card(r)])


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def render_print(setup: Setup) -> None:
    st.subheader("Print")
    if st.button("Make the PDFs", icon=":material/print:", key="dup_make_pdfs"):
        with st.spinner("Drawing the diagrams, the fiches and the movement cards…"):
            st.session_state[PDFS] = (setup.seed, diagrams_pdf(setup), fiches_pdf(setup), movement_pdf(setup))
    made = st.session_state.get(PDFS)
    if made:
        _, diagrams, fiches, movement = made
        c1, c2, c3 = st.columns(3)
        download(c1, "Diagrams (PDF)", diagrams, file_name=f"duplicate-{setup.seed}-diagrams.pdf",
                 mime="application/pdf", key="dup_dl_diagrams", width="stretch")
        download(c2, "Fiches ambulantes (PDF)", fiches, file_name=f"duplicate-{setup.seed}-fiches.pdf",
                 mime="application/pdf", key="dup_dl_fiches", width="stretch")
        download(c3, "Movement cards (PDF)", movement, file_name=f"duplicate-{setup.seed}-movement.pdf",
                 mime="application/pdf", key="dup_dl_movement", width="stretch")


def marque_key(etui: int, table: int) -> str:
    return f"dup_m_{etui}_{table}"


def render_entry(setup: Setup) -> list[Result]:
    """The marque of each étui at each table; returns every result entered so far (all étuis)."""
    st.subheader("Enter the results")
    st.caption("The marque as North wrote it on the fiche ambulante: per defender, + when the taker made the "
               "garde, − when they failed.")
    plays = setup.plays()
    etui = st.selectbox("Étui", [e.number for e in setup.etuis], key="dup_etui",
                        format_func=lambda n: f"Étui {n} · taker {ORIENTATION_NAMES[setup.etui(n).taker]}")
    taker = setup.etui(etui).taker
    marques = st.session_state.setdefault(MARQUES, {})
    for e, table, players in plays:
        if e == etui:
            key = marque_key(e, table)
            if key not in st.session_state:
                st.session_state[key] = marques.get((e, table))
            st.number_input(f"Table {table} · {plain(players[ORIENTATIONS.index(taker)])} takes",
                            min_value=-MAX_DUPLICATE_SCORE, max_value=MAX_DUPLICATE_SCORE, step=1, key=key,
                            placeholder="marque, e.g. 56 or -52", on_change=_keep, args=(e, table))
            marques[e, table] = st.session_state.get(key)
    results = []
    for e, table, players in plays:
        value = marques.get((e, table))
        if value is not None:
            results.append(Result(e, table, players, setup.etui(e).taker, int(value)))
    st.caption(f"{len(results)} of {len(plays)} results entered.")
    return results


def _keep(etui: int, table: int) -> None:
    st.session_state.setdefault(MARQUES, {})[etui, table] = st.session_state.get(marque_key(etui, table))


def render_results(results: list[Result]) -> None:
    st.subheader("Results")
    if not results:
        st.info("The ranking appears once a marque is entered.")
        return
    try:
        ranking = rank(results)
    except DuplicateError as err:
        st.error(plain(err.message))
        return
    st.markdown("**Topage of each étui** (a deal played once gets 50 % for everyone)")
    st.dataframe([{"Étui": deal, "Table": n.result.table, "Taker": n.result.taker_name, "Marque": n.result.score,
                   "Taker %": pct(n.taker_note), "Defence %": pct(n.defence_note)}
                  for deal, notes in ranking.notes.items() for n in notes], hide_index=True)
    st.markdown("**Classement général** (global % = ¼ attack + ¾ defence)")
    st.dataframe([{"#": i, "Player": p.name, "Seat": ORIENTATION_NAMES[p.seat], "Attack %": pct(p.attack),
                   "Defence %": pct(p.defence), "Global %": pct(p.global_)}
                  for i, p in enumerate(ranking.players, 1)], hide_index=True)
    st.markdown("**Classement alterné** (the firsts of each line, then the seconds, ...)")
    st.dataframe([{"#": i, "Player": name} for i, name in enumerate(ranking.alternate, 1)], hide_index=True)
    name = st.selectbox("Feuille de route of", list(ranking.general), key="dup_route_player")
    p = ranking.player(name)
    st.dataframe([{"Étui": ln.deal, "Table": ln.table, "Seat": ORIENTATION_NAMES[ln.orientation],
                   "Role": "taker" if ln.took else "defence", "Marque": ln.marque, "Own score": ln.score,
                   "Note %": pct(ln.note)} for ln in p.route], hide_index=True)
    st.markdown(plain(f"{p.name}: attack {_show(p.attack)}, defence {_show(p.defence)}, "
                      f"global {_show(p.global_)}."))
    download(st, "Results (CSV)", to_csv(results, ranking), file_name="duplicate-results.csv", mime="text/csv",
             key="dup_dl_csv", icon=":material/download:")


def _show(value) -> str:
    return "none" if value is None else f"{float(value):.2f} %"
