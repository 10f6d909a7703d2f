"""A played game told for people: what ``gothic demo draculas_revenge`` prints.

:func:`report` replays the game record and tells it as a spectator at the table sees it
(nothing hidden: no card is named before it is turned over, no Reaction Die before it is
shown): the adventure's briefing from the rulebook, the board drawn in text after the
set-up, each turn under its heading with the Action Timeline summed up, each character's
move with its steps folded into one line ("Staker 1 moves 5 squares (east x5) to (5, 2),
facing east"), attacks and their results in words ("Crossbow 2 shoots at Nosferatu A
with a crossbow, but Nosferatu A survives (2 against 5; reaction -1)"), and at the end
the board again, who won and why, and where every character stands or how it fell.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from gothic_kernel import PUBLIC, Action, GothicError, screen

from . import narration as say
from .actions import Move
from .briefing import MULTIPLAYER_GOAL
from .grid import FACINGS
from .state import DRState

if TYPE_CHECKING:
    from gothic_kernel import Game, GameRecord, GameState

WIDTH = 88
#: The board's marks for characters: capitals for vampires (and minions), small letters
#: for hunters.
MARKS = {"she_wolf": "W", "nosferatu": "N", "vampiress": "V", "dracula": "D", "minion": "M",
         "staker": "s", "crossbow": "c", "priest": "p", "van_helsing": "h"}
MIST_MARK = "~"
LEGEND = ("'#' wall, '.' floor, ':' tinted tile, '+' closed door, '/' open door; vampires "
          "in capitals (W She-wolf, N Nosferatu, V Vampiress, D Dracula, M Minion), hunters "
          "in small letters (s Staker, c Crossbow, p Priest, h Van Helsing), '~' a misted "
          "vampire")


def report(game: Game, state: GameState, record: GameRecord) -> list[str]:
    """The account of a played game (see the module docstring)."""
    assert isinstance(state, DRState)
    steps = list(_replay(game, record))
    if not steps or steps[-1][1].to_json() != state.to_json():
        return _public_log_only(state, record)  # the record does not replay to this game
    teller = Teller(steps[0][1])
    teller.briefing()
    for action, after, entries in steps:
        teller.step(action, after, entries)
    teller.finish(state, record.steps)
    return fold_repeats(teller.lines)


def _replay(game: Game, record: GameRecord
            ) -> Iterator[tuple[Action | None, DRState, list[dict[str, Any]]]]:
    """(the action, the state after it, the public log entries it brought), starting with
    the new game (no action)."""
    try:
        state = game.new_game(seed=record.seed, **record.options)
    except GothicError:
        return
    assert isinstance(state, DRState)
    log = state.log(PUBLIC)
    yield None, state.clone(), log
    told = len(log)
    for seat, data in record.actions:
        action = game.parse_action(data)
        try:
            state.apply(seat, action)
        except GothicError:
            return
        log = state.log(PUBLIC)
        yield action, state.clone(), log[told:]
        told = len(log)


def _public_log_only(state: DRState, record: GameRecord) -> list[str]:
    lines = [str(entry["text"]) for entry in record.public_log]
    return [*lines, *_result(state, record.steps)]


def fold_repeats(lines: list[str]) -> list[str]:
    """Consecutive identical lines as one, with how many times ("... (x3)")."""
    out: list[str] = []
    count = 0
    for i, line in enumerate(lines):
        count += 1
        if i + 1 < len(lines) and lines[i + 1] == line and line.strip():
            continue
        out.append(f"{line} (x{count})" if count > 1 else line)
        count = 0
    return out


def wrap(text: str, indent: int = 0, hang: int = 2) -> list[str]:
    pad = " " * indent
    return screen.wrap(text, WIDTH, pad, pad + " " * hang)


# -- the board in text -----------------------------------------------------------------------
def board_picture(state: DRState) -> list[str]:
    """The board with its figures and doors, a ruler of x above and y beside it, and a
    key of every figure (all public)."""
    board = state.rules.board
    marks: dict[int, str] = {}
    for area, squares in board.areas.items():
        if area in board.area_tiles:
            marks.update((s, ":") for s in squares if s not in board.door_of)
    for door, cells in board.doors.items():
        marks.update((c, "/" if state.doors_open[door] else "+") for c in cells)
    for fig in state.figures.values():
        if fig.pos >= 0:
            marks[fig.pos] = MIST_MARK if fig.misted else MARKS.get(fig.kind, "?")
    rows = board.render(marks)
    tens = "".join(str(x // 10) if x % 10 == 0 else " " for x in range(board.width))
    units = "".join(str(x % 10) for x in range(board.width))
    out = [f"     {tens.rstrip()}", f"     {units}"]
    out += [f"  {y:>2} {row.rstrip()}" for y, row in enumerate(rows)]
    return out


def figure_key(state: DRState) -> list[str]:
    """Each side's characters with their marks and squares; off-board ones by entrance."""
    out = []
    for seat in state.seats:
        placed, waiting = [], []
        for fig in state.figures.values():
            if fig.seat != seat or fig.id in state.exited:
                continue
            name = _called(state, fig.id)
            if fig.pos >= 0:
                mark = MIST_MARK if fig.misted else MARKS.get(fig.kind, "?")
                how = "mist" if fig.misted else f"facing {say.facing(fig.facing)}"
                if fig.unconscious:
                    how += ", unconscious"
                placed.append(f"{mark} {name} at {say.square(state.rules.board, fig.pos)}, "
                              f"{how}")
            elif fig.entrance:
                waiting.append(name)
        text = "; ".join(placed) or "none on the board"
        if waiting:
            text += f"; waiting off the board to enter: {', '.join(waiting)}"
        out += wrap(f"{say.seat_name(seat)}: {text}.", 2, 4)
    return out


