"""gothic play: the menu, the session (bots, hot-seat, commands, undo), saving and loading.

The kernel's own screen is tested on Kuhn poker (the reference game) and on a small
game made here to exercise undo: a hidden pile to draw from, a die to roll, and
choices that reveal nothing.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import gothic_kernel as gk
from gothic_kernel.cli import main
from gothic_kernel.play import COMMANDS, Menu, Session, people, screen_text
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.screen import TextScreen, in_columns, readable
from gothic_kernel.serial import from_data

# -- a small game for undo -------------------------------------------------------------------

SEATS = ("north", "south")
ROUNDS = 3
HAND = 2


@attrs.frozen
class Wait(gk.Action):
    """Do nothing, in the open."""


@attrs.frozen
class Roll(gk.Action):
    """Roll a die for everyone to see."""


@attrs.frozen
class Draw(gk.Action):
    """Take the top card of the hidden pile and look at it."""


@attrs.frozen
class Done(gk.Action):
    """End the turn."""


@attrs.frozen
class Knock(gk.Action):
    """Knock at the door: nobody answers (a consequence, though nothing hidden)."""


@attrs.define
class PileData:
    pile: list[int]
    hands: dict[str, list[int]]
    turn: int


class PileState(gk.LoggedState):
    def __init__(self, game: gk.Game, dice: gk.Dice, pile: list[int],
                 hands: dict[str, list[int]], turn: int = 0) -> None:
        self.game, self.dice, self.pile, self.hands, self.turn = game, dice, pile, hands, turn
        self.events = gk.Log()

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def current_seats(self) -> tuple[str, ...]:
        return () if self.is_over else (SEATS[self.turn % 2],)

    def _legal_actions(self, seat: str) -> list[gk.Action]:
        if seat not in self.current_seats():
            return []
        if len(self.hands[seat]) >= HAND:
            return [Done()]  # a full hand: the turn must end
        return [Wait(), Roll(), Draw(), Done(), Knock()]

    def _prompt(self, seat: str) -> str:
        return f"{seat.title()}: wait, roll, draw or end your turn."

    def _describe_action(self, seat: str, action: gk.Action) -> str:
        return {"wait": "wait a moment", "roll": "roll the die", "draw": "draw a card",
                "done": "end the turn", "knock": "knock at the door"}[action.TYPE]

    def _apply(self, seat: str, action: gk.Action) -> None:
        if isinstance(action, Roll):
            self.events.say("roll", f"{seat} rolls {self.dice.d6()}")
        elif isinstance(action, Draw):
            card = self.pile.pop()
            self.hands[seat].append(card)
            self.events.add(gk.event("draw", f"{seat} draws the {card}", card=card),
                            gk.Scope.seat(seat), public=gk.event("draw", f"{seat} draws"))
        elif isinstance(action, Done):
            self.turn += 1
            self.events.say("done", f"{seat} ends the turn")
        elif isinstance(action, Knock):
            self.events.say("knock", f"{seat} knocks at the door")
            self.events.say("silence", "nobody answers")
        else:
            self.events.say("wait", f"{seat} waits")

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        return {"turn": self.turn, "pile": len(self.pile),
                "hands": {s: list(h) if s == viewer else len(h) for s, h in self.hands.items()}}

    @property
    def is_over(self) -> bool:
        return self.turn >= 2 * ROUNDS

    @property
    def outcome(self) -> gk.Outcome | None:
        return gk.Outcome((), reason="the rounds are over") if self.is_over else None

    def clone(self) -> PileState:
        twin = PileState(self.game, self.dice.clone(), list(self.pile),
                         {s: list(h) for s, h in self.hands.items()}, self.turn)
        twin.events = self.events.clone()
        return twin

    def _resample(self, viewer: str, seed: int) -> PileState:
        twin = self.clone()
        twin.dice = self.dice.reseeded(seed)
        others = [s for s in SEATS if s != viewer]
        unseen = twin.pile + [c for s in others for c in twin.hands[s]]
        twin.dice.shuffle(unseen)
        twin.pile = unseen[:len(self.pile)]
        rest = unseen[len(self.pile):]
        for s in others:
            twin.hands[s], rest = rest[:len(self.hands[s])], rest[len(self.hands[s]):]
        return twin

    def to_data(self) -> dict[str, Any]:
        return {"pile": list(self.pile), "hands": {s: list(h) for s, h in self.hands.items()},
                "turn": self.turn}


class PileGame(gk.Game):
    name = "pile_game"
    title = "A pile game"
    seats = SEATS
    action_types = (Wait, Roll, Draw, Done, Knock)

    def _new_game(self, dice: gk.Dice, options: dict[str, Any]) -> PileState:
        pile = list(range(1, 10))
        dice.shuffle(pile)
        return PileState(self, dice, pile, {s: [] for s in SEATS})

    def _state_from_data(self, data: Any, dice: gk.Dice) -> PileState:
        plain = from_data(PileData, data)
        return PileState(self, dice, plain.pile, plain.hands, plain.turn)


# -- helpers ----------------------------------------------------------------------------------


def play(game: gk.Game, state: gk.GameState, humans: Sequence[str], lines: Iterable[str],
         agents: dict[str, gk.Agent] | None = None, **options: Any) -> tuple[int, str]:
    """Run a session on ``lines`` of input; its exit status and everything it printed."""
    out = io.StringIO()
    feed = iter(lines)

    def read(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    bots = agents if agents is not None else \
        {s: gk.RandomAgent(i) for i, s in enumerate(state.seats) if s not in humans}
    session = Session(game, state, humans, bots, out=out, read=read, tty=False, echo=True,
                      width=100, **options)
    status = session.run()
    return status, out.getvalue()


@pytest.fixture
def kuhn() -> Iterator[gk.Game]:
    gk.register_game("kuhn_poker", KuhnPoker)
    yield gk.load_game("kuhn_poker")
    gk.unregister_game("kuhn_poker")


@pytest.fixture
def pile() -> Iterator[gk.Game]:
    gk.register_game("pile_game", PileGame)
    yield gk.load_game("pile_game")
    gk.unregister_game("pile_game")


def screens_of(transcript: str, name: str) -> list[str]:
    """The screens the transcript shows ``name``'s seat (from its header to the next)."""
    parts = transcript.split("\n== ")[1:]
    return [p for p in parts
            if [w.strip(" =") for w in p.split("\n")[0].split(" | ")][1:2] == [name]]


