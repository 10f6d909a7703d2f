"""The root of modern Fury's decisions (the kernel's :class:`~gothic_kernel.decisions.Decision`).

Every kind lives in the module of its rule section (``setup``, ``round``, ``hunters``,
``dracula``, ``trail``, ``combat``, ``encounters``) and registers itself here by its
``KIND``, so a save names each decision on the stack by kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action
from gothic_kernel.decisions import Decision

from .wording import describe

if TYPE_CHECKING:
    from .state import ModernState


@attrs.frozen
class ModernDecision(Decision["ModernState"], family=True):
    """A decision (or automatic step) of modern Fury of Dracula."""

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        return describe(state, seat, action)

    def put_away(self, state: ModernState) -> None:
        """The game ended with this decision waiting: the cards it holds go back where they
        belong (so every card stays somewhere exactly once); most hold none."""
