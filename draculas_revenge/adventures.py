"""The adventures: setting up, special rules and who wins ("The Adventures", "Your Own
Adventures", "Optional Rules: Multiplayer")."""

from __future__ import annotations

from gothic_kernel import Outcome, Scope, event

from . import narration as say
from .characters import OFF_BOARD, Figure
from .state import DRState

RULE = "The Adventures"


# -- setting up --------------------------------------------------------------------------
def set_up(st: DRState) -> None:
    """Create the forces of an adventure and queue the set-up decisions."""
    adv = st.rules.adventure
    if adv["goal"] == "custom":
        for seat in recruit_order(st):
            st.queue.append({"kind": "recruit", "seat": seat, "figure": "", "other": ""})
        return
    if adv.get("secret_room"):
        st.queue.append({"kind": "secret_room", "seat": "vampires", "figure": "", "other": ""})
    if st.options["own_forces"]:
        for seat in recruit_order(st):  # Points Value: own forces of the same total
            st.queue.append({"kind": "recruit", "seat": seat, "figure": "", "other": ""})
        return
    for side in ("vampires", "hunters"):
        force = adv[side]
        for kind, count in force["forces"].items():
            for _ in range(int(count)):
                card = st.free_card(kind)
                fig = Figure(card, kind, side)
                st.figures[card] = fig
                if force["start"] == "off_board":
                    fig.pos, fig.entrance = OFF_BOARD, force["entrance"]
                else:
                    st.queue.append({"kind": "place", "seat": side, "figure": card,
                                     "other": force["area"]})
    st.changed()


def recruit_order(st: DRState) -> list[str]:
    """The player who did not design the board builds and places first."""
    seats = list(st.seats)
    if not st.options["multiplayer"]:
        designer = st.options["designer"]
        seats.sort(key=lambda s: s == designer)
    return seats


def start_area(st: DRState, seat: str) -> str:
    """Your own adventure: the start area each seat places its characters on."""
    if st.options["multiplayer"]:
        return f"start_area_{st.seats.index(seat) + 1}"
    return "start_area_1" if seat == "vampires" else "start_area_2"


def finish_recruiting(st: DRState, seat: str) -> None:
    adv = st.rules.adventure
    for kind in st.recruits[seat]:
        card = st.free_card(kind)
        fig = st.figures[card] = Figure(card, kind, seat)
        if adv["goal"] != "custom" and adv[st.side(seat)]["start"] == "off_board":
            fig.pos, fig.entrance = OFF_BOARD, adv[st.side(seat)]["entrance"]
        elif adv["goal"] != "custom":
            st.queue.append({"kind": "place", "seat": seat, "figure": card,
                             "other": adv[st.side(seat)]["area"]})
    st.changed()
    if adv["goal"] != "custom":
        return
    if all(q["kind"] != "recruit" for q in st.queue):  # every force is bought: place them
        for s in recruit_order(st):
            for fig in [f for f in st.figures.values() if f.seat == s]:
                st.queue.append({"kind": "place", "seat": s, "figure": fig.id,
                                 "other": start_area(st, s)})


def place_squares(st: DRState, decision: dict[str, str]) -> list[int]:
    """Where a starting character may be placed: its area's free squares (one vampire
    per tinted tile in Defile the Coffins)."""
    board = st.rules.board
    area = decision["other"]
    blocked = st.obstacles()  # solid characters, and closed doors filling a doorway
    squares = [s for s in sorted(board.areas[area]) if not (blocked >> s) & 1]
    side = st.rules.adventure.get(st.side(decision["seat"]))
    if isinstance(side, dict) and side.get("one_per_tile"):
        # "Place one vampire on each of the tinted tiles"; with your own forces
        # (Points Value) there may be more vampires than tiles: they are spread evenly
        # (ruling), each on a tile holding the fewest so far.
        held = {t: 0 for t in board.area_tiles[area]}
        for f in st.figures.values():
            if f.pos >= 0 and f.seat == decision["seat"] and board.tile_at(f.pos) in held:
                held[board.tile_at(f.pos)] += 1
        open_tiles = {board.tile_at(s) for s in squares}
        fewest = min((n for t, n in held.items() if t in open_tiles), default=0)
        squares = [s for s in squares if held[board.tile_at(s)] == fewest]
    return squares


def cap(st: DRState, seat: str) -> int:
    """The points value a seat may spend: its side's total in the adventure when playing
    it with your own forces ("Points Value"), else the ``points`` option."""
    adv = st.rules.adventure
    if adv["goal"] != "custom":
        return int(adv[st.side(seat)]["points"])
    # "sets a total points value for the characters on each side" (Your Own Adventures)
    own = int(st.options[f"{st.side(seat).rstrip('s')}_points"])
    return own or int(st.options["points"])


def spent(st: DRState, seat: str) -> int:
    return sum(st.rules.types[k].points for k in st.recruits[seat])


def may_stop_recruiting(st: DRState, seat: str, can_buy: bool) -> bool:
    """Your own adventure: forces total "equal to or less than" the points value.
    A printed adventure with your own forces ("Points Value"): "the same total points
    values as those listed", or as near as the box allows (nothing left fits)."""
    if st.rules.adventure["goal"] == "custom":
        return True
    return spent(st, seat) == cap(st, seat) or not can_buy


