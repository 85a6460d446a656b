"""The club score sheet (feuille de marque), pure Python: no Streamlit, no database.

- ``Game.new(players)``, then ``add`` / ``edit`` / ``delete`` deals (each returns a new Game);
  ``game.sheet()`` scores every deal with ``tutor.engine.score_deal``: per-player scores, running
  totals, and the check that every row sums to zero.
- ``make_entry(players, fields)`` checks what a scorer typed; ``EntryError.problems`` names each bad field.
- ``to_csv(game)`` / ``from_csv(text)``: the documented CSV format (see ``tutor.club.csvio``); ``to_csv(game,
  french=True)`` the French export; ``read_csv`` also gives the game's name and first dealer back.
- ``game.to_rows()`` / ``Game.from_rows(players, rows)``: plain data for a store to persist.
- ``standings(players, totals)`` ranks the players; ``dealer(players, first, number)`` says who deals.

>>> g = Game.new(["Ann", "Bob", "Cleo", "Dan", "Eve"])
>>> g = g.add(taker="Cleo", partner="Eve", contract="garde", points=45, oudlers=2)
>>> g.sheet().totals
(-58, -58, 116, -58, 58)
"""

from .csvio import CsvError, SheetFile, from_csv, read_csv, to_csv
from .entry import FIELD_WORDS, FIELDS, DealEntry, EntryError, field_words, make_entry, score_entry
from .game import Game, GameError, Row, Sheet, player_scores
from .standings import Standing, dealer, dealer_seat, first_dealer_for, standings

__all__ = ["FIELD_WORDS", "FIELDS", "field_words",
           "CsvError", "DealEntry", "EntryError", "Game", "GameError", "Row", "Sheet", "from_csv",
           "make_entry", "player_scores", "score_entry", "to_csv"]
__all__ += ["SheetFile", "read_csv"]
__all__ += ["Standing", "dealer", "dealer_seat", "first_dealer_for", "standings"]