# -- the menu ---------------------------------------------------------------------------------

def labelled(*labels: str) -> list[tuple[gk.Action, str, str]]:
    return [(Wait(), label, label.split(" ")[0]) for label in labels]


def test_menu_groups_shares_words_and_numbers_in_the_order_shown() -> None:
    entries = [(Wait(), "move to Paris by Road", "Move"), (Roll(), "pass", "Pass"),
               (Draw(), "move to Rome by Road", "Move")]
    menu = Menu(entries, 80)
    assert menu.lines[0] == "  move to:"
    assert [c.label for c in menu.choices] == ["move to Paris by Road", "move to Rome by Road",
                                               "pass"]
    assert [c.shown for c in menu.choices] == ["Paris by Road", "Rome by Road", "pass"]
    assert "or:" in menu.lines[-2]


def test_menu_puts_labels_one_word_apart_on_one_line() -> None:
    menu = Menu(labelled(*(f"place A at ({x}, 2), facing {f}" for x in (1, 12)
                           for f in ("north", "east", "south", "west"))), 100)
    assert menu.lines == ["  place A at:",
                          "    (1, 2), facing:   1 north   2 east    3 south   4 west",
                          "    (12, 2), facing:  5 north   6 east    7 south   8 west"]
    aside = Menu(labelled(*(f"move B to ({x}, 1), facing {f} [reaction, 1 Reaction Point]"
                            for x in (1, 2) for f in ("north", "east"))), 100)
    assert aside.lines == ["  move B to [reaction, 1 Reaction Point]:",
                           "    (1, 1), facing:  1 north   2 east",
                           "    (2, 1), facing:  3 north   4 east"]


def test_menu_never_cuts_a_name_in_two() -> None:
    menu = Menu(labelled("play She-wolf A's Action Card", "play She-wolf B's Action Card"), 80)
    assert menu.lines[0] == "  play:"
    assert [c.shown for c in menu.choices] == ["She-wolf A's Action Card",
                                               "She-wolf B's Action Card"]
    counted = Menu(labelled("take nothing", "take 1 Event Card", "take 2 Event Cards"), 80)
    assert [c.shown for c in counted.choices][1] == "take 1 Event Card"


