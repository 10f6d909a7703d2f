"""The faster forms of the hot spots give what the plain forms give (issue 13): the danger
of all four facings at once, the one-byte-a-square bitsets of ``reach``, the points left
of every seat in one pass, the sides in play in one pass; who may react worked out for a
seat in one pass, line masks shifted from their offset's, crucifix holders kept per
position and only the near ones tested."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import gothic_kernel as gk
from draculas_revenge.activation import ReactionChance
from draculas_revenge.board import DIRECTION_VECTORS, VOID, Board, load_board
from draculas_revenge.bot_plans import Moves
from draculas_revenge.bot_tactics import Dangers, Table, _square_flags, reach
from draculas_revenge.bots import RevengeBot
from draculas_revenge.characters import Figure
from draculas_revenge.combat import front_squares
from draculas_revenge.reactions import _eligible, can_react, window_seats
from draculas_revenge.seeing import crucifix_holders, held_back_by
from draculas_revenge.sight import Sight, _backwards, in_field_of_view, offset_pattern
from draculas_revenge.state import DRState, Phase
from draculas_revenge.victory import (
    _sides_in_play,
    check_victory,
    in_play,
    points_left,
    points_left_by_seat,
)


def _positions(adventure: str, seed: int, steps: int = 600) -> list[DRState]:
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=seed, adventure=adventure, turn_limit=8)
    rng = random.Random(seed)
    out: list[DRState] = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        twin = state.clone()
        assert isinstance(twin, DRState)
        out.append(twin)
    return out


def test_points_left_of_every_seat_in_one_pass() -> None:
    for adventure in ("destroy_dracula", "custom"):
        for state in _positions(adventure, 2)[::25]:
            assert points_left_by_seat(state) == {s: points_left(state, s)
                                                  for s in state.seats}


def test_sides_in_play_in_one_pass() -> None:
    for state in _positions("cross_the_catacombs", 3)[::25]:
        figs = in_play(state)
        hunters = [f for f in figs if f.seat == "hunters" and f.kind in state.rules.hunter_kinds]
        vampires = [f for f in figs
                    if f.seat == "vampires" and f.kind in state.rules.vampire_kinds]
        assert _sides_in_play(state) == (hunters, vampires)


def test_square_flags_read_a_bitset_square_by_square() -> None:
    bits = (1 << 0) | (1 << 9) | (1 << 63) | (1 << 100)
    flags = _square_flags(bits, 101)
    assert len(flags) == 101
    assert [i for i in range(101) if flags[i]] == [0, 9, 63, 100]


def test_danger_of_every_facing_is_the_danger_of_each() -> None:
    checked = 0
    for state in _positions("destroy_dracula", 1)[::40]:
        seat = state.current_seats()[0]
        t = Table(state.observation(seat), seat)
        for me in list(t.pieces.values())[:6]:
            found = reach(t, me, 6)
            squares = list(found)
            spared = [-1] * len(squares)
            dangers = Dangers(t, me)
            every = dangers.of_every_facing(squares, spared)
            for f in range(4):
                assert np.array_equal(every[f], dangers.of(squares, [f] * len(squares), spared))
            moves = Moves(t, me, 6, found)
            assert np.array_equal(moves.progress_to_each(),
                                  np.array([moves.progress(s) for s in squares]))
            checked += 1
    assert checked > 20


def test_the_bot_hands_back_the_listed_action_itself() -> None:
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=4, adventure="destroy_dracula")
    bot = RevengeBot(4)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        chosen = bot.choose(seat, state.observation(seat), legal)
        assert any(chosen is a for a in legal)
        state.apply(seat, chosen)


def _plain_sees(state: DRState, fig: Figure, square: int) -> bool:
    """Field of view, then line of sight, as the rules read ("Seeing Things")."""
    if fig.pos < 0 or fig.unconscious or square < 0:
        return False
    board = state.rules.board
    return (in_field_of_view(board, fig.pos, fig.facing, square, fig.misted)
            and state.rules.sight.clear(fig.pos, square, state.obstacles()))


def _plain_can_react(state: DRState, fig: Figure) -> bool:
    """"Moving Characters During an Opponent's Move" / "... During Your Move", test by
    test: affected, saw the action (where the actor ended or began it), saw the character
    affected, or seen by its player's active character."""
    if fig.pos < 0 or fig.unconscious or state.is_active(fig):
        return False
    actor, actor_from, actor_to, target, target_pos = state.witness
    if target and fig.id == target:
        return True
    if actor and fig.id != actor and (_plain_sees(state, fig, actor_to) or (
            actor_from != actor_to and _plain_sees(state, fig, actor_from))):
        return True
    if target and target_pos >= 0 and _plain_sees(state, fig, target_pos):
        return True
    active = state.figures.get(state.active)
    return (fig.seat == state.active_seat and active is not None
            and active.seat == fig.seat and _plain_sees(state, active, fig.pos))


