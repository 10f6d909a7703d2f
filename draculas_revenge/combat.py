"""Close and ranged attacks, outflanking, mesmerizing, feeding and saving minions
("Close Attacks", "Ranged Attacks", "Crossbow Attack", "Feeding", "Mesmerizing",
"The Crucifix", "Saving Minions", and Rescue Van Helsing's special rules): which attacks
a character may make, how they are rolled and what they do, why one is refused, and the
decisions after an attack (:class:`FacingAttacker`, :class:`Feeding`)."""

from __future__ import annotations

import attrs

from gothic_kernel import Action, event

from . import narration as say
from .actions import CloseAttack, Defile, FaceAttacker, Feed, Mesmerize, RangedAttack, Wake
from .characters import GONE, Figure
from .decisions import Pending, Refusal
from .grid import FACINGS, Board
from .movement import RULE_MIST
from .seeing import RULE_CRUCIFIX, in_arc, mutual_arc
from .sight import facings_toward, in_front
from .state import DRState

RULE_CLOSE = "Close Attacks"
RULE_RESOLVING = "Resolving a Close Attack"
RULE_RANGED = "Ranged Attacks"
RULE_RANGE = "Range"
RULE_ARC = "Arc of Effect"
RULE_MESMERIZING = "Mesmerizing"
RULE_SAVING = "Saving Minions"
RULE_FEEDING = "Feeding"
RULE_NO_FEEDING = "No Feeding or Saving"
RULE_RESCUE = "Rescue Van Helsing"


def _targetable(state: DRState, attacker: Figure, target: Figure) -> bool:
    """A solid enemy on the board ("You cannot attack your own characters")."""
    return (target.seat != attacker.seat and target.pos >= 0 and not target.misted
            and not target.unconscious)


def _crucifix_forbids(state: DRState, attacker: Figure, target: Figure) -> bool:
    """A vampire within a crucifix's area cannot attack the holder ("The Crucifix")."""
    if not state.is_vampire(attacker) or not state.is_hunter(target):
        return False
    if not state.has_special(target, "crucifix"):
        return False
    zone = state.rules.numbers["crucifix_zone"]
    return (state.rules.board.distance(attacker.pos, target.pos) <= zone
            and mutual_arc(state, attacker, target))


def can_save(state: DRState, attacker: Figure, target: Figure) -> bool:
    """A crucifix holder may try to save a minion ("Saving Minions")."""
    if not state.options["feeding_and_saving"] or target.kind != "minion":
        return False
    if not state.is_hunter(attacker) or not state.has_special(attacker, "crucifix"):
        return False
    return bool(target.born != "minion" or state.free_card("staker"))


def close_attack_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    if fig.pos < 0 or fig.misted or fig.unconscious or budget < state.rules.cost("close_attack"):
        return []
    out: list[Action] = []
    board = state.rules.board
    if not state.obstacles() & board.front_bits[4 * fig.pos + fig.facing]:
        return out  # the obstacles hold every solid figure's square: none in front
    front = front_squares(board, fig.pos, fig.facing)
    solid = state.solid_at()
    ahead = {solid[s] for s in front if s in solid}
    if not ahead:
        return out
    for t in state.figures.values():
        if t.id not in ahead or not _targetable(state, fig, t):
            continue
        if _crucifix_forbids(state, fig, t):
            continue
        out.append(CloseAttack(fig.id, t.id))
        if can_save(state, fig, t):
            out.append(CloseAttack(fig.id, t.id, save=True))
    return out


def front_squares(board: Board, square: int, facing: int) -> list[int]:
    """The three squares directly in front ("Close Attacks"): ahead, and ahead to either
    side (on the board)."""
    ahead = 2 * facing  # the direction of the facing (n, e, s, w are 0, 2, 4, 6)
    around = board.steps[square]
    return [s for s in (around[(ahead - 1) % 8], around[ahead], around[ahead + 1]) if s >= 0]


def _in_range(state: DRState, a: int, b: int) -> bool:
    d = state.rules.board.distance(a, b)
    return state.rules.numbers["range_min"] <= d <= state.rules.numbers["range_max"]


