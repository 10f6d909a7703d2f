"""gothic_kernel: the small shared kernel under four Dracula board games.

Dice, decks, pools, a turn sequencer, visibility scopes, the game contract,
game discovery, agents and the conformance kit. It knows nothing of any game.

    import gothic_kernel as gk
    game = gk.load_game("vampyre")
    state = game.new_game(seed=7)
"""

from importlib import metadata as _metadata

from .actions import ACTION_FORMAT, Action, ActionCodec
from .agents import (
    Agent,
    AgentFactory,
    GameRecord,
    Observation,
    RandomAgent,
    SearchAgent,
    agent_choice,
    play_game,
    replay,
    seat_agents,
    seat_view,
)
from .decks import Deck, Hand, Reshuffle
from .dice import Dice, ScriptedDice, dice_from_data
from .encoding import GameEncoding, encoding_for
from .errors import (
    BadOption,
    CorruptSave,
    DiceExhausted,
    GameLoadError,
    GothicError,
    IllegalAction,
    NoPicture,
    RuleError,
    UnknownGame,
    UnknownSeat,
)
from .game import (
    LEGAL_ACTIONS,
    MAX_SEED,
    SEQUENCE_OF_PLAY,
    Game,
    GameState,
    Listed,
    LoggedState,
    Option,
    Outcome,
    ResultState,
    actions_json,
    check_seed,
)
from .ismcts import ISMCTSAgent
from .log import Log
from .pools import Pool, pool_of
from .registry import available_games, load_game, register_game, unregister_game
from .seeds import game_seed, game_seeds
from .sequencer import Sequencer, SimultaneousChoice, seats_in_order
from .simulation import GameResult, Simulation, simulate, simulated_games
from .svg import Svg, picture
from .visibility import PUBLIC, LogEntry, Scope, copy_json, event, redact

try:
    __version__ = _metadata.version("gothic-games")
except _metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "ACTION_FORMAT",
    "LEGAL_ACTIONS",
    "MAX_SEED",
    "PUBLIC",
    "SEQUENCE_OF_PLAY",
    "Action",
    "ActionCodec",
    "Agent",
    "AgentFactory",
    "BadOption",
    "CorruptSave",
    "Deck",
    "Dice",
    "DiceExhausted",
    "Game",
    "GameEncoding",
    "GameLoadError",
    "GameRecord",
    "GameResult",
    "GameState",
    "GothicError",
    "Hand",
    "ISMCTSAgent",
    "IllegalAction",
    "Listed",
    "Log",
    "LogEntry",
    "LoggedState",
    "NoPicture",
    "Observation",
    "Option",
    "Outcome",
    "Pool",
    "RandomAgent",
    "Reshuffle",
    "ResultState",
    "RuleError",
    "Scope",
    "ScriptedDice",
    "SearchAgent",
    "Sequencer",
    "Simulation",
    "SimultaneousChoice",
    "Svg",
    "UnknownGame",
    "UnknownSeat",
    "actions_json",
    "agent_choice",
    "available_games",
    "check_seed",
    "copy_json",
    "dice_from_data",
    "encoding_for",
    "event",
    "game_seed",
    "game_seeds",
    "load_game",
    "picture",
    "play_game",
    "pool_of",
    "redact",
    "register_game",
    "replay",
    "seat_agents",
    "seat_view",
    "seats_in_order",
    "simulate",
    "simulated_games",
    "unregister_game",
]
