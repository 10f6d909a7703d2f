"""gothic play draculas_revenge: the screens a person is shown, end to end, and what they
never show.

Hidden: each side's Reaction Die until it is shown at the end of the turn, which
Action Cards a side holds and which it laid face down in the Action Timeline, and,
in Rescue Van Helsing, the room the vampires chose. Every screen of these sessions
is also drawn for states resampled for its seat (dice and cards redrawn) and must
come out the same.
"""

from __future__ import annotations

import io
import random
import re
import sys

import pytest

import gothic_kernel as gk
from gothic_kernel.cli import main
from gothic_kernel.play import screen_text
from gothic_kernel.testing.sessions import first_choice, scripted_session

GAME = gk.load_game("draculas_revenge")
SIDES = ("vampires", "hunters")


def bot_positions(seed: int, **options: object) -> list[gk.GameState]:
    """Every position of a game the bots play."""
    state = GAME.new_game(seed=seed, **options)
    bots = GAME.default_agents(state, seed)
    positions = [state.clone()]
    while not state.is_over:
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].choose(seat, state.observation(seat),
                                            state.legal_actions(seat)))
        positions.append(state.clone())
    return positions


def test_a_whole_game_as_the_vampires_against_the_bots() -> None:
    run = scripted_session(GAME, GAME.new_game(seed=2), ["vampires"],
                           ["map", "help", *["1"] * 300], resamples=2)
    assert run.status == 0 and run.state.is_over
    assert "The game is over." in run.text and "Traceback" not in run.text
    first = run.of("vampires")[0]
    for part in ("Into the Breach: the board", "     012345678901234567", "Vampires:",
                 "waiting off the board to enter", "Your side: Vampires", "The others",
                 "place She-wolf A at:", "(14, 0), facing:"):
        assert part in first, part
    assert "Key: # wall" in run.text  # the map command
    hidden = [t for t in run.of("vampires") if "their Reaction Die hidden" in " ".join(t.split())]
    assert hidden, "the hunters' Reaction Die was never hidden from the vampire player"


def test_the_other_sides_reaction_die_and_cards_never_show() -> None:
    checked = 0
    for state in bot_positions(3):
        for seat, other in (("vampires", "hunters"), ("hunters", "vampires")):
            rp = state.observation(other)["reaction_points"][other]
            if state.observation(seat)["reaction_points"][other]["die"] is not None:
                continue  # shown at the end of the turn: public
            text = screen_text(state, seat)
            flat = " ".join(text.split())
            assert "their Reaction Die hidden behind the Die Screen" in flat
            if rp["die"]:
                assert f"their Reaction Die {rp['die']}" not in flat
                checked += 1
            timeline = state.observation(other)["timeline"]
            for play in timeline:
                if play["seat"] == other:
                    assert f"#{play['play']} {other.title()}: face down" in flat
            assert screen_text(state.resample(seat, checked + 1), seat) == text
    assert checked > 10


def test_hot_seat_both_sides_with_hand_overs() -> None:
    state = GAME.new_game(seed=5)
    run = scripted_session(GAME, state, SIDES, first_choice(120), resamples=1)
    for seat in SIDES:
        assert f"Pass the keyboard to {GAME.seat_name(seat)}, then press Enter." in run.text
        assert run.of(seat)
    for text in run.of("vampires"):
        assert "Action Cards in your hand:" in text
        assert "Hunters: " in text


def test_the_room_van_helsing_is_held_in_is_the_vampires_secret() -> None:
    positions = bot_positions(1, adventure="rescue_van_helsing")
    told = 0
    for state in positions[::5]:
        room = state.observation("vampires")["van_helsing"]
        found = room["found"]
        vampires = screen_text(state, "vampires")
        hunters = screen_text(state, "hunters")
        if room["room"]:
            assert "Van Helsing is held in" in vampires
            told += 1
        if not found:
            assert "Van Helsing is held in" not in hunters
    assert told


def test_gothic_play_draculas_revenge_from_the_command_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 8 + "quit\n"))
    assert main(["play", "draculas_revenge", "--seed", "4", "--seat", "hunters",
                 "--option", "turn_limit=2"]) == 0
    out = capsys.readouterr().out
    assert "== Dracula's Revenge | Hunters |" in out
    assert "Quitting; the game is not saved" in out


def test_every_screen_keys_the_board_and_map_prints_the_whole_key() -> None:
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=2)
    shown = screen_text(state, "hunters")
    assert "# wall  . floor  : tinted tile  + door  / open door  (map: the whole key)" in shown
    whole = game.text_screen().map(state.observation("hunters"), "hunters")
    assert "Key: # wall, . floor" in "\n".join(whole)


def _fed_game() -> gk.GameState:
    """Rescue Van Helsing, seed 1, bots: She-wolf C feeds on turn 1 (its card is then
    among the vampires' discards, its figure gone)."""
    state = GAME.new_game(seed=1, adventure="rescue_van_helsing")
    bots = GAME.default_agents(state, 1)
    for _ in range(3000):
        if any(e["kind"] == "fed" for e in state.log(gk.PUBLIC)):
            break
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].choose(seat, state.observation(seat),
                                            state.legal_actions(seat)))
    return state


def test_a_discarded_card_whose_figure_fed_is_named_as_the_rulebook_does() -> None:
    state = _fed_game()
    fed = next(e for e in state.log(gk.PUBLIC) if e["kind"] == "fed")
    assert fed["figure"] not in {f.id for f in state.figures.values()}
    observation = state.observation("vampires")
    assert GAME.text_screen().name_of(observation, fed["figure"]) == \
        fed["text"].split(" feeds")[0]  # "She-wolf C", never "She Wolf C"