def test_menu_picks_by_number_label_or_unique_start() -> None:
    menu = Menu(labelled("move to Paris by Road", "move to Prague by Road", "pass"), 80)
    assert menu.pick("2").label == "move to Prague by Road"  # type: ignore[union-attr]
    assert menu.pick("PASS").label == "pass"  # type: ignore[union-attr]
    assert menu.pick("move to pr").label == "move to Prague by Road"  # type: ignore[union-attr]
    assert menu.pick("Pari").label == "move to Paris by Road"  # type: ignore[union-attr]
    assert menu.pick("9") == "There is no choice 9: type a number from 1 to 3."
    assert "fits 2 choices" in str(menu.pick("move"))
    assert str(menu.pick("fly")).startswith("No choice starts with 'fly'")


def test_menu_start_fitting_a_shown_text_and_a_label_is_ambiguous() -> None:
    menu = Menu([(Wait(), "move to Strasbourg by road", "Move"),
                 (Wait(), "move to Paris by road", "Move"), (Roll(), "supply", "Supply")], 80)
    assert [c.shown for c in menu.choices] == ["Strasbourg by road", "Paris by road", "supply"]
    said = menu.pick("s")
    assert isinstance(said, str)
    assert said.startswith("'s' fits 2 choices (1 move to Strasbourg by road; 3 supply)")
    assert menu.pick("su").label == "supply"  # type: ignore[union-attr]
    assert menu.pick("st").label == "move to Strasbourg by road"  # type: ignore[union-attr]


def test_columns_and_readable() -> None:
    assert in_columns(["a", "b", "c"], 20) == ["  a   b   c"]
    assert in_columns([], 20) == []
    lines = readable({"hunters": {"van_helsing": {"location": "paris", "items": ["knife"]}},
                      "turn": 3, "flag": True, "none": None})
    assert lines == ["  hunters:", "    van helsing: location paris; items knife", "  turn: 3",
                     "  flag: yes", "  none: -"]


def test_people_reads_seat_lists() -> None:
    state = PileGame().new_game(seed=1)
    assert people(state, []) == ("north",)
    assert people(state, ["south,north"]) == ("north", "south")
    assert people(state, ["all"]) == SEATS
    with pytest.raises(ValueError, match="no seat called 'east'"):
        people(state, ["east"])


# -- a session ---------------------------------------------------------------------------------

def test_the_default_screen_writes_the_observation_out(kuhn: gk.Game) -> None:
    state = kuhn.new_game(seed=1)
    seat = state.current_seats()[0]
    text = screen_text(state, seat)
    assert state.prompt(seat) in text
    assert "What you know" in text and "cards:" in text
    assert "1 check (bet nothing)" in text


def test_one_person_against_a_bot_plays_to_the_end(kuhn: gk.Game) -> None:
    status, out = play(kuhn, kuhn.new_game(seed=3), ["first"], ["1"] * 5)
    assert status == 0
    assert "The game is over." in out
    assert "Traceback" not in out


def test_hot_seat_hands_over_and_keeps_each_card_secret(kuhn: gk.Game) -> None:
    state = kuhn.new_game(seed=3)
    cards = {s: state.observation(s)["cards"][s] for s in state.seats}
    status, out = play(kuhn, state, state.seats, ["", "bet", "", "call"])
    assert status == 0
    assert "Pass the keyboard to First, then press Enter." in out
    assert "Pass the keyboard to Second, then press Enter." in out
    for seat, other in (("first", "second"), ("second", "first")):
        shown = screens_of(out, seat.title())
        assert shown, f"{seat} was never shown a screen"
        for screen in shown:
            assert f"{seat} {cards[seat]}" in screen
            assert f"{other} {cards[other]}" not in screen