def recruitable(st: DRState, seat: str) -> list[str]:
    """Types a seat may still buy: its side's, within the points value, with a free card."""
    side = st.side(seat)
    left = cap(st, seat) - spent(st, seat)
    taken: dict[str, int] = {}
    for s in st.seats:
        for k in st.recruits[s]:
            taken[k] = taken.get(k, 0) + 1
    hidden = "van_helsing" if st.rules.adventure.get("secret_room") else ""
    return [k for k, t in st.rules.types.items()
            if st.rules.side_of[k] == side and t.points <= left
            and taken.get(k, 0) < t.box and k != hidden]


# -- turns -------------------------------------------------------------------------------
def reinforcements(st: DRState) -> None:
    """Cross the Catacombs: from Turn 5 a new She-Wolf enters each turn, if one is free."""
    rule = st.rules.adventure.get("reinforcements")
    if not rule or st.turn < int(rule["from_turn"]):
        return
    card = st.free_card(rule["kind"])
    if not card:
        st.events.say("reinforcements", f"Turn {st.turn}: no "
                      f"{say.kind_name(rule['kind'], st.rules.data_dir)} is left in the box, so "
                      "none enters.")
        return
    st.figures[card] = Figure(card, rule["kind"], "vampires", OFF_BOARD,
                              entrance=rule["entrance"])
    st.events.say("reinforcements", f"Reinforcements: {say.character(card, st.rules.data_dir)} "
                  "waits at the vampire entrances, to enter the board.", figure=card)
    st.changed()


def sunrise(st: DRState) -> None:
    """Destroy Dracula, end of Turn 3: every misted vampire turns solid. The vampire
    player settles them one at a time, in the order it likes (so it chooses which of
    several misted vampires sharing a square stays there)."""
    queue_sunrise(st)
    st.events.say("sunrise", "The sun comes up: the vampires can no longer turn to mist, "
                  "and every misted vampire turns solid.")


def queue_sunrise(st: DRState) -> None:
    """Ask the next player with a misted vampire to settle one (between turns)."""
    for seat in st.seats:
        if any(f.misted and f.seat == seat and f.pos >= 0 for f in st.figures.values()):
            st.queue.insert(0, {"kind": "sunrise", "seat": seat, "figure": "", "other": ""})
            return


def sunrise_squares(st: DRState, fig: Figure) -> list[int]:
    """Where a misted vampire turns solid at sunrise: its own square if no solid
    character (nor a closed door) is there, else the nearest open squares, preferring
    squares where no other misted vampire waits ("Destroy Dracula")."""
    board = st.rules.board
    blocked = st.obstacles()
    if not (blocked >> fig.pos) & 1:
        return [fig.pos]
    free = [s for s in range(board.size) if board.open[s] and not (blocked >> s) & 1]
    misted = {f.pos for f in st.figures.values() if f.misted and f.id != fig.id}
    free = [s for s in free if s not in misted] or free
    if not free:
        return [fig.pos]
    best = min(board.distance(fig.pos, s) for s in free)
    return [s for s in free if board.distance(fig.pos, s) == best]


def found_van_helsing(st: DRState, fig: Figure) -> None:
    """Rescue Van Helsing: "When a hunter enters either room, the vampire player places
    Van Helsing" (in the room recorded before the game, whichever room was entered)."""
    if not st.secret_room or st.van_helsing_found or fig.pos < 0 or not st.is_hunter(fig):
        return
    tile = st.rules.board.tile_at(fig.pos)
    if tile not in st.rules.board.area_tiles[st.rules.adventure["secret_room"]]:
        return
    st.van_helsing_found = True
    st.rooms_entered.append(tile)
    st.queue.append({"kind": "place_van_helsing", "seat": "vampires", "figure": "van_helsing",
                     "other": st.secret_room})
    board = st.rules.board
    st.events.say("found", f"{say.character(fig.id, st.rules.data_dir)} enters "
                  f"{say.tile(board, tile)}: the vampire player reveals that Van Helsing lies "
                  f"in {say.tile(board, st.secret_room)}.", room=st.secret_room, entered=tile,
                  figure=fig.id)


def van_helsing_squares(st: DRState, decision: dict[str, str]) -> list[int]:
    """Where the vampire player may place the found Van Helsing: a free square of the
    recorded room, or (ruling) if every square there is taken, the nearest free ones."""
    board = st.rules.board
    blocked = st.obstacles()
    room = board.tile_squares(decision["other"])
    free = [s for s in room if not (blocked >> s) & 1]
    if free:
        return free
    others = [s for s in range(board.size) if board.open[s] and not (blocked >> s) & 1]
    if not others:
        return []
    near = {s: min(board.distance(s, r) for r in room) for s in others}
    best = min(near.values())
    return [s for s in others if near[s] == best]


def record_secret_room(st: DRState, room: str) -> None:
    st.secret_room = room
    st.events.add(event("secret_room", say.secret_room(st.rules.board, room), room=room),
                  Scope.seat("vampires"), event("secret_room", say.secret_room_public()))


