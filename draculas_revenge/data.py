"""The game's data files: tiles, maps, characters, costs and adventures.

Every entry says where it comes from (``provenance``: rulebook, derived or
reconstructed). A player who owns the printed game can supply their own files:
copy ``draculas_revenge/data`` to a folder, edit it, and pass that folder as the
``data_dir`` option of ``new_game`` (any file missing there is read from the package).
A folder that does not exist, a file that is not TOML, or data the game cannot play
with raises ``BadOption`` naming the file and the field (see ``data_check``).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from gothic_kernel import BadOption
from gothic_kernel.datacache import parse_toml

from . import data_check
from .grid import Board

PACKAGE_DATA = Path(__file__).parent / "data"
FILES = ("tiles", "maps", "characters", "actions", "adventures")


class Checked(NamedTuple):
    """The data files of a folder, checked, and the boards of their maps."""

    files: dict[str, dict[str, Any]]
    boards: dict[str, Board]


def checked(data_dir: str = "") -> Checked:
    """Every data file read and checked once per process; the boards the checks built."""
    return _checked(data_dir)  # one key however it is called


@lru_cache(maxsize=16)
def _checked(data_dir: str) -> Checked:
    prefix = "option 'data_dir': " if data_dir else ""
    paths = {name: _path(name, data_dir) for name in FILES}
    files = {name: _read(path, prefix) for name, path in paths.items()}
    shown = {name: f"draculas_revenge/data/{name}.toml" if path.parent == PACKAGE_DATA
             else str(path) for name, path in paths.items()}
    return Checked(files, data_check.check(files, shown, prefix))


def load(data_dir: str = "") -> dict[str, dict[str, Any]]:
    """Every data file, keyed by file name (``tiles``, ``maps``...), checked."""
    return checked(data_dir).files


def _path(name: str, data_dir: str) -> Path:
    """The file ``name``: the folder's own, else the package's."""
    if data_dir:
        folder = Path(data_dir)
        if not folder.exists():
            raise BadOption(f"option 'data_dir': there is no folder {data_dir!r}")
        if not folder.is_dir():
            raise BadOption(f"option 'data_dir': {data_dir!r} is a file, not a folder of "
                            "data files")
        if (folder / f"{name}.toml").exists():
            return folder / f"{name}.toml"
    return PACKAGE_DATA / f"{name}.toml"


def _read(path: Path, prefix: str) -> dict[str, Any]:
    try:
        return parse_toml(path.read_text("utf-8"), "draculas_revenge")  # kept (the kernel's)
    except tomllib.TOMLDecodeError as exc:
        raise BadOption(f"{prefix}{path}: not valid TOML ({exc})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadOption(f"{prefix}{path}: cannot be read ({exc})") from None
