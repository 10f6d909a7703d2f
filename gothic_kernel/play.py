"""``gothic play``: a person plays any registered game in the terminal.

The person takes one or more seats; bots take the rest. Everything a seat is
shown comes from the game contract alone: ``prompt``, ``observation`` (drawn by
the game's :class:`~gothic_kernel.screen.TextScreen`), ``log``,
``legal_actions`` and ``describe_action``. A front end needs nothing more, and a
screen cannot show what its seat may not know.

Each turn of a person's seat shows, in order: the game, the seat and the turn;
the game's sections (the board as text, the seat's own cards and chits, what is
public about the others); what happened since the seat's last turn
(``state.log(seat)``, its private events included); then, last so that they stay
in view, what the seat is asked (``state.prompt``) and the legal actions as a
numbered menu, grouped by the screen's ``group`` headings. A number, or the
start of a label that fits one choice only, plays it. The commands (see
:data:`COMMANDS`) are ``help``, ``log [N]``, ``map [WHAT]``, ``save FILE``, ``undo``
and ``quit``. ``save FILE`` writes the position with the seats people play, and
``gothic play --load FILE`` goes on as those seats.

Hot-seat: with several seats played by people, the screen is cleared and
"Pass the keyboard to X, then press Enter." stands between two seats' turns, so
nobody sees another seat's screen. Simultaneous secret choices (several seats
current at once) are asked of each seat in turn, each behind that screen. The
hand-overs follow whose turn it is, which is public, so they tell nobody anything.

Only choices: when a seat has exactly one legal action and one person plays, it is
played without asking and the next screen says so ("Played for you, as your only
choice: play no Event Card (x3)"). In hot-seat it is asked like any other choice
(Enter plays it): skipping it would show the others, by a missing hand-over, that
you had no other choice, which may depend on your secrets.

Undo takes back your own last choice, and only while nobody else can have seen a
consequence of it. Exactly, ``undo`` at your prompt (or, in hot-seat, at the
hand-over screen that follows your turn, which offers it after every turn and refuses
without a reason, as the next person sees it) takes back your most recent choice when

1. no other seat, person or bot, has acted since it (so no one else was asked
   anything, or shown a screen, in the position it made);
2. it called on no chance: no die rolled, nothing shuffled or drawn at random
   (``state.chance_mark()`` is unchanged); and
3. it showed you nothing you did not know. Two tests, the first deliberately
   cautious: it added at most one entry to your log (the record of the choice
   itself: a second sentence is a consequence, such as "Paris is empty" after a
   move, or a card drawn, or an attack); and in every state you could not tell
   from the one you chose in (``state.resample(seat, seed)``, eight of them), the
   same choice leaves you the same observation, log and seats to act (a counter
   turned over, a card drawn from a shuffled pile fail it).

An undo also takes back the only choices played for you after your choice (they
must pass rules 2 and 3 too). Several undos in a row take back several of your own
choices, each under the same rules. A choice that fails a rule cannot be taken
back, nor can any before it.

``picture FILE`` writes the board as the seat at the prompt sees it
(``gothic_kernel.svg.picture``), as .svg, or as .png with the ``png`` extra.

Other prompt commands plug in through :func:`register_command`: a command
is handed the session and the seat at the prompt, and reads
``session.state.observation(seat)`` like everything else here.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from .actions import Action
from .agents import Agent, agent_choice
from .errors import GothicError, NoPicture
from .game import Game, GameState
from .screen import DEFAULT_WIDTH, TextScreen, in_columns, wrap
from .svg import picture, save
from .visibility import PUBLIC

#: What ``gothic play --help`` says: the module docstring, for a player.
HELP = """\
Play a game in the terminal: you take one or more seats, bots take the others.

Each of your turns shows the board as your seat sees it, your own cards and chits,
what is public about the others, what happened since your last turn, then what you
are asked and your choices as a numbered menu. Type a number, or the start of a
choice that fits that choice only. At the prompt you may also type:
  help          the commands
  log [N]       the last N entries of what happened (all of it without N)
  map [WHAT]    the map, or what a place or piece is
  save FILE     save the position and the seats you play; go on later with
                gothic play --load FILE (the file holds every seat's secrets)
  picture FILE  draw the board as your seat sees it (.svg, or .png with the png extra)
  undo          take back your last choice (see below)
  quit          stop without saving

Hot-seat (several --seat, or --seat all): the screen is cleared and
"Pass the keyboard to X, then press Enter." stands between two seats' turns, so
nobody sees another seat's screen; that screen takes only Enter, undo and quit (anything
else typed there is answered, not played). Secret choices made at the same time are asked
of each seat in turn, each behind that screen. (Only a terminal can be cleared: into a
pipe or an IDE's console every screen stays readable, and gothic play says so when it
starts.)