def test_bad_input_gets_a_hint_and_the_menu_again(kuhn: gk.Game) -> None:
    status, out = play(kuhn, kuhn.new_game(seed=3), ["first"],
                       ["", "7", "raise", "log x", "save", "help", "log", "log 1", "map",
                        "quit"])
    assert status == 0
    assert "Type the number of a choice" in out
    assert "There is no choice 7" in out
    assert "No choice starts with 'raise'" in out
    assert "log takes a number" in out
    assert "save takes a file name" in out
    for command in COMMANDS.values():
        assert command.usage in out
    assert "The log as First may read it" in out
    assert out.count("1 check (bet nothing)") >= 8  # the menu after every command
    assert out.rstrip().endswith("Quitting; the game is not saved (save FILE first to keep "
                                 "it).")


def test_the_end_of_input_stops_the_game(kuhn: gk.Game) -> None:
    status, out = play(kuhn, kuhn.new_game(seed=3), ["first"], [])
    assert status == 0
    assert "End of input: the game stops here, unsaved." in out


def test_max_steps_stops_a_game(pile: gk.Game) -> None:
    status, out = play(pile, pile.new_game(seed=1), ["north"], ["1"] * 10, max_steps=3)
    assert status == 0
    assert "Stopped after 3 actions (--max-steps); the game is not over." in out


# -- undo --------------------------------------------------------------------------------------

def test_undo_takes_back_choices_that_showed_nothing(pile: gk.Game) -> None:
    state = pile.new_game(seed=2)
    status, out = play(pile, state, ["north"], ["wait", "wait", "undo", "undo", "undo", "quit"])
    assert status == 0
    assert out.count("Taken back: wait a moment.") == 2
    assert "Nothing to take back: you have made no choice since another seat last acted." \
        in out


def test_undo_refuses_a_roll_or_a_draw(pile: gk.Game) -> None:
    _status, out = play(pile, pile.new_game(seed=2), ["north"], ["roll", "undo", "quit"])
    assert "'roll the die' cannot be taken back: it called on chance" in out
    _status, out = play(pile, pile.new_game(seed=2), ["north"],
                       ["wait", "draw", "undo", "undo", "quit"])
    assert "'draw a card' cannot be taken back: it showed you something you did not know" \
        in out
    assert "Taken back" not in out  # nor the wait before it


def test_undo_refuses_a_choice_with_a_consequence() -> None:
    game = PileGame()
    _status, out = play(game, game.new_game(seed=2), ["north"], ["knock", "undo", "quit"])
    assert "'knock at the door' cannot be taken back: more came of it than the choice " \
           "itself" in out


def test_undo_refuses_once_another_seat_acted(pile: gk.Game) -> None:
    _status, out = play(pile, pile.new_game(seed=2), ["north"], ["end the turn", "undo", "quit"],
                       agents={"south": FixedAgent("done")})
    assert "Nothing to take back: you have made no choice since another seat last acted." \
        in out


def test_undo_at_the_hand_over_screen(pile: gk.Game) -> None:
    _status, out = play(pile, pile.new_game(seed=2), SEATS,
                       ["", "end the turn", "undo", "wait", "end the turn", "", "quit"])
    assert "(North: type undo first to take back your last choice, if nothing has come of it " \
           "yet.)" in out
    assert "Taken back: end the turn." in out
    assert out.count("Pass the keyboard to North") == 1
    assert out.count("Pass the keyboard to South") == 2


@attrs.frozen
class FixedAgent:
    kind: str

    def choose(self, seat: str, observation: Any, legal: Sequence[gk.Action]) -> gk.Action:
        return next(a for a in legal if self.kind == a.TYPE)


def test_an_only_choice_is_played_for_one_person_and_asked_in_hot_seat(pile: gk.Game) -> None:
    _status, out = play(pile, pile.new_game(seed=2), ["north"], ["draw", "draw", "quit"],
                       agents={"south": FixedAgent("done")})
    assert "Played for you, as your only choice: end the turn (x3)." in out
    _status, out = play(pile, pile.new_game(seed=2), SEATS, ["", "draw", "draw", "", "quit"])
    assert "Played for you" not in out
    assert "Your choices:\n    1 end the turn" in out
    assert "Pass the keyboard to South" in out  # Enter played the only choice


def test_undo_takes_back_the_only_choices_played_after_yours(pile: gk.Game) -> None:
    state = pile.new_game(seed=2)
    state.apply("north", Draw())
    _status, out = play(pile, state, ["north"], ["wait", "undo", "quit"])
    assert "Taken back: wait a moment." in out


