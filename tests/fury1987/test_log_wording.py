"""The wording of the log: sentences a player can read (names, not ids; verbs agreeing).

Not a rule of the rulebook - the log is the engine's own account - but the account is
what a front end prints, so its grammar is tested like the rest.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import fury1987
from fury1987.actions import STAY_PUT, MoveTo, TakeItems
from fury1987.state import agree, article, counted
from fury1987.wording import in_print

from .helpers import GAME, act, dracula_turn, started

GOLDEN = Path(__file__).parent / "golden"
PACKAGE = Path(fury1987.__file__).parent
HUNTER = r"(Lord Godalming|Dr Seward|Van Helsing)"
#: Verbs the log once used in the plural after one Hunter's name.
PLURAL_AFTER_ONE = re.compile(
    r"(?<!&)" + HUNTER + r" (take|attack|hear|leave|do|miss|waste|find|move|stay|Pass) ")


def _public_logs() -> list[list[dict[str, object]]]:
    return [json.loads(p.read_text())["public_log"] for p in sorted(GOLDEN.glob("*.json"))]


def test_counted_agree_and_article() -> None:
    assert counted(1, "Weapon Chit") == "1 Weapon Chit"
    assert counted(2, "Weapon Chit") == "2 Weapon Chits"
    assert counted(0, "wound") == "0 wounds"
    assert agree(("godalming",), "takes", "take") == "takes"
    assert agree(("godalming", "seward"), "takes", "take") == "take"
    assert article("Express") == "an"
    assert article("Fast Train") == "a"


def test_ids_are_printed_as_names() -> None:
    printed = GAME.new_game(seed=1).rules.printed  # type: ignore[attr-defined]
    assert in_print("Dracula exchanges szgany_pistol_knife for vampire in le_havre",
                    printed) == "Dracula exchanges Szgany (Pistol, Knife) for Vampire in Le Havre"
    assert in_print("the Hunters win", printed) == "the Hunters win"


def test_a_sentence_is_worded_the_same_word_by_word_and_remembered() -> None:
    """The game's names word a sentence a word at a time and remember it (for speed):
    the same text as searching the whole sentence for ids, punctuation and spacing kept."""
    printed = GAME.new_game(seed=1).rules.printed  # type: ignore[attr-defined]
    plain = dict(printed)  # a plain mapping: the search through the whole sentence
    for text in ("Dracula moves from le_havre to paris.", "(paris) and le_havre's road",
                 "  paris  rome ", "paris\nrome, le_havre;", "x-paris 3paris _paris paris_",
                 "heavenly_host: 2 szgany_pistol_knife", "Paris moves", ""):
        assert in_print(text, printed) == in_print(text, plain)
        assert in_print(text, printed) is in_print(text, printed)  # worded once
    assert in_print("(paris) and le_havre's road", printed) == "(Paris) and Le Havre's road"
    # a new sentence of words already seen (each word is remembered in print too)
    for text in ("le_havre's road (paris) and", "rome, le_havre; 3paris paris_ x-paris"):
        assert in_print(text, printed) == in_print(text, plain)


def test_the_engine_s_own_words_are_never_ids() -> None:
    """The literal words of every log sentence: none may be an id (it would be replaced
    by a printed name, as "Storms rage" once became "Storms Rage")."""
    printed = GAME.new_game(seed=1).rules.printed  # type: ignore[attr-defined]
    clashes = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(
                    node.func, "id", None)) in ("say", "event")):
                continue
            for part in ast.walk(node.args[1]) if len(node.args) > 1 else ():
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    words = re.findall(r"\b[a-z][a-z0-9_]*\b", part.value)
                    clashes += [(path.name, node.lineno, w) for w in words if w in printed]
    assert clashes == []


def test_one_hunter_takes_and_a_count_agrees() -> None:
    """New Weapons and Events: "Lord Godalming takes 1 Weapon Chit and 1 Event Card in
    Brussels" - no "(s)", no zero counts, the verb in the singular."""
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))  # a large Town: two items
    act(state, "godalming", TakeItems(("godalming",), ("godalming",)))
    said = [e["text"] for e in state.log("seward") if e["kind"] in ("hunter_moves",
                                                                     "items_declared")]
    assert said == ["Lord Godalming moves from Paris to Brussels",
                    "Lord Godalming takes 1 Weapon Chit and 1 Event Card in Brussels"]


def test_the_recorded_games_read_as_sentences() -> None:
    """The golden games' public logs: names not ids, no "(s)", verbs agreeing."""
    for log in _public_logs():
        for entry in log:
            text = str(entry["text"])
            assert "(s)" not in text, text
            assert not re.search(r"\b[a-z]+_[a-z0-9_]+\b", text), text
            assert not PLURAL_AFTER_ONE.search(text.replace(" and ", "&")), text