def test_who_may_react_in_one_pass_is_who_may_react_figure_by_figure() -> None:
    checked = 0
    for adventure in ("destroy_dracula", "rescue_van_helsing", "custom"):
        for state in _positions(adventure, 5)[::3]:
            for seat in state.seats:
                plain = [f for f in state.figures.values()
                         if f.seat == seat and _plain_can_react(state, f)]
                assert _eligible(state, seat) == plain
                assert all(can_react(state, f) == (f in plain)
                           for f in state.figures.values() if f.seat == seat)
                for f in state.figures.values():
                    if f.pos < 0 or f.unconscious:
                        continue
                    for square in (state.witness[2], state.witness[4], 0):
                        if square >= 0:
                            assert state.rules.sight.sees(f.pos, f.facing, f.misted, square,
                                                          state.obstacles()) \
                                == _plain_sees(state, f, square)
                    squares = tuple(s for s in (state.witness[1], state.witness[2],
                                                state.witness[4], 0) if s >= 0)
                    assert state.rules.sight.sees_any(f.pos, f.facing, f.misted, squares,
                                                      state.obstacles()) \
                        == any(_plain_sees(state, f, s) for s in squares)
                checked += 1
    assert checked > 300


def test_line_masks_shifted_from_their_offset_are_the_masks_square_by_square() -> None:
    for name in ("into_the_breach", "destroy_dracula"):
        board = load_board(name)
        rng = random.Random(name)
        squares = [rng.randrange(board.size) for _ in range(600)]
        for a, b in itertools.pairwise(squares):
            if a == b:
                continue
            ax, ay = board.xy(a)
            bx, by = board.xy(b)
            parts = [sum(1 << board.index(ax + x, ay + y) for x, y in part)
                     for part in offset_pattern(bx - ax, by - ay)]
            walls = board.wall_bits
            plain = None if parts[0] & walls or (parts[1] & walls and parts[2] & walls) \
                else tuple(parts)
            assert Sight(board).masks(a, b) == plain, (name, a, b)


def test_crucifix_holders_kept_per_position_and_held_back_near() -> None:
    checked = 0
    for state in _positions("destroy_dracula", 6)[::5]:
        for v in [f for f in state.figures.values() if state.is_vampire(f)]:
            plain = [f for f in state.figures.values()
                     if f.pos >= 0 and not f.unconscious and f.seat != v.seat
                     and state.is_hunter(f) and state.has_special(f, "crucifix")]
            assert crucifix_holders(state, v) == plain
            near = [h for h in held_back_by(state, v)
                    if state.rules.board.distance(v.pos, h.pos) <= 4]
            assert held_back_by(state, v, within=4) == near
            checked += bool(plain)
    assert checked > 50


