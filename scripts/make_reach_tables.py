"""Search every movement table of VAMPYRE's packaged map of Transylvania and write them to
vampyre/data/reach_tables.json (see ``vampyre.reach_tables``); run it after changing the
packaged transylvania.toml or the movement rates in tables.toml.

    python scripts/make_reach_tables.py
"""

from __future__ import annotations

from vampyre.reach_tables import FILE, write

if __name__ == "__main__":
    print(f"{write()} tables written to vampyre/data/{FILE}")