def ranged_attack_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    if (fig.pos < 0 or fig.misted or fig.unconscious or budget < state.rules.cost("ranged_attack")
            or state.ctype(fig).ra is None):
        return []
    out: list[Action] = []
    crossbow = state.is_hunter(fig) and state.has_special(fig, "crossbow")
    mesmerist = state.is_vampire(fig) and state.has_special(fig, "mesmerize")
    if not crossbow and not mesmerist:
        return out
    free_minion: bool | None = None  # a Minion Card left to slip in: looked up once needed
    distance = state.rules.board.distances_from(fig.pos)
    nearest, farthest = state.rules.numbers["range_min"], state.rules.numbers["range_max"]
    for t in state.targets_of(fig.seat):  # _targetable
        if not nearest <= distance[t.pos] <= farthest:
            continue  # _in_range
        if crossbow and in_arc(state, fig, t.pos):
            out.append(RangedAttack(fig.id, t.id))
        if mesmerist and state.is_hunter(t):
            if free_minion is None:
                free_minion = bool(state.free_card("minion"))
            if free_minion and mutual_arc(state, fig, t) and not _crucifix_forbids(state, fig, t):
                out.append(Mesmerize(fig.id, t.id))
    return out


def special_actions(state: DRState, fig: Figure, budget: int) -> list[Action]:
    """Defiling coffins and waking Van Helsing (adventure special rules)."""
    out: list[Action] = []
    if fig.pos < 0 or fig.misted or not state.is_hunter(fig) or fig.unconscious:
        return out
    adv = state.rules.adventure
    board = state.rules.board
    if adv.get("coffins") and budget >= state.rules.cost("defile"):
        tiles = board.area_tiles[adv["coffins"]]
        tile = board.tile_at(fig.pos)
        if tile in tiles and tile not in state.defiled:
            out.append(Defile(fig.id))
    if adv.get("secret_room") and budget >= state.rules.cost("wake"):
        vh = state.figures.get("van_helsing")
        if (vh is not None and vh.unconscious and vh.pos >= 0 and vh.seat == fig.seat
                and in_front(board, fig.pos, fig.facing, vh.pos)):
            out.append(Wake(fig.id))
    return out


# -- resolving ----------------------------------------------------------------------------------
def outflanks(state: DRState, attacker: Figure, target: Figure) -> bool:
    """The attacker is not in the defender's arc of effect: +1."""
    return not in_arc(state, target, attacker.pos)


def resolve(state: DRState, attacker: Figure, target: Figure, kind: str, reacting: bool,
            save: bool = False) -> bool:
    """Roll an attack of ``kind`` (close, ranged, mesmerize); True if it succeeds."""
    at = state.ctype(attacker)
    dt = state.ctype(target)
    base = at.ca if kind == "close" else (at.ra or 0)
    label = "Close Attack Bonus" if kind == "close" else "Ranged Attack Bonus"
    mods = [(base, f"{at.name}'s {label}")]
    if kind == "close" and state.is_hunter(attacker) and state.has_special(attacker, "crucifix") \
            and state.is_vampire(target):
        mods.append((1, "crucifix"))
    if kind != "mesmerize" and outflanks(state, attacker, target):
        mods.append((1, "outflanking"))
    if reacting:
        mods.append((-1, "reaction"))
    defs = [(dt.df, f"{dt.name}'s Defense Bonus")]
    if kind == "mesmerize" and state.has_special(target, "crucifix"):
        defs.append((1, "crucifix"))
    bonus = sum(v for v, _ in mods)
    defence = sum(v for v, _ in defs)
    a_roll = state.dice.d6()
    d_roll = state.dice.d6()
    hit = a_roll + bonus > d_roll + defence
    state.events.add(event("attack", _roll_text(state, attacker, target, kind, save, hit,
                                                (a_roll, mods), (d_roll, defs)),
                           attacker=attacker.id, target=target.id, attack=kind, save=save,
                           attack_roll=a_roll, attack_total=a_roll + bonus, defence_roll=d_roll,
                           defence_total=d_roll + defence, success=hit,
                           modifiers=_labels(mods, "bonus"), defence_modifiers=_labels(defs, "")))
    return hit


def _labels(mods: list[tuple[int, str]], first: str) -> list[str]:
    """Machine-readable modifiers: ["Staker bonus +2", "outflanking +1", "reaction -1"]."""
    out = []
    for i, (value, label) in enumerate(mods):
        if i == 0:
            label = label.split("'s ")[0] + (f" {first}" if first else " defence")
        out.append(f"{label} {value:+d}")
    return out