Only choices: when your seat has exactly one legal choice and one person plays, it is
played for you and the next screen says so. In hot-seat it is asked like any other
choice (Enter plays it), so the others cannot tell you had no other choice.

Undo takes back your own last choice, and only while nobody else can have seen a
consequence of it: no other seat, person or bot, has acted since; no die was rolled
and nothing was shuffled or drawn at random; and it showed you nothing you did not
know (a card drawn, a counter turned over, a place found empty). Only choices played
for you after it are taken back with it. Several undos in a row take back several of
your choices, each under the same rules; a choice that fails them cannot be taken
back, nor can any before it. In hot-seat the next person sees the hand-over screen, so
it offers undo after every turn and says no reason when one is refused.
"""

#: How many entries of the log a turn's screen shows (``log`` shows them all).
RECENT = 12
#: How many states resampled for the seat ``undo`` compares (rule 3 above).
UNDO_TRIES = 8
SHOWN_SECRET = "it showed you something you did not know"
HINT = "Type a number or the start of a choice; help lists the commands."
#: Said once in hot-seat when the screens go to no terminal (a pipe, a file, an IDE's console):
#: nothing can be cleared there, so each seat's screen stays readable above the next one's.
NOT_A_TERMINAL = ("Hot-seat, but the output is not a terminal: the screen cannot be cleared "
                  "between seats, so every seat's screen stays readable above the next one's. "
                  "Run gothic play in a terminal to keep each seat's secrets.")
#: ANSI: cursor home, clear the screen and the scrollback (hot-seat: nothing to scroll back to).
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


# -- the menu ---------------------------------------------------------------------------------

@attrs.frozen
class Choice:
    """One numbered entry of a menu: the action, its label, and the text shown beside the
    number (the label, less the words its group shares)."""

    number: int
    action: Action
    label: str
    shown: str


def _common_words(labels: Sequence[str], reverse: bool = False) -> list[str]:
    """The words every label starts with, keeping at least one word of each label (with
    ``reverse``, labels given backwards: the words they all end with, forwards)."""
    split = [label.split(" ") for label in labels]
    common: list[str] = []
    for column in zip(*split, strict=False):
        if len(set(column)) != 1:
            break
        common.append(column[0])
    shortest = min(len(s) for s in split)
    common = common[:shortest - 1]
    return [w[::-1] for w in reversed(common)] if reverse else common


def _one_word_apart(one: Sequence[str], other: Sequence[str]) -> int | None:
    """The one place where two labels (as words) differ, if they differ in one word only."""
    if len(one) != len(other):
        return None
    apart = [k for k, (a, b) in enumerate(zip(one, other, strict=True)) if a != b]
    if len(apart) != 1:
        return None
    at = apart[0]
    if one[at][:1].isupper() or other[at][:1].isupper() or \
            (at > 0 and one[at - 1][:1].isupper()):
        return None  # names are shown whole ("Staker 1's", not "Staker ... 1's")
    return at


#: From how many lines of labels one word apart a menu section sets them side by side.
PACKED_ROWS = 6


class Menu:
    """The legal actions of a seat as a numbered menu, in sections.

    Actions are listed under their screen ``group`` heading, the sections in the order
    their first action comes in ``legal_actions``; a section of several actions shows
    the words all its labels share once, as its title ("move to: 1 Paris by Road
    2 Rome by Road"), and runs of labels that differ only in their last word on one line
    ("(14, 0), facing: 1 north  2 east  3 south  4 west"), such lines side by side when a
    section has :data:`PACKED_ROWS` or more of them and they fit. Sections of one action
    are gathered at the end.
    """

    def __init__(self, entries: Sequence[tuple[Action, str, str]], width: int) -> None:
        groups: dict[str, list[tuple[Action, str]]] = {}
        for action, label, group in entries:
            groups.setdefault(group, []).append((action, label))
        several = [(g, items) for g, items in groups.items() if len(items) > 1]
        single = [items[0] for items in groups.values() if len(items) == 1]
        self.choices: list[Choice] = []
        self.lines: list[str] = []
        for heading, items in several:
            labels = [label for _, label in items]
            prefix = _common_words(labels)
            while prefix and not prefix[-1][:1].islower():
                prefix.pop()  # never cut a name in two ("play She-wolf | A's Action Card")
            rests = [label[len(" ".join(prefix)) + 1:] for label in labels]
            if any(rest[:1].isdigit() and " " in rest for rest in rests):
                prefix = []  # "take: 1 nothing  2 1 Event Card" would read badly
            cut = len(" ".join(prefix)) + 1 if prefix else 0
            suffix = _common_words([label[cut:][::-1] for label in labels], reverse=True)
            while suffix and not suffix[0].startswith(("[", "(")):
                suffix.pop(0)  # only a common aside: "[reaction, 1 Reaction Point]"
            end = len(" ".join(suffix)) + 1 if suffix else 0
            title = " ".join(prefix).rstrip(",:") if prefix else heading
            if suffix:
                title += " " + " ".join(suffix)
            self.lines.append(f"  {title}:")
            self._items([(a, label, label[cut:len(label) - end]) for a, label in items],
                        width)
        if single:
            if several:
                self.lines.append("  or:")
            self._items([(a, label, label) for a, label in single], width)

    def _items(self, items: Sequence[tuple[Action, str, str]], width: int) -> None:
        """Runs of labels one word apart on a line each, the others in columns."""
        rows: list[tuple[str, list[str]] | str] = []  # (template, cells) or a loose cell
        split = [shown.split(" ") for _, _, shown in items]
        i = 0
        while i < len(items):
            at = _one_word_apart(split[i], split[i + 1]) if i + 1 < len(items) else None
            j = i + 1
            while at is not None and j < len(items) and \
                    _one_word_apart(split[i], split[j]) == at:
                j += 1
            if at is None or j - i < 2 or len(split[i]) < 2:
                action, label, shown = items[i]
                rows.append(f"{self._add(action, label, shown):>3} {shown}")
                i += 1
                continue
            words = split[i][:at] + (["..."] if at < len(split[i]) - 1 else []) + \
                split[i][at + 1:]
            cells = [f"{self._add(action, label, split[n][at]):>3}\xa0{split[n][at]}"
                     for n, (action, label, _) in enumerate(items[i:j], start=i)]
            rows.append((" ".join(words).rstrip(",:") + ":", cells))
            i = j
        templates = [row[0] for row in rows if isinstance(row, tuple)]
        lead = max((len(t) for t in templates), default=0)
        if len(templates) >= PACKED_ROWS and len(templates) == len(rows):
            # many lines of one shape ("(14, 0), facing: 1 north 2 east ..."): side by
            # side where they fit, so a long menu does not push the board off the screen
            texts = [self._row(row, lead) for row in rows if isinstance(row, tuple)]
            self.lines.extend(line.replace("\xa0", " ")
                              for line in in_columns(texts, width, "    "))
            return
        loose: list[str] = []
        for row in rows:
            if isinstance(row, str):
                loose.append(row)
                continue
            self.lines.extend(in_columns(loose, width, "  "))
            loose = []
            self.lines.extend(line.replace("\xa0", " ")
                              for line in wrap(self._row(row, lead), width, "    ", "      "))
        self.lines.extend(in_columns(loose, width, "  "))

    @staticmethod
    def _row(row: tuple[str, list[str]], lead: int) -> str:
        """A line of labels one word apart: what they share, then each one's word."""
        template, cells = row
        widest = max(len(c) for c in cells)
        return template.ljust(lead, "\xa0") + " ".join(
            c.ljust(widest, "\xa0") for c in cells).rstrip("\xa0")

    def _add(self, action: Action, label: str, shown: str) -> int:
        number = len(self.choices) + 1
        self.choices.append(Choice(number, action, label, shown))
        return number

    def pick(self, text: str) -> Choice | str:
        """The choice ``text`` names (a number, a label, or the start of one label or of
        one shown text, in any case), or a short hint saying why it names none."""
        said = " ".join(text.split()).lower()
        count = len(self.choices)
        if said.isdigit():
            number = int(said)
            if 1 <= number <= count:
                return self.choices[number - 1]
            return f"There is no choice {number}: type a number from 1 to {count}."
        exact = [c for c in self.choices if c.label.lower() == said]
        if exact:
            return exact[0]
        # What is on screen counts as much as the whole label: "s" with "Strasbourg by
        # road" shown (labelled "move to Strasbourg by road") and "supply" fits both.
        fits = [c for c in self.choices
                if c.label.lower().startswith(said) or c.shown.lower().startswith(said)]
        if len(fits) == 1:
            return fits[0]
        if fits:
            some = "; ".join(f"{c.number} {c.label}" for c in fits[:4])
            more = f" and {len(fits) - 4} more" if len(fits) > 4 else ""
            return f"{text!r} fits {len(fits)} choices ({some}{more}): type more of " \
                   "it, or its number."
        return f"No choice starts with {text!r}: type a number from 1 to {count}, or help."


# -- commands ---------------------------------------------------------------------------------

#: What a command asks of the session after it ran: go on asking, or the turn is over.
ASK_AGAIN = "ask again"
REDRAW = "redraw"
QUIT = "quit"


@attrs.frozen
class Command:
    """A word a person may type at a prompt instead of a choice.

    ``run(session, seat, argument)`` does it (``argument`` is the rest of the line) and
    returns ``ASK_AGAIN`` (show the menu and ask again), ``REDRAW`` (the position
    changed: draw the screen again) or ``QUIT``.
    """

    name: str
    usage: str
    help: str
    run: Callable[[Session, str, str], str]


COMMANDS: dict[str, Command] = {}


def register_command(command: Command) -> None:
    """Add a prompt command; a name already taken is replaced."""
    COMMANDS[command.name] = command


def _help(session: Session, seat: str, argument: str) -> str:
    session.say("Type the number of a choice, or the start of its words (enough to name one")
    session.say("choice only). Commands:")
    for command in COMMANDS.values():
        session.say(f"  {command.usage:<12} {command.help}")
    return ASK_AGAIN


def _log(session: Session, seat: str, argument: str) -> str:
    entries = session.state.log(seat)
    whole = len(entries)
    if argument.strip():
        try:
            count = int(argument)
        except ValueError:
            count = 0
        if count < 1:
            session.say("log takes a number from 1: log 30 shows the last 30 entries.")
            return ASK_AGAIN
        entries = entries[-count:]
    shown = f"all {_entries(whole)}" if len(entries) == whole \
        else f"the last {len(entries)} of {_entries(whole)}"
    session.say(f"The log as {session.name(seat)} may read it ({shown}):")
    for entry in entries:
        session.say_lines(wrap(str(entry.get("text", "")), session.width, "  "))
    return ASK_AGAIN


def _entries(count: int) -> str:
    return "1 entry" if count == 1 else f"{count} entries"


def _map(session: Session, seat: str, argument: str) -> str:
    session.say_lines(session.screen.map(session.state.observation(seat), seat,
                                         argument.strip()))
    return ASK_AGAIN


def _save(session: Session, seat: str, argument: str) -> str:
    if not argument.strip():
        session.say("save takes a file name: save game.json")
        return ASK_AGAIN
    path = Path(argument.strip()).expanduser()
    text = saved_position(session.state, session.humans)
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        session.say(f"Cannot save to {path}: {exc.strerror or exc}.")
        return ASK_AGAIN
    session.saved = (text, path)
    session.say(f"Saved this position to {path}. Go on later with: gothic play --load {path}"
                f" (as {', '.join(map(session.name, session.humans))})")
    session.say("(The file holds every seat's secrets: keep it from the other players.)")
    return ASK_AGAIN


def _picture(session: Session, seat: str, argument: str) -> str:
    if not argument.strip():
        session.say("picture takes a file name: picture board.svg (or board.png)")
        return ASK_AGAIN
    try:
        where = save(picture(session.state, seat), argument.strip())
    except NoPicture as exc:
        session.say(f"No picture written: {exc}.")
        return ASK_AGAIN
    except OSError as exc:
        session.say(f"Cannot write {argument.strip()}: {exc.strerror or exc}.")
        return ASK_AGAIN
    session.say(f"Wrote the board as {session.name(seat)} sees it to {where}.")
    return ASK_AGAIN


def _undo(session: Session, seat: str, argument: str) -> str:
    said = session.take_back(seat)
    if said.startswith("Taken back"):
        session.notice = said
        return REDRAW
    session.say(said)
    return ASK_AGAIN


def _quit(session: Session, seat: str, argument: str) -> str:
    if session.saved is not None and \
            session.saved[0] == saved_position(session.state, session.humans):
        session.say(f"Quitting; this position is saved in {session.saved[1]}.")
    else:
        session.say("Quitting; the game is not saved (save FILE first to keep it).")
    return QUIT


for _command in (
        Command("help", "help", "this help", _help),
        Command("log", "log [N]", "the whole log as your seat may read it (or its last N "
                                  "entries)", _log),
        Command("map", "map [WHAT]", "the board in full as your seat sees it, or what the "
                                     "place or piece WHAT is (map Paris)", _map),
        Command("save", "save FILE", "save this position (gothic play --load FILE goes on)",
                _save),
        Command("picture", "picture FILE", "draw the board as your seat sees it, as .svg "
                                           "(or .png with the png extra)", _picture),
        Command("undo", "undo", "take back your last choice, if nobody can have seen a "
                                "consequence of it (see gothic play --help)", _undo),
        Command("quit", "quit", "stop playing", _quit)):
    register_command(_command)


# -- the session ------------------------------------------------------------------------------

@attrs.define
class _Undoable:
    """A person's choice that may still be taken back: the position before it."""

    seat: str
    label: str
    action: Action
    before: GameState
    seen: dict[str, int]
    forced_before: dict[str, list[str]]
    mark: str
    forced: bool = False


class Session:
    """One game played in the terminal: people at ``humans``, bots at the other seats.

    ``read(prompt)`` returns a line typed (raising EOFError at the end of input, as
    ``input`` does); ``out`` is where the screens go. ``tty`` says whether ``out`` is a
    terminal (the screen is then cleared with ANSI codes between turns).
    """

    def __init__(self, game: Game, state: GameState, humans: Sequence[str],
                 agents: Mapping[str, Agent], *, out: TextIO | None = None,
                 read: Callable[[str], str] = input, tty: bool | None = None,
                 echo: bool = False, width: int | None = None,
                 max_steps: int | None = None) -> None:
        self.game = game
        self.state = state
        self.humans = tuple(humans)
        self.agents = dict(agents)
        self.out = out or sys.stdout
        self.read = read
        self.tty = self.out.isatty() if tty is None else tty
        self.echo = echo
        self.width = width or max(60, min(120, shutil.get_terminal_size((100, 40)).columns))
        self.max_steps = max_steps
        self.screen: TextScreen = game.text_screen()
        self.screen.width = self.width
        self.steps = 0
        #: How many entries of its log each seat has been shown.
        self.seen: dict[str, int] = {seat: 0 for seat in state.seats}
        self.undoable: list[_Undoable] = []
        #: The only choices played for each person since its last screen.
        self.forced: dict[str, list[str]] = {}
        self.last_person: str | None = None
        #: The lines of the last turn's screen drawn.
        self.last_screen: list[str] = []
        #: A line to show under the next screen (what the last command did).
        self.notice = ""
        #: The last position saved by ``save`` and where, to say so at ``quit``.
        self.saved: tuple[str, Path] | None = None

    # -- output -----------------------------------------------------------------------------
    def say(self, line: str = "") -> None:
        """Print ``line``; one longer than the screen is wrapped at its words (a terminal
        would cut it mid-word)."""
        if len(line) <= self.width:
            print(line, file=self.out)
            return
        indent = line[:len(line) - len(line.lstrip())]
        for part in wrap(line.strip(), self.width, indent):
            print(part, file=self.out)

    def say_lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.say(line)

    def clear(self) -> None:
        if self.tty:
            self.out.write(CLEAR)
        else:
            self.say()
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """A line typed, or None at the end of the input."""
        self.out.flush()
        try:
            text = self.read(prompt)
        except EOFError:
            self.say()
            return None
        if self.echo:
            self.say(text)
        return text

    def name(self, seat: str) -> str:
        return self.game.seat_name(seat)

    # -- playing ----------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends, the person quits or ``max_steps`` actions were played."""
        if len(self.humans) > 1 and not self.tty:
            self.say_lines(wrap(NOT_A_TERMINAL, self.width, ""))
        while True:
            state = self.state
            if state.is_over:
                self.show_end()
                return 0
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.say(f"Stopped after {self.steps} actions (--max-steps); the game is not "
                         "over.")
                return 0
            seats = state.current_seats()
            if not seats:
                raise GothicError(f"{self.game.name}: no seat may act, yet the game is not "
                                  "over")
            seat = seats[0]
            if seat not in self.humans:
                self.bot_turn(seat)
                continue
            legal = state.legal_actions(seat)
            if len(legal) == 1 and len(self.humans) == 1:
                self.play_forced(seat, legal[0])
            elif self.turn(seat) == QUIT:
                return 0

    def bot_turn(self, seat: str) -> None:
        agent = self.agents[seat]
        action = agent_choice(self.state, seat, agent, self.state.legal_actions(seat))
        self.state.apply(seat, action)
        self.steps += 1
        self.undoable.clear()

    def play_forced(self, seat: str, action: Action) -> None:
        """Play a person's only choice without asking (one person playing: nobody else at
        the keyboard can learn from it); the next screen says what was played."""
        label = self.state.describe_action(seat, action)
        self.choose(seat, Choice(0, action, label, label), forced=True)
        self.forced.setdefault(seat, []).append(label)

    def turn(self, seat: str) -> str:
        """One choice of a person's seat (or a command that ends the turn): QUIT, or ""."""
        if len(self.humans) > 1 and seat != self.last_person:
            handed = self.hand_over(seat)
            if handed:
                return handed
        self.last_person = seat
        menu = self.show_turn(seat)
        while True:
            text = self.ask("> ")
            if text is None:
                self.say("End of input: the game stops here, unsaved.")
                return QUIT
            word, _, argument = text.strip().partition(" ")
            command = COMMANDS.get(word.lower())
            if command is not None:
                after = command.run(self, seat, argument)
                if after == QUIT:
                    return QUIT
                if after == REDRAW:
                    return ""
                self.show_menu(menu)
                continue
            if not text.strip():
                if len(menu.choices) == 1:
                    self.choose(seat, menu.choices[0])
                    return ""
                self.say("Type the number of a choice (help lists the commands).")
                continue
            picked = menu.pick(text)
            if isinstance(picked, str):
                self.say(picked)
                self.show_menu(menu)
                continue
            try:
                self.choose(seat, picked)
            except GothicError as exc:  # the game refused a listed action: say so, go on
                self.say(f"The game refused that: {exc}")
                self.show_menu(menu)
                continue
            return ""

    def choose(self, seat: str, choice: Choice, forced: bool = False) -> None:
        """Play a person's choice, keeping the position before it for ``undo``."""
        before = self.state.clone()
        step = _Undoable(seat, choice.label, choice.action, before, dict(self.seen),
                         {s: list(v) for s, v in self.forced.items()},
                         self.state.chance_mark(), forced)
        self.state.apply(seat, choice.action)
        self.steps += 1
        if self.undoable and self.undoable[-1].seat != seat:
            self.undoable.clear()
        self.undoable.append(step)

    def why_final(self, step: _Undoable, after: GameState) -> str:
        """Why ``step`` may not be taken back, ``after`` being the position it led to (rules
        2 and 3 of the module docstring), or ""."""
        seat = step.seat
        if after.chance_mark() != step.mark:
            return "it called on chance (a die rolled, or something shuffled or drawn)"
        if len(after.log(seat)) > len(step.before.log(seat)) + 1:
            return "more came of it than the choice itself (see the log)"
        return SHOWN_SECRET if self.showed_secret(step, after) else ""

    @staticmethod
    def showed_secret(step: _Undoable, after: GameState) -> bool:
        """Whether ``step`` showed its seat something it did not know: the same choice in
        a resample of the position before (rule 3 above) leaves the seat seeing otherwise."""
        seat = step.seat
        seen = (after.observation(seat), after.log(seat), after.current_seats())
        for k in range(UNDO_TRIES):
            try:
                twin = step.before.resample(seat, 7919 * (k + 1))
                twin.apply(seat, step.action)
            except (GothicError, NotImplementedError):
                return True
            if (twin.observation(seat), twin.log(seat), twin.current_seats()) != seen:
                return True
        return False

    def _undo_to(self, seat: str) -> tuple[int, str]:
        """Where ``undo`` for ``seat`` would go back to: the index in ``undoable`` of the
        last choice ``seat`` made itself (the only choices played for it after that are
        taken back with it), and "" -- or -1 and why it cannot."""
        after = self.state
        for i in range(len(self.undoable) - 1, -1, -1):
            step = self.undoable[i]
            if step.seat != seat:
                break
            why = self.why_final(step, after)
            if why:
                return -1, f"{step.label!r} cannot be taken back: {why}."
            if not step.forced:
                return i, ""
            after = step.before
        return -1, "Nothing to take back: you have made no choice since another seat last " \
                   "acted."

    def take_back(self, seat: str) -> str:
        """Undo ``seat``'s last choice if the rules allow (module docstring); the words to
        say."""
        at, why = self._undo_to(seat)
        if at < 0:
            if "cannot be taken back" in why:
                self.undoable.clear()
            return why
        step = self.undoable[at]
        del self.undoable[at:]
        self.state = step.before
        self.seen = step.seen
        self.forced = step.forced_before
        return f"Taken back: {step.label}."

    def hand_over(self, seat: str) -> str:
        """The screen between two people's turns; QUIT, REDRAW (after an undo) or "".
        Only Enter (go on), ``undo`` and ``quit`` are taken here; anything else typed is
        answered with what is, not passed on to the next screen nor lost silently.

        The next person sees this screen, so it says nothing that depends on a secret:
        the offer to undo stands whenever the last person chose since another seat acted
        (whose turn it is is public), not only when the undo would be allowed (that tells
        whether the choice drew on chance, such as Dracula placing an Encounter and taking
        a new one), and a refused undo is said without its reason."""
        previous = self.last_person
        offer = previous is not None and bool(self.undoable) \
            and self.undoable[-1].seat == previous
        if offer:
            self.show_secret(self.undoable[-1])
        self.clear()
        while True:
            self.say(f"Pass the keyboard to {self.name(seat)}, then press Enter.")
            if offer and previous is not None:
                self.say(f"({self.name(previous)}: type undo first to take back your last "
                         "choice, if nothing has come of it yet.)")
            text = self.ask("")
            if text is None:
                self.say("End of input: the game stops here, unsaved.")
                return QUIT
            word = text.strip().lower()
            if not word:
                break
            if word == "quit":
                return _quit(self, seat, "")
            if word == "undo" and offer and previous is not None:
                said = self.take_back(previous)
                if said.startswith("Taken back"):
                    self.notice = said
                    return REDRAW
                self.say(f"{self.name(previous)}'s last choice cannot be taken back now.")
                offer = False
            elif word == "undo":
                self.say("There is no choice to take back now.")
            else:  # a command typed here would be lost: say so rather than go on
                self.say(f"Nothing is played from this screen ({text.strip()!r} is not "
                         f"taken): press Enter to go on{', or type undo' if offer else ''}, "
                         "or quit.")
        self.clear()
        return ""

    def show_secret(self, step: _Undoable) -> None:
        """Before the keyboard passes: what the last person alone learned from the choice
        (a look at a face-down counter), which the next screen is not theirs to show. Only
        what a resample of the position before could have made different counts, so
        playing a card one knows is not repeated."""
        seat = step.seat
        new = self.state.log(seat)[len(step.before.log(seat)):]
        public = self.state.log(PUBLIC)[len(step.before.log(PUBLIC)):]
        secret = [e for e in new if e not in public]
        if not secret or not self.showed_secret(step, self.state):
            return
        self.say(f"{self.name(seat)}, before you pass the keyboard (only you see this):")
        for entry in secret:
            self.say_lines(wrap(str(entry.get("text", "")), self.width, "  "))
        if self.ask("Press Enter to hide it. ") is None:
            return

    # -- drawing ----------------------------------------------------------------------------
    def show_turn(self, seat: str) -> Menu:
        log_length = len(self.state.log(seat))
        lines, menu = draw_turn(self.game, self.screen, self.state, seat,
                                since=self.seen.get(seat, 0),
                                played=self.forced.pop(seat, []))
        self.seen[seat] = log_length
        self.last_screen = lines
        self.clear()
        self.say_lines(lines)
        if self.notice:  # what the last command did, in view below the new screen
            self.say(self.notice)
            self.notice = ""
        return menu

    def show_menu(self, menu: Menu) -> None:
        self.say_lines(menu.lines)
        self.say(HINT)

    def show_sections(self, observation: Mapping[str, Any], viewer: str) -> None:
        self.say_lines(section_lines(self.screen, observation, viewer))

    def show_end(self) -> None:
        """The end: the outcome, and the board as the one person (or, with several, the
        public) sees it."""
        state = self.state
        viewer = self.humans[0] if len(self.humans) == 1 else PUBLIC
        self.clear()
        observation = state.observation(viewer)
        shown = self.name(viewer) if viewer != PUBLIC else "everyone"
        status = self.screen.status(observation, viewer)
        self.say(f"== {self.game.title} | the end, as {shown} sees it"
                 f"{' | ' + status if status else ''} ".ljust(self.width, "="))
        self.show_sections(observation, viewer)
        played = self.forced.pop(viewer, [])
        if played:
            self.say()
            self.say_lines(wrap("Played for you, as your only choice: " + _counted(played)
                                + ".", self.width, ""))
        log = state.log(viewer)
        since = log[self.seen.get(viewer, 0):] if viewer != PUBLIC else log[-RECENT:]
        if since:
            self.say()
            self.say("The last of the log:")
            for entry in since[-RECENT:]:
                self.say_lines(wrap(str(entry.get("text", "")), self.width, "  "))
        self.say()
        outcome = state.outcome
        if outcome is not None:
            self.say_lines(wrap("The game is over. " + self.game.outcome_sentence(outcome),
                                self.width, ""))


# -- a turn's screen --------------------------------------------------------------------------

def section_lines(screen: TextScreen, observation: Mapping[str, Any], viewer: str) -> list[str]:
    """The screen's sections, each after a blank line and its title."""
    lines: list[str] = []
    for title, body in screen.sections(observation, viewer):
        if body:
            lines += ["", title, *body]
    return lines


def draw_turn(game: Game, screen: TextScreen, state: GameState, seat: str, *,
              since: int = 0, played: Sequence[str] = ()) -> tuple[list[str], Menu]:
    """The screen of ``seat``'s turn, and its menu: the header, the game's sections, what
    was played for the seat (``played``), the seat's log from entry ``since`` on, then the
    prompt and the numbered choices (last, so that they are in view). Drawn from the
    contract alone, so two states ``seat`` cannot tell apart draw the same screen."""
    width = screen.width
    observation = state.observation(seat)
    status = screen.status(observation, seat)
    head = f"== {game.title} | {game.seat_name(seat)}" + (f" | {status}" if status else "")
    lines = [f"{head} ".ljust(width, "=")]
    lines += section_lines(screen, observation, seat)
    lines.append("")
    if played:
        lines += wrap("Played for you, as your only choice: " + _counted(played) + ".", width,
                      "")
    new = state.log(seat)[since:]
    if not new:
        lines.append("Since your last turn: nothing new.")
    else:
        lines.append("Since your last turn:")
        if len(new) > RECENT:
            lines.append(f"  ({_entries(len(new) - RECENT)} earlier: type log to read them)")
        for entry in new[-RECENT:]:
            lines += wrap(str(entry.get("text", "")), width, "  ")
    legal = state.legal_actions(seat)
    if not legal:
        raise GothicError(f"{game.name}: {seat} is asked to act but has no legal actions")
    menu = Menu([(a, label, screen.group(a.to_json(), label, observation, seat))
                 for a in legal for label in (state.describe_action(seat, a),)], width)
    lines += ["", *wrap(state.prompt(seat), width, ""), "Your choices:", *menu.lines, HINT]
    return lines, menu


def _counted(labels: Sequence[str]) -> str:
    """"play no Event Card (x3), keep these Weapon Chits": each label once, counted."""
    return ", ".join(f"{label} (x{n})" if n > 1 else label
                     for label, n in Counter(labels).items())


def screen_text(state: GameState, seat: str, *, since: int = 0,
                width: int = DEFAULT_WIDTH) -> str:
    """The whole screen ``gothic play`` shows ``seat`` now (``since``: the first log entry
    it lists), as one string: for a library user's own front end, and for tests that two
    states ``seat`` cannot tell apart look the same to it."""
    screen = state.game.text_screen()
    screen.width = width
    if state.is_over or seat not in state.current_seats():
        observation = state.observation(seat)
        lines = [*wrap(state.prompt(seat), width, ""),
                 *section_lines(screen, observation, seat)]
        lines += [str(e.get("text", "")) for e in state.log(seat)[since:]]
        return "\n".join(lines)
    return "\n".join(draw_turn(state.game, screen, state, seat, since=since)[0])


# -- loading ----------------------------------------------------------------------------------

def bots_for(game: Game, state: GameState, seed: int, kind: str) -> dict[str, Agent]:
    """The bots of every seat: the game's own (``default``) or random play (``random``)."""
    from .agents import seat_agents

    return seat_agents(game, state, seed, kind)


#: The key of a ``save FILE`` position that names the seats people played. It comes
#: first, before the snapshot's own keys, and ``game.from_json`` ignores it, so the file
#: stays a state snapshot that anything reading snapshots can load.
PEOPLE_KEY = "played_by_people"


def saved_position(state: GameState, humans: Sequence[str]) -> str:
    """What ``save FILE`` writes: ``state.to_json()`` with the seats people play."""
    snapshot = state.to_json()
    return "{" + json.dumps(PEOPLE_KEY) + ":" + json.dumps(list(humans)) + "," + snapshot[1:]


def saved_people(state: GameState, data: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The seats people played when a position was saved (None if the file does not say:
    a snapshot from ``state.to_json()`` or an older save). ValueError if it names no seat
    of the game, or a seat twice."""
    if PEOPLE_KEY not in data:
        return None
    seats = data[PEOPLE_KEY]
    if not isinstance(seats, list) or not seats or \
            not all(isinstance(s, str) and s in state.seats for s in seats) or \
            len(set(seats)) != len(seats):
        raise ValueError(f"{PEOPLE_KEY} must list seats of {state.game.name} "
                         f"({', '.join(state.seats)}), not {json.dumps(seats)}")
    return tuple(s for s in state.seats if s in seats)


def people(state: GameState, asked: Sequence[str]) -> tuple[str, ...]:
    """The seats people play, from ``--seat`` values (``a,b`` or ``all`` allowed): in seat
    order; the first seat if none is asked for. ValueError names a seat that does not play,
    an empty name (``--seat ''``, ``a,,b``), and ``all`` given with other seats."""
    seats = ", ".join(state.seats)
    named: list[str] = []
    for text in asked:
        parts = [part.strip() for part in text.split(",")]
        if "" in parts:
            raise ValueError(f"--seat {text!r} holds an empty seat name; the seats are "
                             f"{seats} (or all)")
        named.extend(parts)
    if not named:
        return state.seats[:1]
    if "all" in named:
        if len(named) > 1:
            raise ValueError("--seat all already means every seat: give it alone, or name "
                             f"the seats ({seats})")
        return state.seats
    unknown = [s for s in named if s not in state.seats]
    if unknown:
        raise ValueError(f"no seat called {unknown[0]!r} plays this game; its seats are "
                         f"{seats} (or all)")
    return tuple(s for s in state.seats if s in named)


__all__ = ["COMMANDS", "HELP", "PEOPLE_KEY", "RECENT", "UNDO_TRIES", "Choice", "Command", "Menu",
           "Session", "bots_for", "draw_turn", "people", "register_command",
           "saved_people", "saved_position", "screen_text", "section_lines"]