def _called(state: DRState, card: str) -> str:
    """A character's name; a mesmerized one says so."""
    name = say.character(card, state.rules.data_dir)
    fig = state.figures.get(card)
    if fig is not None and fig.kind == "minion" and fig.born != "minion":
        name += " (a minion)"
    return name


# -- the account -------------------------------------------------------------------------------
class Teller:
    """Turns the public log of each step into lines, folding what repeats."""

    def __init__(self, start: DRState) -> None:
        self.state = start
        self.lines: list[str] = []
        self.turn = 0
        self.timeline: dict[str, int] = {}
        self.first_play = 0
        self.last_play = 0
        self.passes = 0
        self.walk: dict[str, Any] | None = None   # a move being folded
        self.fight: list[str] | None = None       # an attack and its consequences
        self.acted = False
        self.active = ""
        self.activation = ""  # the card turned over, told with the first thing it does
        self.placed: dict[str, list[str]] = {}
        self.departed: list[tuple[str, str, str]] = []  # (seat, name, what became of it)
        self.last_attacker: dict[str, str] = {}
        self.board_drawn = False
        self.exits: dict[str, str] = {}

    # -- the start ---------------------------------------------------------------------------
    def briefing(self) -> None:
        state = self.state
        adv = state.rules.adventure
        brief: Mapping[str, Any] = adv.get("briefing", {})
        self.lines.append(f"{adv['title']} (Dracula's Revenge, The Adventures)")
        if state.rules.board.name != state.rules.adventure_id:
            self.lines.append(f"Map: {state.rules.board.name.replace('_', ' ')}")
        if brief.get("introduction"):
            self.lines += wrap(brief["introduction"])
        if state.options["multiplayer"]:
            self.lines += wrap(MULTIPLAYER_GOAL)
        for side in ("hunters", "vampires"):
            forces = _forces(state, brief, side)
            goal = "" if state.options["multiplayer"] else brief.get(f"{side}_win", "")
            if forces or goal:
                self.lines += wrap(f"{side.title()}: {forces} {goal}".replace("  ", " "), 2, 4)
        for rule in brief.get("special_rules", []):
            self.lines += wrap(f"Special rule: {rule}", 2, 4)
        if adv["goal"] != "custom" and not state.options["multiplayer"] and \
                adv.get("turn_limit", 0) == 0 and state.options["turn_limit"]:
            self.lines += wrap(f"Played with a turn limit of {state.options['turn_limit']} turns "
                               "(a draw if nobody has won by then).", 2, 4)

    def draw_board(self, title: str, state: DRState) -> None:
        self.flush()
        self.lines += ["", f"{title} (north is up; squares are (x, y)):", *board_picture(state),
                       *wrap(f"Key: {LEGEND}.", 2, 4), *figure_key(state)]

    # -- each step ---------------------------------------------------------------------------
    def step(self, action: Action | None, after: DRState, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            kind = str(entry.get("kind"))
            if kind == "turn" and not self.board_drawn:
                self.flush_setup()
                self.draw_board("The board at the start", after)  # no one moved yet
                self.board_drawn = True
            handler = getattr(self, f"on_{kind}", None)
            if handler is None:
                self.say(str(entry["text"]), 4 if self.active else 2)
            else:
                handler(entry, action, after)
        self.state = after

    def say(self, text: str, indent: int = 2) -> None:
        self.flush()
        self.lines += wrap(text, indent, 4)

    def flush(self) -> None:
        """Write what is being folded: the Action Timeline, an activation, a walk, a fight."""
        if self.timeline or self.passes:
            self._timeline_line()
        self.flush_move()

    def flush_move(self) -> None:
        """Write the move being folded: its activation, a walk, a fight."""
        if self.activation:
            self.lines += wrap(self.activation, 2, 4)
            self.activation = ""
        if self.walk is not None:
            walk, self.walk = self.walk, None
            self.lines += wrap(_walk_line(walk), 4, 4)
        if self.fight is not None:
            fight, self.fight = self.fight, None
            self.lines += wrap(" ".join(fight), 4, 4)

    def flush_setup(self) -> None:
        for seat, names in self.placed.items():
            self.lines += wrap(f"{say.cap(say.player(seat))} places {_and(names)}.", 2, 4)
        self.placed = {}

    # -- set-up ------------------------------------------------------------------------------
    def on_setup(self, entry: dict[str, Any], *_: Any) -> None:
        self.lines += ["", "Set-up"]

    def on_placed(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        if self.board_drawn:
            self.say(str(entry["text"]), 4)
            return
        seat = after.figures[str(entry["figure"])].seat
        self.placed.setdefault(seat, []).append(
            f"{say.character(entry['figure'], after.rules.data_dir)} at "
            f"{say.xy(*entry['square'])}")

    def on_recruit(self, *_: Any) -> None:
        return  # told once the forces are complete

    def on_recruited(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        kinds = [str(k) for k in entry.get("forces", [])]
        bought = _and([f"{kinds.count(k)} x {say.kind_name(k, after.rules.data_dir)}"
                       for k in dict.fromkeys(kinds)]) or "nothing"
        points = sum(after.rules.types[k].points for k in kinds)
        who = say.cap(say.players(str(entry["seat"])))
        self.say(f"{who} forces: {bought} ({points} points).")

    # -- turns and the Action Timeline -------------------------------------------------------
    def on_turn(self, entry: dict[str, Any], *_: Any) -> None:
        self.flush()
        self.turn = int(entry["turn"])
        self.lines += ["", f"Turn {self.turn}"]

    def on_reaction_die(self, *_: Any) -> None:
        return  # said with the first player

    def on_first_player(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        dice = "The Reaction Dice are rolled behind the Die Screens. " \
            if after.options["reaction_dice"] else ""
        self.say(dice + str(entry["text"]))

    def on_card_played(self, entry: dict[str, Any], *_: Any) -> None:
        self.flush_move()
        seat = str(entry["seat"])
        self.timeline[seat] = self.timeline.get(seat, 0) + 1
        self.first_play = self.first_play or int(entry["play"])
        self.last_play = int(entry["play"])

    def on_pass(self, *_: Any) -> None:
        self.flush_move()
        self.passes += 1

    def _timeline_line(self) -> None:
        plays, passes = self.timeline, self.passes
        self.timeline, self.passes, first, self.first_play = {}, 0, self.first_play, 0
        if not plays:
            everyone = "Both players pass" if len(self.state.seats) == 2 else "Every player passes"
            self.lines += wrap(f"{everyone}{'' if passes <= len(self.state.seats) else ' again'}.",
                               2)
            return
        laid = ", ".join(f"{say.player(s)} {n} card{'s' if n > 1 else ''}"
                         for s, n in plays.items())
        cards = f"card #{first}" if first == self.last_play else \
            f"cards #{first} to #{self.last_play}"
        passed = f"; {passes} pass{'es' if passes != 1 else ''}" if passes else ""
        self.lines += wrap(f"Action Timeline, face down: {laid} ({cards}){passed}.", 2, 4)

    def on_activate(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        self.flush()
        card = str(entry["card"])
        self.active, self.acted = card, False
        fig = after.figures.get(card)
        name = _called(after, card)
        if fig is not None and fig.unconscious:
            state = "lies unconscious and cannot act"
        else:
            kind = fig.kind if fig is not None else after.rules.kind_of_card.get(card, "")
            ap = after.rules.types[kind].ap if kind in after.rules.types else 0
            state = f"acts, with {ap} Action Points"
        self.activation = f"Card #{entry['play']} is turned over: " \
            f"{say.players(str(entry['seat']))} {name} {state}."

    def on_discard(self, entry: dict[str, Any], *_: Any) -> None:
        self.say(str(entry["text"]))

    def on_end_move(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        if not self.acted and self.activation.endswith(" Action Points."):
            self.activation = self.activation.rsplit(" acts, with ", 1)[0] + " does nothing."
        elif not self.acted:
            self.say(f"{say.character(str(entry['figure']), after.rules.data_dir)}'s move is "
                     "over.", 4)
        self.active = ""

    def on_decline(self, *_: Any) -> None:
        return  # a chance to react let go by: nothing happens

    def on_reaction_dice_shown(self, entry: dict[str, Any], *_: Any) -> None:
        self.say(f"End of turn {self.turn}. {entry['text']}")

    def on_end_turn(self, *_: Any) -> None:
        return  # the next heading says it

    def on_game_over(self, *_: Any) -> None:
        self.flush()

    # -- actions and fights --------------------------------------------------------------------
    def on_action(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        if entry.get("figure") == self.active:
            self.acted = True
        act = entry.get("act")
        if act == "leave":
            self.exits[str(entry["figure"])] = f" in turn {self.turn}"
        if act == "move" and isinstance(action, Move):
            self._walk(entry, action, after)
        elif act in ("close_attack", "ranged_attack", "mesmerize"):
            self.flush()
            self.fight = [_attack_phrase(entry, action, after)]
        else:
            self.say(str(entry["text"]), 4)

    def _walk(self, entry: dict[str, Any], action: Move, after: DRState) -> None:
        fig = after.figures.get(action.character)
        walk = self.walk
        key = (action.character, bool(entry.get("reacting")))
        if walk is None or walk["key"] != key:
            self.flush()
            walk = self.walk = {"key": key, "name": _called(after, action.character),
                                "steps": [], "rp": 0}
        walk["steps"].append(say.direction(action.direction))
        walk["rp"] += int(entry.get("reaction_points", 0))
        walk["to"] = say.square(after.rules.board, fig.pos) if fig and fig.pos >= 0 else ""
        walk["facing"] = "" if fig is None or fig.misted else say.facing(action.facing)
        walk["mist"] = fig is not None and fig.misted

    def on_attack(self, entry: dict[str, Any], *_: Any) -> None:
        fight = self.fight if self.fight is not None else [""]
        target = say.character(str(entry["target"]), self.state.rules.data_dir)
        self.last_attacker[str(entry["target"])] = str(entry["attacker"])
        situation = [m for m in entry.get("modifiers", [])
                     if m.split(" ")[0] in ("outflanking", "reaction", "crucifix")]
        situation += [f"defence {m}" for m in entry.get("defence_modifiers", [])
                      if m.startswith("crucifix")]
        odds = f"{entry['attack_total']} against {entry['defence_total']}"
        if situation:
            odds += "; " + ", ".join(situation)
        if entry["success"]:
            fight[-1] += f" ({odds}):"
        else:
            fails = {"mesmerize": f"{target} resists"}.get(str(entry["attack"]),
                                                            f"{target} survives")
            if entry.get("save"):
                fails = "the attempt fails"
            fight[-1] += f", but {fails} ({odds})."
        self.fight = fight

    def _consequence(self, entry: dict[str, Any]) -> None:
        if self.fight is None:
            self.say(str(entry["text"]), 4)
        else:
            self.fight.append(str(entry["text"]))

    def on_killed(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        fid = str(entry["figure"])
        killer = self.last_attacker.get(fid)
        by = f" by {say.character(killer, after.rules.data_dir)}" if killer else ""
        self._depart(fid, f"killed in turn {self.turn}{by}")
        self._consequence(entry)

    def _depart(self, card: str, what: str) -> None:
        """A character leaves the game (its seat as it was before this step)."""
        fig = self.state.figures.get(card)
        self.departed.append((fig.seat if fig is not None else "", _called(self.state, card),
                              what))

    def on_mesmerized(self, entry: dict[str, Any], *_: Any) -> None:
        self._consequence(entry)

    def on_saved(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        fid, becomes = str(entry["figure"]), str(entry["becomes"])
        if becomes != fid:
            self._depart(fid, f"saved in turn {self.turn} and replaced by "
                         f"{say.character(becomes, after.rules.data_dir)}")
        self._consequence(entry)

    def on_unconscious(self, entry: dict[str, Any], *_: Any) -> None:
        self._consequence(entry)

    def on_fed(self, entry: dict[str, Any], action: Any, after: DRState) -> None:
        becomes = say.character(str(entry["becomes"]), after.rules.data_dir)
        self._depart(str(entry["figure"]), f"fed in turn {self.turn} and became {becomes}")
        told = str(entry["text"])
        if entry["figure"] == self.active and told.endswith("."):
            told = told[:-1] + ": its move is over."  # its end_move line is folded away
        self.say(told, 4)

    # -- the end -------------------------------------------------------------------------------
    def finish(self, state: DRState, steps: int) -> None:
        self.flush()
        self.flush_setup()
        self.draw_board("The board at the end", state)
        self.lines += ["", *_result(state, steps), "Where every character stands:"]
        for seat in state.seats:
            self.lines.append(f"  {say.seat_name(seat)}:")
            self.lines += [f"    {line}" for line in _standing(state, seat, self.departed,
                                                                     self.exits)]


def _forces(state: DRState, brief: Mapping[str, Any], side: str) -> str:
    """A side's forces as the briefing lists them (or as the players bought them)."""
    if state.rules.adventure["goal"] == "custom":
        return ""
    if state.options["own_forces"]:
        points = state.rules.adventure[side]["points"]
        return f"Forces of the player's own choosing for {points} points (Points Value)."
    return str(brief.get(side, ""))


def _walk_line(walk: dict[str, Any]) -> str:
    steps: list[str] = walk["steps"]
    name, to = walk["name"], walk["to"]
    if len(steps) == 1:
        path = steps[0]
    else:
        runs: list[list[Any]] = []
        for step in steps:
            if runs and runs[-1][0] == step:
                runs[-1][1] += 1
            else:
                runs.append([step, 1])
        path = f"{len(steps)} squares (" + ", ".join(
            f"{d} x{n}" if n > 1 else d for d, n in runs) + ")"
    verb = "drifts as mist" if walk["mist"] else "moves"
    reacts = " reacts and" if walk["key"][1] else ""
    facing = f", facing {walk['facing']}" if walk["facing"] else ""
    paid = f" [{walk['rp']} Reaction Point{'s' if walk['rp'] != 1 else ''}]" if walk["rp"] else ""
    return f"{name}{reacts} {verb} {path} to {to}{facing}{paid}."


def _attack_phrase(entry: dict[str, Any], action: Any, after: DRState) -> str:
    data_dir = after.rules.data_dir
    attacker = say.character(str(entry["figure"]), data_dir)
    target = say.character(str(getattr(action, "target", "")), data_dir)
    act = entry.get("act")
    if act == "mesmerize":
        deed = f"tries to mesmerize {target}"
    elif act == "ranged_attack":
        deed = f"shoots at {target} with a crossbow"
    elif getattr(action, "save", False):
        deed = f"tries to save {target}"
    else:
        deed = f"attacks {target}"
    rp = int(entry.get("reaction_points", 0))
    paid = f" [{rp} Reaction Point{'s' if rp != 1 else ''}]" if rp else ""
    reacts = " reacts and" if entry.get("reacting") else ""
    return f"{attacker}{reacts} {deed}{paid}"


def _result(state: DRState, steps: int) -> list[str]:
    outcome = state.outcome
    if outcome is None:
        return [f"Unfinished: stopped in turn {state.turn} after {steps} actions."]
    winners = [say.seat_name(w) for w in outcome.winners]
    if not winners:
        said = "Nobody wins"
    elif len(winners) == 1 and winners[0] in ("Vampires", "Hunters"):
        said = f"The {winners[0].lower()} win"
    else:
        said = f"{_and(winners)} win{'s' if len(winners) == 1 else ''}"
    reason = f": {outcome.reason}" if outcome.reason else ""
    return wrap(f"Result: {said}{reason} (turn {state.turn}, after {steps} actions).")


def _standing(state: DRState, seat: str, departed: list[tuple[str, str, str]],
              exits: Mapping[str, str]) -> list[str]:
    """Where each of the seat's characters stands, then those it lost and how."""
    board = state.rules.board
    out = []
    for fig in state.figures.values():
        if fig.seat != seat:
            continue
        if fig.id in state.exited:
            where = f"left the board{exits.get(fig.id, '')}"
        elif fig.pos >= 0:
            how = "mist" if fig.misted else f"facing {say.facing(FACINGS[fig.facing])}"
            where = f"at {say.square(board, fig.pos)}, {how}" + \
                (", unconscious" if fig.unconscious else "")
        else:
            where = "still waiting off the board to enter"
        out.append(f"{_called(state, fig.id)}: {where}")
    out += [f"{name}: {what}" for owner, name, what in departed if owner == seat]
    return out or ["no characters"]


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


__all__ = ["board_picture", "figure_key", "fold_repeats", "report"]
