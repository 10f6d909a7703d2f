"""The game's data files: tiles, maps, characters, costs and adventures.

Every entry says where it comes from (``provenance``: rulebook, derived or
reconstructed). A player who owns the printed game can supply their own files:
copy ``draculas_revenge/data`` to a folder, edit it, and pass that folder as the
``data_dir`` option of ``new_game`` (any file missing there is read from the package).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from gothic_kernel import BadOption

PACKAGE_DATA = Path(__file__).parent / "data"
FILES = ("tiles", "maps", "characters", "actions", "adventures")


@lru_cache(maxsize=16)
def load(data_dir: str = "") -> dict[str, dict[str, Any]]:
    """Every data file, keyed by file name (``tiles``, ``maps``...)."""
    out: dict[str, dict[str, Any]] = {}
    for name in FILES:
        path = PACKAGE_DATA / f"{name}.toml"
        if data_dir:
            custom = Path(data_dir) / f"{name}.toml"
            if custom.exists():
                path = custom
            elif not Path(data_dir).is_dir():
                raise BadOption(f"option 'data_dir': {data_dir!r} is not a folder")
        with path.open("rb") as handle:
            out[name] = tomllib.load(handle)
    return out