def _roll_text(state: DRState, attacker: Figure, target: Figure, kind: str, save: bool, hit: bool,
               attack: tuple[int, list[tuple[int, str]]],
               defence: tuple[int, list[tuple[int, str]]]) -> str:
    """"The hunter player rolls 3, +2 (Staker's Close Attack Bonus), +1 (outflanking) = 6;
    the vampire player rolls 5, +2 (Nosferatu's Defense Bonus) = 7: Nosferatu A survives."."""
    def total(roll: int, mods: list[tuple[int, str]]) -> str:
        parts = "".join(f", {v:+d} ({label})" for v, label in mods)
        return f"rolls {roll}{parts} = {roll + sum(v for v, _ in mods)}"

    name = say.character(target.id, state.rules.data_dir)
    if save:
        result = f"{name} is saved" if hit else "the attempt fails"
    elif kind == "mesmerize":
        result = f"{name} is mesmerized" if hit else f"{name} resists"
    else:
        result = "the attack succeeds" if hit else f"{name} survives"
    return (f"{say.cap(say.player(attacker.seat))} {total(*attack)}; "
            f"{say.player(target.seat)} {total(*defence)}: {result}.")


def offer_face_attacker(state: DRState, target: Figure, attacker: Figure) -> None:
    """The survivor (or saved minion) may turn to face the attacker for free."""
    options = facings_toward(state.rules.board, target.pos, attacker.pos)
    if target.pos < 0 or not options or options == [target.facing]:
        return
    state.ask(FacingAttacker(target.seat, target.id, attacker.id))


def kill(state: DRState, target: Figure) -> None:
    """Killed and removed from the board; its card returns to the box."""
    target.pos = GONE
    del state.figures[target.id]
    state.dead.append(target.id)
    state.events.say("killed", f"{say.character(target.id, state.rules.data_dir)} is killed and "
                     "removed from the board.", figure=target.id)
    if target.id == state.active:
        state.move_over = True
    state.occupancy_changed()


def mesmerize(state: DRState, attacker: Figure, target: Figure) -> None:
    target.minion_card = state.free_card("minion")
    target.kind = "minion"
    target.seat = attacker.seat
    # A new character of the vampire player: no card this turn ("New Characters"); the
    # hunter player's card for it is discarded when it appears (not its character now).
    state.no_card.add(target.id)
    if target.id == state.active:
        state.move_over = True
    state.events.say("mesmerized", f"{say.character(target.id, state.rules.data_dir)} becomes a "
                     f"minion under {say.players(attacker.seat)} control "
                     f"({say.character(target.minion_card, state.rules.data_dir)} slips into its "
                     "stand).", figure=target.id, seat=attacker.seat,
                     minion_card=target.minion_card)
    state.occupancy_changed()


def save_minion(state: DRState, saver: Figure, target: Figure) -> Figure:
    """Free a minion: back to its own type, or a born minion becomes a staker."""
    if target.born != "minion":
        target.kind, target.minion_card, target.seat = target.born, "", saver.seat
        # "If a minion is mesmerized and saved within the same turn, the hunter player
        # can still use its Action Card, if it hasn't already been played."
        state.no_card.discard(target.id)
        saved = target
    else:
        card = state.free_card("staker")
        del state.figures[target.id]
        saved = Figure(card, "staker", saver.seat, target.pos, target.facing)
        state.figures[card] = saved
        state.no_card.add(card)
    if target.id == state.active:
        state.move_over = True
    names = [say.character(f, state.rules.data_dir) for f in (target.id, saved.id)]
    joins = f"returns to {say.players(saver.seat)} side" if saved is target else \
        f"is replaced by {names[1]} of {say.player(saver.seat)}"
    state.events.say("saved", f"{names[0]} is saved and {joins}.", figure=target.id,
                     becomes=saved.id, seat=saver.seat)
    state.occupancy_changed()
    return saved


def feed_offer(state: DRState, vampire: Figure) -> None:
    """After a kill with a close attack a vampire may feed, if a stronger figure is free."""
    if not state.options["feeding_and_saving"] or not state.is_vampire(vampire):
        return
    stronger = state.ctype(vampire).feeds_into
    if stronger and state.free_card(stronger):
        state.ask(Feeding(vampire.seat, vampire.id))


def feed(state: DRState, vampire: Figure) -> Figure:
    stronger = state.ctype(vampire).feeds_into
    assert stronger is not None
    card = state.free_card(stronger)
    del state.figures[vampire.id]
    fed = Figure(card, stronger, vampire.seat, vampire.pos, vampire.facing)
    state.figures[card] = fed
    state.no_card.add(card)
    if vampire.id == state.active:
        state.move_over = True
    names = [say.character(f, state.rules.data_dir) for f in (vampire.id, card)]
    # (the end of an active vampire's move is said once, by end_move, as for any move)
    state.events.say("fed", f"{names[0]} feeds and becomes {names[1]}.",
                     figure=vampire.id, becomes=card)
    state.occupancy_changed()
    return fed


