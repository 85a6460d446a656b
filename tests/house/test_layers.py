"""The import layers (README, Layout) as import-linter contracts: they hold, and no part of the package escapes them."""

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _contract(contract_id: str) -> dict:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["id"] == contract_id]
    return contract


def test_every_part_of_the_package_sits_in_a_layer():
    """A new package or top-level module must be given its place, or the contract would not look at it."""
    named = {name.strip(" ()") for line in _contract("layers")["layers"] for name in re.split(r"[|:]", line)}
    parts = {f"tutor.{p.stem}" for p in (REPO / "tutor").iterdir()
             if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and not p.stem.startswith("__"))}
    assert {"tutor.engine", "tutor.content", "tutor.quiz", "tutor.ui"} <= parts
    assert parts <= named, f"not in the layers contract (pyproject.toml): {sorted(parts - named)}"


def test_the_engine_is_the_bottom_layer_and_the_ui_the_top():
    layers = _contract("layers")["layers"]
    assert layers[-1] == "tutor.engine" and "tutor.ui" in layers[0]
    assert _contract("streamlit")["forbidden_modules"] == ["streamlit"]


def test_the_contracts_hold(capsys):
    from importlinter.cli import lint_imports
    status = lint_imports(config_filename=str(REPO / "pyproject.toml"), no_cache=True, no_logo=True)
    assert status == 0, capsys.readouterr().out


def test_every_room_of_the_ui_sits_in_the_ui_rooms_contract():
    """A new area of the UI must be given its place among the rooms (pages/ holds the page scripts only)."""
    named = {name.strip(" ()") for line in _contract("ui-rooms")["layers"] for name in re.split(r"[|:]", line)}
    rooms = {f"tutor.ui.{p.name}" for p in (REPO / "tutor" / "ui").iterdir() if (p / "__init__.py").exists()}
    assert {"tutor.ui.common", "tutor.ui.table", "tutor.ui.learn", "tutor.ui.classroom"} <= rooms
    assert rooms == named, f"rooms and contract differ: {sorted(rooms ^ named)}"
    assert not [p.name for p in (REPO / "tutor" / "ui").glob("*.py") if p.name != "__init__.py"]


def test_the_no_cycles_contract_covers_the_whole_package():
    contract = _contract("no-cycles")
    assert contract["type"] == "acyclic_siblings" and contract["ancestors"] == ["tutor"]
