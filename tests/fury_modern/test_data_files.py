"""A user's own data (options ``map_file`` and ``data_dir``): every slip is a BadOption naming
the file, the entry and the field, refused when the game is set up (docs/fury_modern.md,
"Supplying your own data")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gothic_kernel import BadOption

from .helpers import GAME

PACKAGED = Path(__file__).parents[2] / "fury_modern" / "data"


def packaged(name: str) -> str:
    return (PACKAGED / name).read_text(encoding="utf-8")


def refused(*fragments: str, **options: str) -> str:
    """Set up a game with ``options``; the BadOption's message, which holds ``fragments``."""
    with pytest.raises(BadOption) as err:
        GAME.new_game(seed=1, **options)
    message = str(err.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def edited(folder: Path, name: str, old: str, new: str, count: int = 1) -> Path:
    """``folder`` holding the packaged ``name`` with ``old`` replaced by ``new``."""
    text = packaged(name)
    assert old in text, old
    (folder / name).write_text(text.replace(old, new, count), encoding="utf-8")
    return folder


# -- data_dir ----------------------------------------------------------------------------------

def test_a_folder_that_is_not_there_is_refused(tmp_path: Path) -> None:
    refused("data_dir", "there is no folder", data_dir=str(tmp_path / "nowhere"))


def test_a_file_given_instead_of_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "items.toml").write_text(packaged("items.toml"))
    refused("is a file, not a folder", data_dir=str(tmp_path / "items.toml"))


def test_a_folder_without_any_data_file_is_refused(tmp_path: Path) -> None:
    refused("holds none of the data files", "characters.toml", data_dir=str(tmp_path))


def test_a_misspelt_data_file_is_refused_not_ignored(tmp_path: Path) -> None:
    (tmp_path / "item.toml").write_text(packaged("items.toml"))
    refused(str(tmp_path / "item.toml"), "not a data file", data_dir=str(tmp_path))