def attack(state: DRState, attacker: Figure, action: CloseAttack | RangedAttack | Mesmerize,
           reacting: bool) -> None:
    """Resolve an attack action and its consequences."""
    target = state.figures[action.target]
    if isinstance(action, Mesmerize):
        if resolve(state, attacker, target, "mesmerize", reacting):
            mesmerize(state, attacker, target)
        else:
            offer_face_attacker(state, target, attacker)
        return
    close = isinstance(action, CloseAttack)
    save = isinstance(action, CloseAttack) and action.save
    if not resolve(state, attacker, target, "close" if close else "ranged", reacting, save):
        offer_face_attacker(state, target, attacker)
        return
    if save:
        saved = save_minion(state, attacker, target)
        offer_face_attacker(state, saved, attacker)
        return
    if (target.kind == "van_helsing" and state.rules.adventure.get("secret_room")
            and (state.is_vampire(attacker) or attacker.kind == "minion")):
        target.unconscious = True  # Rescue Van Helsing: rendered unconscious, not killed
        state.events.say("unconscious", "Van Helsing is knocked unconscious (the vampires "
                         "cannot kill him).", figure=target.id)
        if target.id == state.active:
            state.move_over = True
        state.occupancy_changed()
        return
    # "After a vampire kills a hunter with a close attack, the vampire may feed."
    killer_feeds = close and state.is_vampire(attacker) and state.is_hunter(target)
    kill(state, target)
    if killer_feeds:
        feed_offer(state, attacker)


# -- the decisions after an attack ------------------------------------------------------------
@attrs.frozen
class FacingAttacker(Pending):
    """The survivor of an attack (or a saved minion) may turn to face the attacker (``other``)
    for free, not an action ("Resolving a Close Attack")."""

    KIND = "face"
    RULE = RULE_RESOLVING
    WHAT = "decide whether to turn to face the attacker"
    ACTIONS = (FaceAttacker,)

    @property
    def attacker(self) -> str:
        return self.other

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        fig, other = state.figures[self.figure], state.figures.get(self.attacker)
        if other is None or other.pos < 0:
            return [FaceAttacker(fig.id, "")]
        turns: list[Action] = [FaceAttacker(fig.id, FACINGS[f])
                               for f in facings_toward(state.rules.board, fig.pos, other.pos)
                               if f != fig.facing]
        return [*turns, FaceAttacker(fig.id, "")]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        assert isinstance(action, FaceAttacker)
        state.stack.pop()
        if action.facing:
            state.figures[action.character].facing = FACINGS.index(action.facing)
            names = [say.character(f, state.rules.data_dir)
                     for f in (action.character, self.attacker)]
            state.events.say("face", f"{names[0]} turns for free to face {names[1]} (now "
                             f"facing {say.facing(action.facing)}).", figure=action.character,
                             other=self.attacker, facing=action.facing)
        state.occupancy_changed()

    def why_not(self, state: DRState, seat: str, action: Action) -> Refusal:
        return "the free turn faces the attacker (or keeps the facing: facing \"\")", self.RULE

    def question(self, state: DRState, seat: str) -> str:
        return (f"{say.character(self.figure, state.rules.data_dir)} may turn to face "
                f"{say.character(self.attacker, state.rules.data_dir)} for free (no points, "
                "not an action).")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        assert isinstance(action, FaceAttacker)
        name = say.character(action.character, state.rules.data_dir)
        if not action.facing:
            fig = state.figures.get(action.character)
            now = f" facing {say.facing(fig.facing)}" if fig is not None else " as it stands"
            return f"keep {name}{now}"
        return f"turn {name} to face {say.facing(action.facing)}"


@attrs.frozen
class Feeding(Pending):
    """After killing a hunter with a close attack, the vampire (``figure``) may feed and
    become a stronger vampire; its move is then over ("Feeding")."""

    KIND = "feed"
    RULE = RULE_FEEDING
    WHAT = "decide whether the vampire feeds"
    ACTIONS = (Feed,)

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        return [Feed(True), Feed(False)]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        assert isinstance(action, Feed)
        state.stack.pop()
        if action.feed and self.figure in state.figures:
            feed(state, state.figures[self.figure])
        state.occupancy_changed()

    def question(self, state: DRState, seat: str) -> str:
        fig = state.figures.get(self.figure)
        name = say.character(self.figure, state.rules.data_dir)
        if fig is None:
            return f"{name} is gone and cannot feed."
        stronger = state.ctype(fig).feeds_into or ""
        return (f"{name} killed a hunter with a close attack and may feed, becoming a "
                f"{say.kind_name(stronger, state.rules.data_dir)} ({say.his(fig.born)} move "
                "is then over).")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        assert isinstance(action, Feed)
        if not action.feed:
            return "do not feed"
        queue = state.queue
        d = queue[0] if queue and isinstance(queue[0], Feeding) else None
        fig = state.figures.get(d.figure) if d else None
        if fig is None:
            return "feed"
        stronger = say.kind_name(state.ctype(fig).feeds_into or "", state.rules.data_dir)
        return f"feed: {say.character(fig.id, state.rules.data_dir)} becomes a {stronger}"


