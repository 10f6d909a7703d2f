"""The errors every game raises, so front ends can catch one family.

Every error a player can provoke says which rule it breaks. The message is
written for the seat that provoked it and must never mention anything that
seat may not know (the conformance kit checks this).
"""

from __future__ import annotations


class GothicError(Exception):
    """Base class of every error raised by the kernel and the games."""


class IllegalAction(GothicError, ValueError):
    """An action the rules do not allow now, or a malformed action.

    ``rule`` names the rule (a rulebook section where there is one);
    the state that rejected the action is left unchanged.
    """

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(f"{message} [rule: {rule}]")
        self.message = message
        self.rule = rule

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal_action, (self.message, self.rule))


def _rebuild_illegal_action(message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, rule=rule)


class BadOption(GothicError, ValueError):
    """An option given to ``new_game`` that the game does not accept."""


class CorruptSave(GothicError, ValueError):
    """A saved state or game record that cannot be read back."""


class UnknownGame(GothicError, LookupError):
    """No game of that name is registered."""


class GameLoadError(GothicError, ImportError):
    """A registered game whose package is missing or broken."""


class DiceExhausted(GothicError, RuntimeError):
    """A :class:`~gothic_kernel.dice.ScriptedDice` was asked for more rolls than scripted."""


class RuleError(GothicError, RuntimeError):
    """A kernel building block used against its own rules (drawing from an empty pile, ...).

    These are programming errors in a game, not a player's illegal move.
    """


class UnknownSeat(IllegalAction, LookupError):
    """A viewer or seat id that is not a seat of this game (nor ``PUBLIC``), from any
    call: ``apply`` too. It is an IllegalAction as well (rule "seats"), so a front end
    catching either one catches it."""

    def __init__(self, message: str, *, rule: str = "seats") -> None:
        super().__init__(message, rule=rule)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_unknown_seat, (self.message, self.rule))


def _rebuild_unknown_seat(message: str, rule: str) -> UnknownSeat:
    return UnknownSeat(message, rule=rule)


class NoPicture(GothicError, NotImplementedError):
    """A picture that cannot be made or written: a game that draws none, an output the
    picture cannot be written to, or a PNG without the optional ``png`` extra."""