def test_a_folder_with_some_files_plays_the_packaged_ones_for_the_rest(tmp_path: Path) -> None:
    edited(tmp_path, "characters.toml", "health = 11", "health = 12")
    state = GAME.new_game(seed=1, data_dir=str(tmp_path))
    assert state.rules.hunters["godalming"].health == 12  # type: ignore[attr-defined]
    assert len(state.rules.items) == 12  # type: ignore[attr-defined]


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tickets.toml").write_text("[[ticket]\nid = ")
    refused("tickets.toml", "is not valid TOML", data_dir=str(tmp_path))


@pytest.mark.parametrize(("name", "old", "new", "fragments"), [
    ("characters.toml", "health = 11", "", ("characters.toml", "[[hunter]] 'godalming'",
                                            "lacks the field 'health'")),
    ("characters.toml", "health = 11", 'health = "eleven"',
     ("characters.toml", "'godalming'", "field 'health' must be a whole number")),
    ("characters.toml", "health = 11", "health = 0",
     ("'godalming'", "field 'health' must be at least 1")),
    ("characters.toml", "health = 15", "health = 0",  # Dracula's
     ("characters.toml", "[dracula]", "field 'health' must be at least 1")),
    ("characters.toml", 'id = "seward"', 'id = "sewart"',
     ("characters.toml", "the hunters must be godalming, seward, van_helsing, mina")),
    ("characters.toml", 'id = "pride"', 'id = "vanity"',
     ("characters.toml", "[dracula]", "lacks the ability 'pride'")),
    ("combat.toml", 'icon = "claws"', 'icon = "talons"',
     ("combat.toml", "[[dracula_card]] 'claws'", "unknown icon 'talons'")),
    ("combat.toml", 'id = "claws"', 'id = "bite"',
     ("engine has no effect for", "bite")),
    ("combat.toml", 'id = "punch"', 'id = "jab"',
     ("combat.toml needs the hunter cards", "punch")),
    ("items.toml", "count = 4", "count = -1", ("items.toml", "field 'count' must be at least 0")),
    ("encounters.toml", "ambush = true", "ambush = 1",
     ("encounters.toml", "field 'ambush' must be true or false, not 1")),
    ("encounters.toml", 'id = "rats"', 'id = "mice"', ("engine has no effect for", "mice")),
    ("events.toml", "kept = true", 'kept = "yes"', ("events.toml", "field 'kept'")),
    ("powers.toml", "night_only = ", "nightonly = ", ("powers.toml", "lacks the field "
                                                      "'night_only'")),
    ("tickets.toml", "held_at_most = 2", "held_at_most = 0",
     ("tickets.toml", "[tickets]", "'held_at_most' must be at least 1")),
    ("tracks.toml", 'event = "fangs_against_mesmerized_hunter"', 'event = "fangs_at_night"',
     ("tracks.toml", "lacks the [[influence_change]] 'fangs_against_mesmerized_hunter'")),
])
def test_a_slip_in_a_data_file_names_the_file_the_entry_and_the_field(
        tmp_path: Path, name: str, old: str, new: str, fragments: tuple[str, ...]) -> None:
    refused(*fragments, data_dir=str(edited(tmp_path, name, old, new)))


# -- map_file ----------------------------------------------------------------------------------

def map_with(tmp_path: Path, old: str, new: str, count: int = 1) -> str:
    return str(edited(tmp_path, "map.toml", old, new, count) / "map.toml")


def test_a_map_file_that_is_not_there_is_refused(tmp_path: Path) -> None:
    refused("cannot read map file", "nowhere.toml", map_file=str(tmp_path / "nowhere.toml"))


def test_a_road_to_a_place_not_on_the_map_is_refused(tmp_path: Path) -> None:
    refused("map file", "'granadaa'", "not on the map",
            map_file=map_with(tmp_path, 'b = "granada"', 'b = "granadaa"'))


def test_a_railway_without_its_colour_is_refused(tmp_path: Path) -> None:
    text = packaged("map.toml")
    colour = re.search(r'\ncolor = "(white|yellow)"', text)
    assert colour is not None
    refused("map file", "needs a color, white or yellow",
            map_file=map_with(tmp_path, colour.group(0), ""))


def test_a_hospital_link_must_lead_one_way_to_its_city(tmp_path: Path) -> None:
    refused("map file", "hospital madrid_hospital-madrid must lead one way",
            map_file=map_with(tmp_path, "\none_way = true", "\none_way = false"))


def test_a_place_without_a_region_is_refused(tmp_path: Path) -> None:
    refused("map file", "place 1 lacks region",
            map_file=map_with(tmp_path, 'region = "east"\n', ""))


def test_a_map_file_in_the_data_folder_is_the_games_map(tmp_path: Path) -> None:
    edited(tmp_path, "map.toml", 'b = "granada"', 'b = "granadaa"')
    refused("'granadaa'", data_dir=str(tmp_path))


@pytest.mark.parametrize("name", ["map.toml", "events.toml", "tracks.toml"])
def test_a_data_file_of_another_format_is_refused(tmp_path: Path, name: str) -> None:
    """A map saying ``format = 99`` was read as if it were format 1 (trial s26 F7)."""
    folder = edited(tmp_path, name, "format = 1", "format = 99")
    wanted = ("its format (field 'format') is 99; this version reads format 1", name)
    if name == "map.toml":
        refused(*wanted, map_file=str(folder / name))
    refused(*wanted, data_dir=str(folder))



# -- values the engine reads from the files ----------------------------------------------------

def _item_damage(text: str, item: str, damage: int) -> str:
    """items.toml ``text`` with ``item``'s damage set to ``damage``."""
    head, sep, rest = text.partition(f'id = "{item}"\n')
    assert sep, item
    before, line, after = rest.partition("\ndamage = ")
    return head + sep + before + line + str(damage) + after[after.index("\n"):]


def test_item_damages_and_vampire_lair_are_read_from_the_data_files(tmp_path: Path) -> None:
    """A user's items.toml and tracks.toml change what Garlic, Heavenly Host, Garlic Wreath,
    Holy Bullets and Vampire Lair do (docs/fury_modern.md, "Supplying your own data")."""
    import attrs

    from fury_modern.actions import NO_CARD, ChooseCombatCard, PlayCard
    from fury_modern.combat import Fight, start_fight
    from fury_modern.round import HunterTurns

    from .helpers import act, started

    text = packaged("items.toml")
    for item, damage in (("garlic", 3), ("heavenly_host", 5), ("garlic_wreath", 6),
                         ("holy_bullets", 1)):
        text = _item_damage(text, item, damage)
    (tmp_path / "items.toml").write_text(text, encoding="utf-8")
    edited(tmp_path, "tracks.toml", 'event = "vampire_lair_event"\namount = -2',
           'event = "vampire_lair_event"\namount = -1')
    state = started(seed=5, dracula="munich", data_dir=str(tmp_path))
    items = state.rules.items
    assert (items["garlic_wreath"].damage, items["holy_bullets"].damage) == (6, 1)
    mina = state.hunters["mina"]
    mina.location = "munich"
    for item in ("heavenly_host", "garlic"):
        state.item_deck.take(item)
        mina.items.append(item)
    start_fight(state, ("mina",), "munich", night=False)
    if state.stack[-1].KIND == "card_window":
        act(state, "mina", NO_CARD)
    fight = state.stack[-1]
    assert isinstance(fight, Fight)
    state.combat_deck.cards += list(fight.hand)
    for card in ("claws", "claws"):
        state.combat_deck.cards.remove(card)
    state.stack[-1] = attrs.evolve(fight, hand=("claws", "claws"))
    state.invalidate()
    act(state, "mina", ChooseCombatCard("garlic"))  # Garlic against Claws: 3
    act(state, "dracula", ChooseCombatCard("claws"))
    assert state.dracula.damage == 3
    act(state, "mina", ChooseCombatCard("heavenly_host"))  # not Fangs: 5
    act(state, "dracula", ChooseCombatCard("claws"))
    assert state.dracula.damage == 3 + 5
    state.stack[:] = [HunterTurns(night=False)]
    state.influence = 5
    state.item_deck.take("stake")
    state.hunters["godalming"].items.append("stake")
    state.event_deck.take("vampire_lair")
    state.hunters["godalming"].events.append("vampire_lair")
    state.invalidate()
    act(state, "godalming", PlayCard("vampire_lair"))
    assert state.influence == 4