# -- why not ----------------------------------------------------------------------------------
def attack_rule(action: CloseAttack | RangedAttack | Mesmerize) -> str:
    """The section an attack of this kind is refused under by default."""
    if isinstance(action, CloseAttack):
        return RULE_SAVING if action.save else RULE_CLOSE
    return RULE_RANGED if isinstance(action, RangedAttack) else RULE_MESMERIZING


def why_not_attack(state: DRState, fig: Figure, action: CloseAttack | RangedAttack | Mesmerize,
                   who: str) -> Refusal:
    """The rule an attack by ``fig`` (named ``who``) breaks."""
    rule = attack_rule(action)
    target = state.figures.get(action.target)
    whom = say.character(action.target, state.rules.data_dir)
    if target is None or target.pos < 0:
        return f"{whom} is not on the board", rule
    if fig.misted:
        return "misted vampires cannot attack", RULE_MIST
    if target.misted:
        return "misted vampires cannot be attacked", RULE_MIST
    if target.seat == fig.seat:
        return "you cannot attack your own characters", rule
    if target.unconscious:
        return f"{whom} is unconscious and cannot be attacked", RULE_RESCUE
    board = state.rules.board
    if isinstance(action, CloseAttack):
        if not in_front(board, fig.pos, fig.facing, target.pos):
            return (f"{whom} is not in the three squares directly in front of {who}",
                    RULE_CLOSE)
        if action.save:
            if not state.options["feeding_and_saving"]:
                return "saving minions is forbidden (No Feeding or Saving)", RULE_NO_FEEDING
            if target.kind != "minion" or not state.has_special(fig, "crucifix"):
                return "only a character with a crucifix saves, and only minions", RULE_SAVING
            return ("no Staker card is free for a minion that entered the game as one",
                    RULE_SAVING)
        return (f"{who} is within the area of {whom}'s crucifix: it cannot attack the holder",
                RULE_CRUCIFIX)
    distance = board.distance(fig.pos, target.pos)
    if isinstance(action, RangedAttack) and not state.has_special(fig, "crossbow"):
        return f"{who} has no crossbow", RULE_RANGED
    if isinstance(action, Mesmerize):
        if not state.is_vampire(fig) or not state.has_special(fig, "mesmerize"):
            return f"{who} cannot mesmerize", RULE_MESMERIZING
        if not state.is_hunter(target):
            return "only hunters can be mesmerized", RULE_MESMERIZING
    if distance < 2:
        return f"{whom} is too close for a ranged attack (1 square away)", RULE_RANGE
    if distance > 6:
        return f"{whom} is out of range ({distance} squares; 6 at most)", RULE_RANGE
    if not in_arc(state, fig, target.pos):
        return (f"{whom} is not in {who}'s arc of effect (a clear line of sight through the "
                "front face of its square)", RULE_ARC)
    if isinstance(action, Mesmerize):
        if not mutual_arc(state, fig, target):
            return (f"{who} is not in {whom}'s arc of effect: both must be in each other's "
                    "arc", RULE_MESMERIZING)
        if not state.free_card("minion"):
            return "no Minion card is free: no more minions can be made", RULE_MESMERIZING
        return f"{who} is within the area of {whom}'s crucifix", RULE_CRUCIFIX
    return f"{who} cannot shoot at {whom} now", RULE_RANGED


def why_not_defile(state: DRState, fig: Figure, action: Defile, who: str) -> Refusal:
    return (f"{who} can defile only the coffins of a tinted tile it stands on, once, and "
            "only hunters defile", "Defile the Coffins")


def why_not_wake(state: DRState, fig: Figure, action: Wake, who: str) -> Refusal:
    return ("a hunter wakes Van Helsing standing next to him (as if making a close attack) "
            "while he is unconscious", RULE_RESCUE)