# -- victory -----------------------------------------------------------------------------
def in_play(st: DRState) -> list[Figure]:
    """Figures still in the game (on the board, waiting to enter, or not yet placed)."""
    return [f for f in st.figures.values() if f.id not in st.exited]


def check_victory(st: DRState, end_of_turn: bool = False) -> Outcome | None:
    """Who has won now (None: play on)."""
    goal = st.rules.adventure["goal"]
    if st.options["multiplayer"]:
        return _multiplayer(st, end_of_turn)
    figs = in_play(st)
    hunters = [f for f in figs if f.seat == "hunters" and st.is_hunter(f)]
    vampires = [f for f in figs if f.seat == "vampires" and st.is_vampire(f)]
    limit = turn_limit(st)
    if goal in ("into_the_breach", "destroy_dracula", "custom") and not hunters:
        if goal == "custom":
            return Outcome(("vampires",), "win", "every hunter killed or mesmerized")
        return Outcome(("vampires",), "win", "every hunter destroyed")
    if goal == "into_the_breach":
        if not vampires:
            return Outcome(("hunters",), "win", "every vampire destroyed")
        if end_of_turn and st.turn >= limit:
            return Outcome(("vampires",), "win", "the sun sets: the vampires escape as mist")
    elif goal == "defile_the_coffins":
        coffins = st.rules.board.area_tiles[st.rules.adventure["coffins"]]
        if all(t in st.defiled for t in coffins):
            return Outcome(("hunters",), "win", "every coffin defiled")
        if not hunters:
            return Outcome(("vampires",), "win", "no hunter is left to defile the coffins")
    elif goal == "cross_the_catacombs":
        out = [f for f in st.exited if f in st.figures and st.figures[f].seat == "hunters"]
        need = int(st.rules.adventure["exits_needed"])
        if len(out) >= need:
            return Outcome(("hunters",), "win", f"{len(out)} hunters crossed the catacombs")
        if len(out) + len(hunters) + len(savable_minions(st, hunters)) < need:
            return Outcome(("vampires",), "win", "the hunters can no longer get two across")
    elif goal == "rescue_van_helsing":
        vh = st.figures.get("van_helsing")
        if "van_helsing" in st.exited:
            return Outcome(("hunters",), "win", "Van Helsing got off the board")
        others = [f for f in hunters if f.id != "van_helsing"]
        vh_free = vh is not None and vh.seat == "hunters" and vh.kind == "van_helsing" \
            and not vh.unconscious and vh.pos >= 0
        savers = [f for f in hunters if st.has_special(f, "crucifix") and f.id != "van_helsing"]
        if vh is not None and vh.kind == "minion" and not savers:
            return Outcome(("vampires",), "win", "Van Helsing is a minion and no priest is "
                                                 "left to save him")
        if not others and not vh_free:
            return Outcome(("vampires",), "win", "Van Helsing is kept from getting away and "
                                                 "the other hunters are gone")
    elif goal == "destroy_dracula":
        dracula = [f for f in vampires if f.kind == "dracula"]
        if not dracula:
            return Outcome(("hunters",), "win", "Dracula is destroyed")
        if len(vampires) == len(dracula):
            return Outcome(("hunters",), "win", "every other vampire is destroyed")
    if goal == "custom" and end_of_turn and st.turn >= limit:
        return Outcome(("hunters",), "win", "the hunters held out for 5 turns")
    if end_of_turn and limit and st.turn >= limit:
        return Outcome((), "draw", f"turn limit of {limit} turns reached")
    return None


def savable_minions(st: DRState, hunters: list[Figure]) -> list[Figure]:
    """Minions the hunters could still save and bring back: there is a crucifix holder
    among ``hunters`` and saving is allowed (a born minion needs a free staker card)."""
    if not st.options["feeding_and_saving"]:
        return []
    if not any(st.has_special(h, "crucifix") and not h.unconscious for h in hunters):
        return []
    return [f for f in in_play(st) if f.kind == "minion" and f.seat != "hunters"
            and (f.born != "minion" or st.free_card("staker"))]


def turn_limit(st: DRState) -> int:
    """The adventure's own limit, or the ``turn_limit`` option where it sets none."""
    own = int(st.rules.adventure.get("turn_limit", 0))
    return own or int(st.options["turn_limit"])


def points_left(st: DRState, seat: str) -> int:
    return sum(st.rules.types[f.kind].points for f in in_play(st) if f.seat == seat)


def _multiplayer(st: DRState, end_of_turn: bool) -> Outcome | None:
    standing = [s for s in st.seats if any(f.seat == s for f in in_play(st))]
    if len(standing) <= 1:
        return Outcome(tuple(standing), "win", "the last player standing")
    if end_of_turn and st.turn >= turn_limit(st):
        scores = {s: float(points_left(st, s)) for s in st.seats}
        best = max(scores.values())
        return Outcome(tuple(s for s in st.seats if scores[s] == best), "points",
                       "most points of characters left after 5 turns", scores)
    return None