def test_a_feeding_vampires_move_is_said_to_be_over_once() -> None:
    state = _fed_game()
    bots = GAME.default_agents(state, 1)
    fed = next(e for e in state.log(gk.PUBLIC) if e["kind"] == "fed")
    for _ in range(200):
        if any(e["kind"] == "end_move" and e["figure"] == fed["figure"]
               for e in state.log(gk.PUBLIC)):
            break
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].choose(seat, state.observation(seat),
                                            state.legal_actions(seat)))
    texts = [e["text"] for e in state.log(gk.PUBLIC)]
    said = " ".join(texts[texts.index(fed["text"]):])
    assert said.count(f"{fed['text'].split(' feeds')[0]}'s move is over") == 1, said
    assert said.count("move is over") == 1, said


def test_map_what_shows_an_area_a_tile_or_a_character_and_says_so_when_there_is_none() -> None:
    screen = GAME.text_screen()
    view = GAME.new_game(seed=3).observation("hunters")
    assert screen.map(view, "hunters", "zzz") == ["No place on the map is called 'zzz'."]
    assert screen.map(view, "hunters", "hunter entrance") == ["  Hunter entrance: (0, 2), (0, 3)."]
    assert screen.map(view, "hunters", "north-east chamber") == [
        "  The north-east chamber: the tile at column 2, row 0."]
    assert screen.map(view, "hunters", "staker 1") == [
        "  Staker 1 waits off the board to enter by the hunter entrance (Hunters)."]


def test_the_passes_in_a_row_name_the_players_who_pass_for_want_of_cards() -> None:
    """A player with no Action Card left passes at once, unlogged: the count says who, and
    it is not shown once the card is turned over (G9: "Passes in a row: 2" beside a
    character's move, with no pass in the log)."""
    state = GAME.new_game(seed=3)
    rng = random.Random(3)
    told: dict[str, set[str]] = {"timeline": set(), "activation": set()}
    while not state.is_over:
        phase = state.phase
        if phase in told and state.tl_passes:
            told[phase] |= {line.strip() for line in screen_text(state, "hunters").splitlines()
                            if line.strip().startswith("Passes in a row")}
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert "Passes in a row: 1 (the hunter player, with no Action Card left, passes at " \
           "once)." in told["timeline"]
    assert not told["activation"]


def test_the_multiplayer_help_shows_the_form_the_command_line_takes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`gothic list` showed a Python tuple, which --option refuses (G12); the example it
    shows now plays."""
    assert main(["list"]) == 0
    listed = " ".join(capsys.readouterr().out.split())
    found = re.search(r"--option multiplayer=\S* .*?e\.g\. (\S+); needs (adventure=\w+)",
                      listed)
    assert found, listed
    example, needs = found.groups()
    assert example == "vampires,hunters,hunters" and "(" not in listed.split("multiplayer")[1][:200]
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "draculas_revenge", "--seed", "1", "--seat", "hunters_2",
                 "--option", needs, "--option", f"multiplayer={example}"]) == 0
    assert "Player 1 (Vampires)" in capsys.readouterr().out


def test_a_multiplayer_seat_is_named_alike_in_the_log_and_on_the_screen() -> None:
    """"Player 1 (Vampires)" on the screen, "Player 1 (vampires) recruits ..." in the log
    (G14): both now name the side as the screen's headings do."""
    state = GAME.new_game(seed=2, adventure="custom",
                          multiplayer=("vampires", "hunters", "hunters"))
    rng = random.Random(2)
    for _ in range(40):
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    told = " ".join(str(e.get("text", "")) for e in state.log("hunters_2"))
    shown = screen_text(state, "hunters_2")
    for said in (told, shown):
        assert "(Vampires)" in said and "(Hunters)" in said
        assert "(vampires)" not in said and "(hunters)" not in said


def test_the_set_up_screen_fits_a_terminal_with_the_starting_area_in_view() -> None:
    """trial s26 F8: the 80-choice "place She-wolf A at (14, 0), facing ..." menu made the
    first screen 59 lines, pushing the header and the board's top rows (the starting area
    being placed into) off a 50-line terminal; its lines now stand side by side."""
    state = GAME.new_game(seed=8)
    lines = screen_text(state, "vampires", width=120).splitlines()
    assert len(lines) <= 50, len(lines)
    assert lines[0].startswith("== Dracula's Revenge | Vampires")
    assert "   0 ##############::##" in lines
    menu = lines[lines.index("  place She-wolf A at:") + 1:]
    assert menu[0].split() == ["(14,", "0),", "facing:", "1", "north", "2", "east", "3",
                               "south", "4", "west", "(17,", "2),", "facing:", "41", "north",
                               "42", "east", "43", "south", "44", "west"]


def test_the_map_says_why_a_starting_areas_doorways_are_not_offered() -> None:
    """trial s26 F8: the menu offers 20 squares, the map listed 24 as the vampire starting
    area (its four doorways left out of the menu without a word)."""
    state = GAME.new_game(seed=8)
    screen = GAME.text_screen()
    screen.width = 400
    seen = state.observation("vampires")
    area = next(line.strip() for line in screen.map(seen, "vampires")
                if line.startswith("  Vampire starting"))
    offered = {a.square for a in state.legal_actions("vampires")}
    free, _, doorways = area.partition("; and the doorways ")
    assert len(offered) == 20 and free.count("(") == 20
    assert doorways == "(12, 2), (12, 3), (14, 5), (15, 5), where nobody is placed at the " \
                       "start (doors start closed)."
    assert " ".join(screen.map(seen, "vampires", "vampire starting area")).strip() == area
