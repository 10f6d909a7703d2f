"""The parsed form of a game's data files, kept between processes.

Parsing the packaged TOML files is much of what a fresh process spends before its first
game. :func:`parse_toml` keeps each file's parsed form as JSON named by the SHA-256 of its
text, in ``$GOTHIC_CACHE_DIR``, else ``$XDG_CACHE_HOME/gothic-games/GAME`` (by default
``~/.cache/gothic-games/GAME``); ``GOTHIC_CACHE_DIR=""`` keeps nothing. A kept form that
cannot be read is parsed again and replaced. What is read back is data like any parsed
file, so a game runs the very same checks on it: a kept form edited behind its back is
refused as the file itself would be.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from pathlib import Path
from typing import Any


def cache_dir(game: str) -> Path | None:
    """Where ``game``'s parsed data files are kept (None: nowhere)."""
    where = os.environ.get("GOTHIC_CACHE_DIR")
    if where is None:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                                ".cache")
        return Path(home) / "gothic-games" / game
    return Path(where) if where else None


def parse_toml(text: str, game: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, or the form kept from an earlier parse of the same text;
    raises ``tomllib.TOMLDecodeError`` as ``tomllib`` does."""
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    folder = cache_dir(game)
    parsed = None if folder is None else _kept(folder, key)
    if parsed is None:
        parsed = tomllib.loads(text)
        if folder is not None:
            _keep(folder, key, parsed)
    return parsed


#: The ``format`` numbers of data files this version reads.
DATA_FORMATS = (1,)


def format_problem(data: dict[str, Any]) -> str:
    """Why a data file's ``format`` field is not one this version reads, or "" (a file
    without the field is read as format 1; it may stand in a ``[meta]`` table)."""
    meta = data.get("meta")
    value = data.get("format", meta.get("format", 1) if isinstance(meta, dict) else 1)
    if type(value) is int and value in DATA_FORMATS:
        return ""
    return (f"its format (field 'format') is {json.dumps(value)}; this version reads "
            f"format {', '.join(map(str, DATA_FORMATS))}")


def _kept(folder: Path, key: str) -> dict[str, Any] | None:
    try:
        data = json.loads((folder / f"{key}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _keep(folder: Path, key: str, data: dict[str, Any]) -> None:
    try:
        text = json.dumps(data)
        folder.mkdir(parents=True, exist_ok=True)
        part = folder / f"{key}.{os.getpid()}.part"
        part.write_text(text, "utf-8")
        os.replace(part, folder / f"{key}.json")
    except (OSError, TypeError, ValueError):
        pass  # a read-only home, or a value JSON cannot hold: parsed each time instead
