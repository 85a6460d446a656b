"""The Play together page under AppTest: phones that open, join and play a table, and what each one was sent."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from apptest_helpers import refresh
from streamlit.testing.v1 import AppTest

from tutor.engine import Phase, PlayCard, ShowPoignee
from tutor.engine.cards import DECK
from tutor.practice import choose_card, choose_ecart, decide

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")
PAGE = "tutor/ui/pages/table.py"


def phone(**query) -> AppTest:
    """A new browser session on the page, with ``query`` in its address."""
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page(PAGE)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


def open_table(at: AppTest, name: str, players: int = 4, level: str = "club") -> AppTest:
    at.text_input(key="tg_host_name").set_value(name)
    at.radio(key="tg_players").set_value(players)
    at.radio(key="tg_level").set_value(level)
    at.button(key="FormSubmitter:tg_open_form-Open the table").click().run()
    assert not at.exception, at.exception
    return at


def join(at: AppTest, name: str, code: str | None = None) -> AppTest:
    if code is not None:
        at.text_input(key="tg_code").set_value(code)
    at.text_input(key="tg_name").set_value(name)
    at.button(key="FormSubmitter:tg_join_form-Sit at the table").click().run()
    assert not at.exception, at.exception
    return at


def token(at: AppTest) -> str:
    return at.session_state["tg_token"]


def step(at: AppTest, snap, seat: int) -> None:
    """The move the Club bots would make for ``seat``, made through this phone's widgets."""
    view = snap.deal.view(seat)
    action = decide(view).action
    if view.phase is Phase.BIDDING:
        bid = action.contract
        at.button(key=f"tg_bid_{bid.value if bid else 'pass'}").click().run()
    elif view.phase is Phase.CALLING:
        at.button(key=f"tg_call_{action.card}").click().run()
    elif view.phase is Phase.ECART:
        at.text_input(key="tg_ecart_typed").set_value(
            " ".join(c.code for c in choose_ecart(view.hand, players=view.players)))
        at.button(key="tg_ecart_go").click().run()
    elif isinstance(action, ShowPoignee) and any(b.key == "tg_poignee_go" for b in at.button):
        at.button(key="tg_poignee_go").click().run()  # the lowest trumps that make it, as offered
    else:
        card = action.card if isinstance(action, PlayCard) else choose_card(view)[0]
        at.text_input(key="tg_typed").set_value(card.code)
        at.button(key="tg_play_go").click().run()
    assert not at.exception, at.exception


def look(at: AppTest) -> AppTest:
    """What the browser's one-second look does: the page is drawn again when the table moved."""
    refresh(at)
    assert not at.exception, at.exception
    return at


def _strings(msg):
    for fd, value in msg.ListFields():
        for v in (value if fd.is_repeated else [value]):
            if fd.type == fd.TYPE_STRING:
                yield v
            elif fd.type == fd.TYPE_BYTES:
                yield v.decode("utf-8", "replace")
            elif fd.type == fd.TYPE_MESSAGE:
                yield from _strings(v)


def sent(at: AppTest) -> list[str]:
    """Every string of every element the page sent to the browser, the card table's data included."""
    out = []

    def walk(node):
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            out.extend(_strings(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)
    walk(at._tree)
    return out


def cards_sent(at: AppTest) -> set:
    """The cards whose picture, code in the card table's data, or "(code)" title is anywhere in the page."""
    from tutor.ui.common.cards import card_data_uri
    text = "\n".join(sent(at))
    found = set()
    for c in DECK:
        uri = card_data_uri(c)
        if uri in text or uri.split(",", 1)[1] in text or f"({c.code})" in text:
            found.add(c)
    for s in sent(at):
        data = _json(s)
        if isinstance(data, dict) and "hand" in data:
            codes = set(data["hand"]) | set(data.get("cards", {})) | {p["card"] for p in data.get("trick", [])}
            codes |= {p["card"] for p in data.get("previous", [])}
            codes |= {c for g in data.get("groups", []) for c in g["cards"]}
            found |= {c for c in DECK if c.code in codes}
    return found


def visible(view) -> set:
    """Every card a seat may see, from the engine's SeatView alone: its hand, the dog once shown, its own écart (the
    taker), the trumps shown in an écart, the poignées, the called card and the cards played."""
    seen = set(view.hand) | set(view.dog or ()) | set(view.ecart or ()) | set(view.ecart_trumps)
    seen |= {c for _, cards in view.poignees for c in cards} | set(view.played)
    return seen | ({view.called} if view.called is not None else set())


def _json(s: str):
    """A JSON object in a string, or the first one of a JSON list (the card table's data is sent so)."""
    if not s.startswith(("{", "[")):
        return None
    try:
        data = json.loads(s)
    except ValueError:
        try:
            data = json.loads(base64.b64decode(s))
        except Exception:
            return None
    if isinstance(data, list) and data and isinstance(data[0], dict):
        return data[0]
    return data


def played_as_the_bots(players: int, seed: int):
    """The deal a table opened with ``seed`` gives when every seat plays as the Club bots (the store's dealer)."""
    import random

    from tutor.engine import Deal
    d = Deal.new(players, seed=seed, dealer=random.Random(seed).randrange(players))
    while d.phase not in (Phase.DONE, Phase.CANCELLED):
        d.apply(decide(d.view(d.to_act)).action)
    return d


def seed_where(players: int, want, start: int = 1) -> int:
    """The first seed from ``start`` whose deal, played as the bots play, is one ``want(deal)`` likes: the tests
    pick their deals by what happens in them, so a change to the bots moves the seed, not the test."""
    for seed in range(start, start + 2000):
        if want(played_as_the_bots(players, seed)):
            return seed
    raise AssertionError("no such deal in 2000 seeds")


def taken_by(seat: int, first: int | None = None):
    """A deal taken by ``seat`` (a petite or more, so the dog is shown), where ``first`` speaks first if given."""
    def want(d) -> bool:
        return (d.phase is Phase.DONE and d.taker == seat and d.contract.value in ("petite", "garde")
                and (first is None or d.log[0].seat == first))
    return want
