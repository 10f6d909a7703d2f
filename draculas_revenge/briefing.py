"""What an adventure is played for, in the rulebook's words ("The Adventures": each
briefing's forces, how each side wins, its special rules; "Your Own Adventures": the
default goals), for the screens and the game's report."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import data

#: The Multiplayer rule's goal ("Optional Rules: Multiplayer").
MULTIPLAYER_GOAL = ("Multiplayer: each player purchases characters and fights alone, trying to "
                    "defeat the others; the last player standing wins, or after 5 turns the "
                    "players with the most points of characters left.")


def adventure_spec(adventure: str, data_dir: str = "") -> Mapping[str, Any]:
    spec: Mapping[str, Any] = data.load(data_dir)["adventures"]["adventures"][adventure]
    return spec


def goals(adventure: str, options: Mapping[str, Any], data_dir: str = "") -> list[str]:
    """How each side wins, and when the game ends without a winner."""
    if options.get("multiplayer"):
        return [MULTIPLAYER_GOAL]
    spec = adventure_spec(adventure, data_dir)
    brief: Mapping[str, Any] = spec.get("briefing", {})
    order = ("vampires", "hunters") if spec["goal"] == "custom" else ("hunters", "vampires")
    said = [_side_goal(brief.get(f"{side}_win", ""), side) for side in order]
    if not spec.get("turn_limit") and options.get("turn_limit"):
        said.append(f"Played with a turn limit of {options['turn_limit']} turns (a draw if "
                    "nobody has won by then).")
    return [s for s in said if s]


def _side_goal(sentence: str, side: str) -> str:
    """"They win if ..." said of the vampires: "The vampires win if ..."."""
    return f"The {side} {sentence[len('They '):]}" if sentence.startswith("They ") else sentence


def special_rules(adventure: str, data_dir: str = "") -> list[str]:
    return list(adventure_spec(adventure, data_dir).get("briefing", {}).get("special_rules", []))


__all__ = ["MULTIPLAYER_GOAL", "adventure_spec", "goals", "special_rules"]