# -- the command line --------------------------------------------------------------------------

def run_cli(argv: list[str], lines: Sequence[str], monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_save_and_load_a_position(pile: gk.Game, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    status, out, err = run_cli(["play", "pile_game", "--seed", "4", "--seat", "north"],
                               ["draw", f"save {saved}", "quit"], monkeypatch, capsys)
    assert status == 0 and not err
    assert f"Saved this position to {saved}" in out
    position = pile.from_json(saved.read_text())
    assert len(position.observation("north")["hands"]["north"]) == 1
    status, out, err = run_cli(["play", "--load", str(saved), "--seat", "north"],
                               ["quit"], monkeypatch, capsys)
    assert status == 0 and not err
    card = position.observation("north")["hands"]["north"][0]
    assert f"hands: north {card}" in out


def test_cli_load_resumes_as_the_seats_that_saved(pile: gk.Game, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    status, out, _err = run_cli(["play", "pile_game", "--seed", "4", "--seat", "south"],
                                [f"save {saved}", "quit"], monkeypatch, capsys)
    assert status == 0 and "(as South)" in out
    position = pile.from_json(saved.read_text())  # still a snapshot any reader loads
    assert position.current_seats() == ("south",)
    status, out, err = run_cli(["play", "--load", str(saved)], ["quit"], monkeypatch, capsys)
    assert status == 0 and not err
    assert out.startswith(f"Going on from {saved} as South")
    assert screens_of(out, "South") and not screens_of(out, "North")
    assert "North" not in out.split("\n== ")[1].split("\n")[0]


def test_cli_load_refuses_a_snapshot_that_names_no_person(pile: gk.Game, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    state = pile.new_game(seed=4)
    state.apply("north", state.legal_actions("north")[0])
    saved = tmp_path / "api.json"
    saved.write_text(state.to_json())
    status, out, err = run_cli(["play", "--load", str(saved)], ["quit"], monkeypatch, capsys)
    assert status == 2 and not out
    assert "does not say which seats people played" in err and "--seat SEAT" in err
    assert err.count("\n") == 1
    status, out, err = run_cli(["play", "--load", str(saved), "--seat", "south"], ["quit"],
                               monkeypatch, capsys)
    assert status == 0 and screens_of(out, "South")
    bad = tmp_path / "bad.json"
    bad.write_text('{"played_by_people":["east"],' + state.to_json()[1:])
    status, out, err = run_cli(["play", "--load", str(bad)], [], monkeypatch, capsys)
    assert status == 2 and "is corrupt: played_by_people must list seats" in err


def test_cli_loads_a_game_record(kuhn: gk.Game, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "record.json"
    assert main(["demo", "kuhn_poker", "--seed", "5", "--save", str(record)]) == 0
    capsys.readouterr()
    status, out, err = run_cli(["play", "kuhn_poker", "--load", str(record)], [],
                               monkeypatch, capsys)
    assert status == 0 and not err
    assert "The game is over." in out


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "is not a saved game (not JSON)"),
    ('{"game": "pile_game", "format": 1, "dice": {}, "state": {}}', "is corrupt"),
    ('["pile_game"]', "it names no game"),
    ('{"game": "no_such_game", "state": {}, "dice": {}}', "no_such_game"),
    ('{"game": "pile_game", "seed": 1, "options": {}, "actions": [{"seat": "north", '
     '"action": {"type": "fly"}}], "public_log": [], "outcome": null}', "does not replay"),
])
def test_cli_refuses_a_bad_file_in_one_line(pile: gk.Game, tmp_path: Path, content: str,
                                            message: str, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    status, _out, err = run_cli(["play", "--load", str(bad)], [], monkeypatch, capsys)
    assert status == 2
    assert err.startswith("gothic play: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_cli_refuses_bad_command_lines(pile: gk.Game, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(pile.new_game(seed=1).to_json())
    for argv, message in (
            (["play"], "name a game to play"),
            (["play", "pile_game", "--seat", "east"], "no seat called 'east'"),
            (["play", "kuhn_poker", "--load", str(saved)], "holds a pile_game game, not "
                                                          "kuhn_poker"),
            (["play", "--load", str(saved), "--option", "x=1"], "--option cannot be given"),
            (["play", "--load", str(tmp_path / "absent.json")], "cannot read"),
            (["play", "pile_game", "--option", "x=1"], "has no option 'x'")):
        status, _out, err = run_cli(argv, [], monkeypatch, capsys)
        assert status in (1, 2), argv
        assert err.startswith("gothic play: ") and message in err, (argv, err)


def test_cli_play_help_explains_undo(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    said = capsys.readouterr().out
    for words in ("--seat", "--bots", "--load", "--max-steps", "Undo takes back",
                  "Pass the keyboard to X"):
        assert words in said


def test_gothic_play_runs_as_a_command_with_input_piped_in() -> None:
    done = subprocess.run([sys.executable, "-m", "gothic_kernel", "play", "vampyre",
                           "--seed", "1", "--max-steps", "6", "--seat", "harker"],
                          input="1\n" * 6, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "Vampyre" in done.stdout and "Your choices:" in done.stdout


def test_commands_plug_in(kuhn: gk.Game) -> None:
    from gothic_kernel.play import ASK_AGAIN, Command, register_command

    def snapshot(session: Session, seat: str, argument: str) -> str:
        session.say(f"would draw {seat}'s view to {argument}")
        return ASK_AGAIN

    register_command(Command("snapshot", "snapshot FILE", "draw the board", snapshot))
    try:
        _status, out = play(kuhn, kuhn.new_game(seed=3), ["first"],
                           ["snapshot board.svg", "quit"])
    finally:
        del COMMANDS["snapshot"]
    assert "would draw first's view to board.svg" in out


def test_picture_writes_the_board_as_the_seat_at_the_prompt_sees_it(tmp_path: Path) -> None:
    game = gk.load_game("vampyre")
    state = game.new_game(seed=2)
    seat = state.current_seats()[0]
    where = tmp_path / "board.svg"
    _status, out = play(game, state, [seat], [f"picture {where}", "quit"])
    assert f"to {where}" in " ".join(out.split())  # a long path is wrapped to the screen
    assert where.read_text(encoding="utf-8") == gk.picture(state, seat)


def test_picture_of_a_game_without_pictures_or_to_a_bad_name_is_a_hint(
        kuhn: gk.Game, tmp_path: Path) -> None:
    _status, out = play(kuhn, kuhn.new_game(seed=3), ["first"],
                        [f"picture {tmp_path / 'k.svg'}", "picture", "quit"])
    assert "No picture written: kuhn_poker draws no pictures" in out
    assert "picture takes a file name" in out
    assert not (tmp_path / "k.svg").exists()
    game = gk.load_game("vampyre")
    state = game.new_game(seed=2)
    _status, out = play(game, state, [state.current_seats()[0]],
                        [f"picture {tmp_path / 'v.gif'}", "quit"])
    assert "a picture is written as .svg or .png" in " ".join(out.split())
    assert not (tmp_path / "v.gif").exists()


def test_a_screen_for_every_registered_game_is_a_text_screen() -> None:
    for name in gk.available_games():
        assert isinstance(gk.load_game(name).text_screen(), TextScreen)


def test_saved_positions_are_state_snapshots(pile: gk.Game, tmp_path: Path) -> None:
    state = pile.new_game(seed=1)
    session = Session(pile, state, ["north"], {}, out=io.StringIO(), tty=False)
    COMMANDS["save"].run(session, "north", str(tmp_path / "s.json"))
    data = json.loads((tmp_path / "s.json").read_text())
    assert {"game", "dice", "state"} <= set(data)


def test_log_counts_in_words_and_refuses_a_count_below_one(kuhn: gk.Game) -> None:
    """``log 0`` and ``log -5`` showed one entry as "(1 entries)"; the header did not say
    that only the last entries were shown."""
    state = kuhn.new_game(seed=3)
    whole = len(state.log("first"))
    status, out = play(kuhn, state, ["first"], ["log 0", "log -5", "log 1", "log", "quit"])
    assert status == 0
    assert out.count("log takes a number from 1: log 30 shows the last 30 entries.") == 2
    assert "(1 entries)" not in out
    assert f"The log as First may read it (the last 1 of {whole} entries):" in out
    assert f"The log as First may read it (all {whole} entries):" in out


def test_the_prompt_help_says_what_map_takes(kuhn: gk.Game) -> None:
    """The prompt's help said "map [WHAT]  the board in full" without saying what WHAT is,
    where gothic play --help says "the map, or what a place or piece is"."""
    status, out = play(kuhn, kuhn.new_game(seed=3), ["first"], ["help", "quit"])
    assert status == 0
    line = next(line for line in out.splitlines() if line.strip().startswith("map [WHAT]"))
    assert "WHAT is" in line


def test_hot_seat_without_a_terminal_says_the_screens_stay_readable(kuhn: gk.Game) -> None:
    """Hot-seat into a pipe or an IDE's console cannot clear the screen: the hand-over was
    only a blank line, with the last seat's cards readable just above, and nothing said so."""
    state = kuhn.new_game(seed=3)
    status, out = play(kuhn, state, state.seats, ["", "bet", "", "call"])
    assert status == 0
    said = " ".join(out.split())
    assert "Hot-seat, but the output is not a terminal" in said
    assert said.index("not a terminal") < said.index("Pass the keyboard")
    status, alone = play(kuhn, kuhn.new_game(seed=3), ["first"], ["quit"])
    assert "not a terminal" not in alone  # one person: nothing to keep from anybody


def test_no_line_is_wider_than_the_screen(kuhn: gk.Game) -> None:
    """At 60 columns the hint "Type a number or the start of a choice; help lists the
    commands." (67 characters) was cut by the terminal mid-word ("comma" / "nds.")."""
    out = io.StringIO()
    feed = iter(["7", "zz", "help", "check", "quit"])

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(feed)

    session = Session(kuhn, kuhn.new_game(seed=3), ["first"],
                      {"second": gk.RandomAgent(1)}, out=out, read=read, tty=False,
                      echo=True, width=60)
    assert session.run() == 0
    long = [line for line in out.getvalue().splitlines()
            if len(line) > 60 and not line.startswith("> ")]
    assert not long, long


def _hot_seat_hand_over_after_draculas_action(choice: str, typed: str = "") -> str:
    """fury1987 played hot-seat to Dracula's first Action Phase, where he picks
    ``choice``; the screen shown when the keyboard passes to Lord Godalming (where
    ``typed`` is typed once before Enter)."""
    game = gk.load_game("fury1987")
    out = io.StringIO()
    asked: dict[str, int | str] = {"n": 0}

    def read(prompt: str) -> str:
        asked["n"] = int(asked["n"]) + 1
        if int(asked["n"]) > 40:
            raise EOFError
        shown = [line for line in out.getvalue().splitlines() if line.strip()]
        if shown[-1].startswith("Pass the keyboard") or "type undo first" in shown[-1]:
            said, asked["typed"] = asked.get("typed", ""), ""
            return str(said)
        if any("place an Encounter from your Encounter Set" in line for line in shown[-12:]):
            asked["typed"] = typed  # at the hand-over that follows
            return choice
        return "1"

    session = Session(game, game.new_game(seed=2), list(game.seats), {}, out=out, read=read,
                      tty=False, width=100)
    session.run()
    text = out.getvalue()
    after = text.split("Dracula's Action Phase", 1)[1]
    start = after.index("Pass the keyboard to Lord Godalming")
    return after[start:after.index("==", start)]


def test_the_hand_over_screen_does_not_tell_whether_the_last_choice_drew_on_chance() -> None:
    """Dracula placing an Encounter (he then takes a new one at random) or doing nothing
    looks the same to the Hunters, but the hand-over screen that the next person sees
    offered "(Dracula: type undo first ...)" only after doing nothing."""
    placed = _hot_seat_hand_over_after_draculas_action("1")  # place the first Encounter
    nothing = _hot_seat_hand_over_after_draculas_action("do nothing")
    assert "Pass the keyboard to Lord Godalming" in placed
    assert "type undo first" in placed
    assert placed == nothing


def test_an_undo_refused_at_the_hand_over_screen_is_said_without_its_reason() -> None:
    """The reason ("it called on chance") would tell the next person, who is watching,
    that Dracula placed an Encounter."""
    placed = _hot_seat_hand_over_after_draculas_action("1", typed="undo")
    assert "Dracula's last choice cannot be taken back now." in placed
    assert "chance" not in placed and "Encounter" not in placed
    assert placed.count("Pass the keyboard to Lord Godalming") == 2  # asked again


def test_quit_right_after_save_says_where_the_position_is_kept(kuhn: gk.Game,
                                                               tmp_path: Path) -> None:
    """``save F`` then ``quit`` said "the game is not saved" although it just was; a
    choice made after the save makes the warning true again."""
    saved = tmp_path / "k.json"
    status, out = play(kuhn, kuhn.new_game(seed=3), ["first"], [f"save {saved}", "quit"])
    assert status == 0 and saved.exists()
    assert " ".join(out.split()).endswith(f"Quitting; this position is saved in {saved}.")
    out_file = io.StringIO()
    session = Session(kuhn, kuhn.new_game(seed=3), ["first"], {}, out=out_file, tty=False)
    COMMANDS["save"].run(session, "first", str(saved))
    session.state.apply("first", session.state.legal_actions("first")[0])
    COMMANDS["quit"].run(session, "first", "")
    assert out_file.getvalue().rstrip().endswith(
        "Quitting; the game is not saved (save FILE first to keep it).")


def test_people_refuses_an_empty_seat_and_all_with_others() -> None:
    """trial s26 F12: ``--seat ''`` played the default seat and ``--seat all --seat mina``
    was taken as all, both without a word."""
    state = PileGame().new_game(seed=1)
    for asked in ([""], [" "], ["north,"], ["north,,south"]):
        with pytest.raises(ValueError, match="empty seat name"):
            people(state, asked)
    for asked in (["all", "north"], ["north,all"], ["all", "all"]):
        with pytest.raises(ValueError, match="all already means every seat"):
            people(state, asked)


def test_cli_play_refuses_an_empty_seat(pile: gk.Game, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """trial s26 F12: the refusal is one line, exit status 2."""
    for seats in ([""], ["all", "north"]):
        argv = ["play", "pile_game", "--seed", "1"]
        for seat in seats:
            argv += ["--seat", seat]
        status, out, err = run_cli(argv, ["quit"], monkeypatch, capsys)
        assert status == 2 and err.startswith("gothic play: --seat"), (argv, err)
        assert err.count("\n") == 1 and out == ""


def test_the_hand_over_screen_answers_what_it_does_not_take(pile: gk.Game) -> None:
    """trial s26 F10: a command typed at "Pass the keyboard to X, then press Enter." (log,
    zzz) was swallowed as Enter, and the next seat's screen opened without a word."""
    _status, out = play(pile, pile.new_game(seed=2), SEATS,
                        ["log", "", "end the turn", "zzz", "undo", "", "quit"])
    assert "Nothing is played from this screen ('log' is not taken): press Enter to go on, " \
           "or quit." in out
    assert "('zzz' is not taken): press Enter to go on, or type undo, or quit." in \
        out.replace("\n  ", " ")
    assert "Taken back: end the turn." in out  # undo still taken after the refusal
    assert out.count("Pass the keyboard to North") == 2  # asked again after log
    assert out.count("Pass the keyboard to South") == 2  # asked again after zzz
    assert "The log as North" not in out  # log was not run as the next seat's command


def test_menu_sets_many_lines_of_one_shape_side_by_side() -> None:
    """trial s26 F8: twenty lines "(x, y), facing: 1 north 2 east ..." pushed a set-up
    screen's board off the terminal; from PACKED_ROWS such lines they stand in columns
    (down, then across), numbered as before."""
    squares = [(x, y) for y in range(2) for x in range(10)]
    menu = Menu(labelled(*(f"place A at ({x}, {y}), facing {f}" for x, y in squares
                           for f in ("north", "east", "south", "west"))), 120)
    assert len(menu.lines) == 1 + 10
    assert menu.lines[1].split()[:4] == ["(0,", "0),", "facing:", "1"]
    assert menu.lines[1].split()[11:15] == ["(0,", "1),", "facing:", "41"]
    assert [c.number for c in menu.choices] == list(range(1, 81))
    assert len(Menu(labelled(*(f"place A at ({x}, {y}), facing {f}" for x, y in squares
                               for f in ("north", "east", "south", "west"))), 60).lines) == 21
