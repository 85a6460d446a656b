"""The duplicate's paper (``tutor.worksheets.duplicate``), read back with pypdf: the diagrams circle each hand in
its orientation's colour, the fiches list the tables that play each étui, the movement cards who sits where."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tutor.club.duplicate import FRENCH_NAMES, ORIENTATION_NAMES, ORIENTATIONS
from tutor.club.duplicate_setup import make_setup
from tutor.worksheets.duplicate import COLOURS, _rows, diagrams_pdf, fiches_pdf, movement_pdf

LINES = [["Ann", "Bea", "Cy"], ["Dom", "Eli", "Flo"], ["Gil", "Hob", "Ida"], ["Jo", "Kit", "Lou"]]


@pytest.fixture(scope="module")
def setup():
    return make_setup(3, 3, per_round=1, seed=4, lines=LINES)


def ops(page):
    """Each text drawn on the page, with whether its font is bold."""
    out = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            out.append((text.strip(), "Bold" in str((font or {}).get("/BaseFont", ""))))
    page.extract_text(visitor_text=visit)
    return out


def rgb(colour: str) -> str:
    parts = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return " ".join(f"{p:.4f}".rstrip("0").rstrip(".") if p else "0" for p in parts) + " RG"


def test_each_diagram_circles_exactly_its_hand_in_its_colour(setup):
    reader = PdfReader(io.BytesIO(diagrams_pdf(setup)))
    assert len(reader.pages) == len(setup.etuis)
    deck = [c for _, cards in _rows() for c in cards]
    heads = {"Trumps", "♠", "♥", "♦", "♣"}
    for etui, page in zip(setup.etuis, reader.pages):
        texts = ops(page)
        stream = page.get_contents().get_data().decode("latin-1")
        for o in ORIENTATIONS:
            title = f"Étui {etui.number} · {FRENCH_NAMES[o]} ({ORIENTATION_NAMES[o]})"
            start = next(i for i, (t, _) in enumerate(texts) if t.startswith(title))
            # the card labels: not a row's head, a title or the taker/dealer/leader marks
            labels = [(t, b) for t, b in texts[start + 1:] if t not in heads and "·" not in t and "(" not in t][:78]
            assert len(labels) == 78
            circled = {card for card, (_, bold) in zip(deck, labels) if bold}
            assert circled == set(etui.hand(o)), (etui.number, o)
            assert rgb(COLOURS[o][0]) in stream  # Nord jaune, Sud bleu, Est rouge, Ouest vert
        text = page.extract_text()
        assert f"taker {dict(N='North', E='East', S='South', W='West')[etui.taker]}" in text
        assert "Dog (chien)" in text and "TAKER (preneur)" in text


def test_the_fft_colours():
    # yellow, blue, red, green: the dominant channel of each border colour
    def channels(c):
        return [int(c[i:i + 2], 16) for i in (1, 3, 5)]
    n, s, e, w = (channels(COLOURS[o][0]) for o in "NSEW")
    assert n[0] > n[2] and n[1] > n[2]  # yellow: red and green, little blue
    assert s[2] == max(s) and e[0] == max(e) and w[1] == max(w)


def test_fiches_ambulantes_list_every_table_that_plays_the_etui(setup):
    reader = PdfReader(io.BytesIO(fiches_pdf(setup)))
    text = "\n".join(p.extract_text() for p in reader.pages)
    for etui in setup.etuis:
        block = text.split(f"Fiche ambulante · étui {etui.number}")[1].split("Fiche ambulante")[0]
        tables = {t for e, t, _ in setup.plays() if e == etui.number}
        takers = {players[ORIENTATIONS.index(etui.taker)] for e, _, players in setup.plays() if e == etui.number}
        assert {int(t) for t in re.findall(r"(?m)^(\d+) ", block)} == tables
        assert all(name in block for name in takers)
        assert "+ made" in block and "− failed" in block


def test_movement_cards_seat_everyone_once_a_round(setup):
    reader = PdfReader(io.BytesIO(movement_pdf(setup)))
    assert len(reader.pages) == setup.rounds
    for r, page in enumerate(reader.pages):
        text = page.extract_text()
        assert f"Round {r + 1} of {setup.rounds}" in text
        for table, players, etuis in setup.round_card(r):
            assert f"{table} {' '.join(players)} {', '.join(map(str, etuis))}" in text
        assert sorted(re.findall(r"\b[A-Z][a-z]+\b", text)).count("Ann") == 1