def test_distance_without_abs_and_max_is_the_range_of_every_pair() -> None:
    """"Range": squares between, diagonals counting 1, for every pair of a map."""
    board = load_board("into_the_breach")
    w = board.width
    for a in range(board.size):
        for b in range(board.size):
            found = board.distance(a, b)
            assert type(found) is int
            assert found == max(abs(a % w - b % w), abs(a // w - b // w))
            assert board.distances_from(a)[b] == found


def _numpy_offset_pattern(dx: int, dy: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The pattern as first written, every square and corner of the line's box tested
    with numpy: ``offset_pattern`` now walks the line with plain integers."""
    lo_x, hi_x, lo_y, hi_y = min(0, dx), max(0, dx), min(0, dy), max(0, dy)
    mx, my = np.meshgrid(np.arange(lo_x, hi_x + 1), np.arange(lo_y, hi_y + 1))
    gx, gy = mx.ravel(), my.ravel()

    def side(px: np.ndarray, py: np.ndarray) -> np.ndarray:
        out: np.ndarray = dx * (py - 1) - dy * (px - 1)
        return out

    stack = np.stack([side(2 * (gx + i), 2 * (gy + j)) for i in (0, 1) for j in (0, 1)])
    crossed = (stack.min(axis=0) < 0) & (stack.max(axis=0) > 0)
    crossed &= ~(((gx == 0) & (gy == 0)) | ((gx == dx) & (gy == dy)))
    inside = [(int(x), int(y)) for x, y in zip(gx[crossed], gy[crossed], strict=True)]
    mcx, mcy = np.meshgrid(np.arange(lo_x, hi_x + 2), np.arange(lo_y, hi_y + 2))
    cx, cy = mcx.ravel(), mcy.ravel()
    t_num = (2 * cx - 1) * dx + (2 * cy - 1) * dy
    at = (side(2 * cx, 2 * cy) == 0) & (t_num > 0) & (t_num < 2 * (dx * dx + dy * dy))
    left: set[tuple[int, int]] = set()
    right: set[tuple[int, int]] = set()
    ends = set(inside) | {(0, 0), (dx, dy)}
    for x, y in zip(cx[at].tolist(), cy[at].tolist(), strict=True):
        for sx, sy in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if (sx, sy) not in ends:
                (left if dx * 2 * sy - dy * 2 * sx > 0 else right).add((sx, sy))
    return tuple(inside), tuple(sorted(left)), tuple(sorted(right))


def test_line_pattern_walked_is_the_pattern_of_the_whole_box() -> None:
    """Every offset up to 24 squares either way (the maps are smaller)."""
    for dx in range(-24, 25):
        for dy in range(-24, 25):
            assert offset_pattern(dx, dy) == _numpy_offset_pattern(dx, dy), (dx, dy)
    assert offset_pattern(3, 1)[0] == ((1, 0), (2, 1))


def test_steps_in_plain_lists_are_the_neighbours_of_every_square() -> None:
    for name in ("into_the_breach", "destroy_dracula", "custom_catacombs"):
        board = load_board(name)
        for square in range(board.size):
            x, y = board.xy(square)
            for d, (dx, dy) in enumerate(DIRECTION_VECTORS):
                expected = board.index(x + dx, y + dy) if board.on_board(x + dx, y + dy) else -1
                assert board.steps[square][d] == expected == board.neighbour[square, d]


def _plain_ways(board: Board, square: int, obstacles: int) -> list[int]:
    """"Moving", square by square: not off the board, into an obstacle or beyond the
    tiles, nor diagonally between two obstacles (off the board counts as one)."""
    def stopped(to: int) -> bool:
        return to < 0 or bool((obstacles >> to) & 1)

    out = []
    for d in range(8):
        to = board.step(square, d)
        if stopped(to) or board.kind[to] == VOID:
            continue
        left, right = board.step(square, d - 1), board.step(square, (d + 1) % 8)
        if d % 2 and stopped(left) and stopped(right):
            continue
        out.append(d)
    return out


def test_ways_read_as_a_pattern_are_the_ways_square_by_square() -> None:
    """Every square of three maps (the edge and the middle), with random obstacles and
    with the walls alone."""
    rng = random.Random(13)
    for name in ("into_the_breach", "destroy_dracula", "custom_catacombs"):
        board = load_board(name)
        for _ in range(6):
            bits = board.wall_bits | sum(1 << s for s in range(board.size) if rng.random() < 0.3)
            for obstacles in (board.wall_bits, bits):
                for square in range(board.size):
                    assert list(board.ways(square, obstacles)) \
                        == _plain_ways(board, square, obstacles), (name, square)


ADVENTURES = ("into_the_breach", "defile_the_coffins", "cross_the_catacombs",
              "rescue_van_helsing", "destroy_dracula", "custom")


def test_kept_legal_actions_are_those_worked_out_afresh() -> None:
    """What a position keeps between questions (the legal actions, the obstacles, who
    may react, the walls and closed doors, the ways out of each square, each type's
    kinds of action) gives, at every step of seeded random games of every adventure,
    the seats to act and the legal actions, in order, of a copy that forgets all it
    kept, and every 25 steps those of the position read back from its save."""
    game = gk.load_game("draculas_revenge")
    checked = 0
    for adventure in ADVENTURES:
        for seed in range(3):
            state = game.new_game(seed=seed, adventure=adventure, turn_limit=5)
            rng = random.Random(seed)
            for step in range(500):
                if state.is_over:
                    break
                seats = state.current_seats()
                legal = state.legal_actions(seats[0])
                fresh = state.clone()
                assert isinstance(fresh, DRState)
                fresh.invalidate()
                copies = [fresh, game.from_json(state.to_json())] if step % 25 == 0 else [fresh]
                for copy in copies:
                    assert copy.current_seats() == seats
                    assert copy.legal_actions(seats[0]) == legal, (adventure, seed, step)
                state.apply(seats[0], rng.choice(legal))
                checked += 1
    assert checked > 4000


def test_reaction_windows_kept_per_seating_are_those_worked_out() -> None:
    """The seats offered a chance to react, kept by (seats, active seat, acting seat),
    are those of the rule in two-player and three- and four-player games alike."""
    game = gk.load_game("draculas_revenge")
    for multiplayer in ((), ("vampires", "hunters", "hunters"),
                        ("vampires", "hunters", "vampires", "hunters")):
        state = game.new_game(seed=1, adventure="custom", multiplayer=multiplayer)
        assert isinstance(state, DRState)
        for active in state.seats:
            for acting in state.seats:
                state.active_seat = active
                after = state.seats_after(active)
                assert window_seats(state, acting) == tuple(
                    s for s in after if s not in (acting, active))


def test_seats_asked_while_the_rules_take_their_steps_are_not_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``current_seats`` is kept per position: asked while ``settle`` runs the rules' own
    steps (here, each time a chance to react passes over a seat with nobody to react), it
    is not what the position after them answers."""
    asked = []

    def passed_on(self: ReactionChance, state: DRState) -> None:
        asked.append(state.current_seats())
        self._passed_on(state)

    monkeypatch.setattr(ReactionChance, "run", passed_on)
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=2, adventure="into_the_breach")
    rng = random.Random(2)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        fresh = state.clone()
        fresh.invalidate()
        assert state.current_seats() == fresh.current_seats()
    assert () in asked


def test_what_a_step_or_turn_keeps_is_what_is_worked_out_afresh() -> None:
    """After every action of seeded random games of every adventure (a step or a turn of a
    figure on the board, and an action that changes no figure (a card played, a pass, a
    declined reaction, the end of a move), keep the obstacles, the solid figures, the
    crucifix holders, each seat's figures and what it may attack, moved with the figure,
    and skip the victory check): what the
    position kept is what a copy that forgets it works out, and nobody has won whom the
    victory check would name."""
    game = gk.load_game("draculas_revenge")
    kept_steps = 0
    for adventure in ADVENTURES:
        for seed in range(3):
            state = game.new_game(seed=seed, adventure=adventure, turn_limit=5)
            assert isinstance(state, DRState)
            rng = random.Random(seed)
            for _ in range(700):
                if state.is_over:
                    break
                seat = state.current_seats()[0]
                state.obstacles()
                state.solid_at()
                for fig in state.figures.values():
                    if state.is_vampire(fig):
                        crucifix_holders(state, fig)
                for each in state.seats:
                    state.figures_of(each)
                    state.targets_of(each)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                fresh = state.clone()
                fresh.invalidate()
                if state.phase is not Phase.SETUP:  # judged from the first turn on
                    assert state.result == check_victory(fresh) or state.result is not None
                if state._obstacles is not None:
                    kept_steps += 1
                    assert state._obstacles == fresh.obstacles()
                if state._solid is not None:
                    assert state._solid == fresh.solid_at()
                for seat_of, holders in state._holders.items():
                    vampire = next(f for f in state.figures.values() if f.seat == seat_of)
                    assert [h.id for h in holders] \
                        == [h.id for h in crucifix_holders(fresh, fresh.figures[vampire.id])]
                    assert all(h is state.figures[h.id] for h in holders)
                for kept, fresh_of in ((state._of_seat, fresh.figures_of),
                                       (state._targets, fresh.targets_of)):
                    for seat_of, figs in kept.items():
                        assert [f.id for f in figs] == [f.id for f in fresh_of(seat_of)]
                        assert all(f is state.figures[f.id] for f in figs)
    assert kept_steps > 2000


def test_a_step_moves_the_kept_obstacles_of_this_position_only() -> None:
    """A clone shares the solid figures kept until one of the two steps: the other keeps
    its own."""
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=3, adventure="destroy_dracula")
    assert isinstance(state, DRState)
    rng = random.Random(3)
    stepped = 0
    for _ in range(400):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        state.solid_at()
        before = state.clone()
        assert isinstance(before, DRState)
        solid, obstacles = dict(state.solid_at()), state.obstacles()
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        assert before.solid_at() == solid and before.obstacles() == obstacles
        stepped += type(action).__name__ == "Move"
    assert stepped > 50


def test_front_bits_are_the_squares_in_front_of_every_square_and_facing() -> None:
    """"Close Attacks": the three squares directly in front, as one bitset a square and
    facing, are those ``front_squares`` lists."""
    for name in ("into_the_breach", "destroy_dracula", "custom_catacombs"):
        board = load_board(name)
        for square in range(board.size):
            for facing in range(4):
                assert board.front_bits[4 * square + facing] == sum(
                    1 << s for s in front_squares(board, square, facing)), (name, square)


def test_line_bits_kept_backwards_are_those_of_the_opposite_offset() -> None:
    """A line's bits stand for the line back too (its left its right), for every offset of
    two maps; and who sees whom, the lines kept both ways, is what a line worked out for
    each pair alone gives (walls and a scatter of figures)."""
    for name in ("into_the_breach", "destroy_dracula"):
        board = load_board(name)
        sight = Sight(board)
        for dx in range(1 - board.width, board.width):
            for dy in range(1 - board.height, board.height):
                assert _backwards(sight._line_bits(dx, dy), dx, dy, board.width) \
                    == sight._line_bits(-dx, -dy), (name, dx, dy)
        kept, rng = Sight(board), random.Random(name)
        figures = board.wall_bits | sum(1 << rng.randrange(board.size) for _ in range(12))
        for a in range(0, board.size, 7):
            for b in range(board.size):
                alone = Sight(board).clear(a, b, figures)  # the offset's own line
                assert kept.clear(a, b, figures) == alone, (name, a, b)


def test_the_boards_built_to_check_the_data_are_the_boards_played_on() -> None:
    """The checks build every map's board and ``load_board`` hands those out: each is
    the board built afresh from the files."""
    from draculas_revenge import data

    files = data.load()
    tiles, size = files["tiles"]["tiles"], int(files["tiles"]["meta"]["size"])
    checked = data.checked()
    for name, spec in files["maps"]["maps"].items():
        board = load_board(name)
        assert board is checked.boards[name]
        fresh = Board(name, spec, tiles, size)
        assert "steps" not in vars(fresh)  # worked out on first use
        assert (board.render(), board.steps, board.doors, board.areas, board.area_tiles,
                board.wall_bits, board.void_bits, board.open_squares) \
            == (fresh.render(), fresh.steps, fresh.doors, fresh.areas, fresh.area_tiles,
                fresh.wall_bits, fresh.void_bits, fresh.open_squares), name
