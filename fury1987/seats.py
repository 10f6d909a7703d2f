"""The seats at the table, the fighters beside them, and who sees what.

Dracula plays alone behind his screen; the three Hunters play in the order Lord
Godalming, Dr Seward, Van Helsing (Sequence of Play). Jonathan Harker is no seat: when
his Event Card finds Dracula, the Hunter who drew him fights for him (Reference 4).

    >>> SEATS
    ('dracula', 'godalming', 'seward', 'van_helsing')
    >>> HUNTERS_SCOPE.visible_to("seward"), HUNTERS_SCOPE.visible_to("dracula")
    (True, False)
"""

from __future__ import annotations

from gothic_kernel import Scope

DRACULA = "dracula"
HUNTERS: tuple[str, ...] = ("godalming", "seward", "van_helsing")
SEATS: tuple[str, ...] = (DRACULA, *HUNTERS)
HUNTER_NAMES = {"godalming": "Lord Godalming", "seward": "Dr Seward",
                "van_helsing": "Van Helsing"}
#: Reference 4 - Jonathan Harker: a fighter on the Hunters' side, played by a Hunter.
HARKER = "harker"
#: What the Hunters share: "Weapon Chits can be shown to the other Hunter players", and
#: Event Cards "other Hunters can be shown them".
HUNTERS_SCOPE = Scope.side("hunters", HUNTERS)
#: Everything behind the SM Screen.
DRACULA_SCOPE = Scope.seat(DRACULA)
