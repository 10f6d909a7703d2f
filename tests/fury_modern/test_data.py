"""The data files of fury_modern against each other and against the supplement.

The files are read with tomllib alone (no engine). Tests named after a section of the
supplement (shared/rulebooks/fury_of_dracula_modern.txt) check what that section says
about the map, the cards, the characters and the tracks; the others check the files'
structure: provenance, vocabularies, the graph, the counts.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "fury_modern" / "data"
FILES = ("map", "vocabulary", "items", "events", "encounters", "combat", "powers", "tickets",
         "characters", "tracks")


def _load(name: str) -> dict[str, Any]:
    with open(DATA / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)


D = {name: _load(name) for name in FILES}
MAP, VOCAB = D["map"], D["vocabulary"]
ITEMS, EVENTS, ENCOUNTERS = D["items"]["item"], D["events"]["event"], D["encounters"]["encounter"]
DRACULA_CARDS, HUNTER_CARDS = D["combat"]["dracula_card"], D["combat"]["hunter_card"]
POWERS, TICKETS = D["powers"]["power"], D["tickets"]["ticket"]
HUNTERS, DRACULA = D["characters"]["hunter"], D["characters"]["dracula"]
TRACKS = D["tracks"]

PLACES = {p["id"]: p for p in MAP["place"]}
BOARD = {i: p for i, p in PLACES.items() if p["kind"] != "hospital"}
HOSPITALS = {i: p for i, p in PLACES.items() if p["kind"] == "hospital"}
LINKS = MAP["connection"]
PROVENANCES = set(VOCAB["provenance"])

# The supplement's section headings, as the `source` fields cite them.
SECTIONS = (
    "Dawn And Dusk", "Event and Item Cards", "Event Cards", "Item Cards", "What Are Hand Limits",
    "Table Talk", "Ticket Tokens", "Maturing Encounters", "Maturing", "Vampire Encounters",
    "Finding The Trail", "Ambushing", "Search Action", "Revealing Dracula", "Combat",
    "Multiple Hunters in Combat", "Damage", "Bitten Hunters", "Combat Example",
    "Fighting Vampires", "Event And Encounter Tokens", "Special Locations",
)


def by_id(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in entries}


def entries() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every data entry with a provenance: (file, table, entry), nested ones included."""
    def walk(file: str, key: str, value: Any) -> Iterator[tuple[str, str, dict[str, Any]]]:
        if isinstance(value, dict):
            yield file, key, value
            for k, v in value.items():
                if isinstance(v, list) and v and isinstance(v[0], dict):
                    yield from walk(file, f"{key}.{k}", v)
        elif isinstance(value, list):
            for item in value:
                yield from walk(file, key, item)

    for file, data in D.items():
        if file == "vocabulary":
            continue
        for key, value in data.items():
            if key != "aliases" and isinstance(value, dict | list):
                yield from walk(file, key, value)


def links(kind: str) -> list[tuple[str, str]]:
    return [(c["a"], c["b"]) for c in LINKS if c["kind"] == kind]


def graph(*kinds: str) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(BOARD)
    g.add_edges_from(edge for kind in kinds for edge in links(kind))
    return g


def road_distances() -> dict[str, dict[str, int]]:
    roads = graph("road")
    return {h["attached_to"]: nx.single_source_shortest_path_length(roads, h["attached_to"])
            for h in HOSPITALS.values()}


def total(cards: list[dict[str, Any]]) -> int:
    return sum(c["count"] for c in cards)


# == structure: provenance, vocabularies, ids ============================================

def test_every_file_declares_format_1() -> None:
    for name, data in D.items():
        assert data["format"] == 1, name


def test_every_entry_has_a_provenance_and_a_source() -> None:
    seen = 0
    for file, key, entry in entries():
        assert entry.get("provenance") in PROVENANCES, (file, key, entry.get("id"))
        assert isinstance(entry.get("source"), str) and entry["source"].strip(), (file, key)
        if "flags_provenance" in entry:
            assert entry["flags_provenance"] in PROVENANCES and entry["flags_source"]
        if "color" in entry:
            assert entry["color_provenance"] in PROVENANCES and entry["color_source"]
        seen += 1
    assert seen > 400


def test_derived_and_reconstructed_lists_name_fields_of_their_entry() -> None:
    for file, key, entry in entries():
        for listed in ("derived", "reconstructed"):
            for field in entry.get(listed, []):
                assert field in entry, (file, key, entry.get("id"), field)
        assert not set(entry.get("derived", [])) & set(entry.get("reconstructed", []))


def test_alternatives_change_fields_of_their_entry_and_cite_a_source() -> None:
    count = 0
    for file, key, entry in entries():
        alternative = entry.get("alternative")
        if alternative is None:
            continue
        assert alternative["source"], (file, key)
        changed = set(alternative) - {"source"}
        assert changed and changed <= set(entry), (file, key, entry.get("id"), changed)
        assert any(alternative[f] != entry[f] for f in changed)
        count += 1
    assert count >= 15


def test_rulebook_and_derived_entries_cite_a_section_of_the_supplement() -> None:
    for file, key, entry in entries():
        if entry["provenance"] in ("rulebook", "derived"):
            section = re.split(r" \(|;|,|:| - ", entry["source"])[0].strip()
            assert section in SECTIONS, (file, key, entry.get("id"), section)


def test_the_section_names_are_headings_of_the_supplement() -> None:
    for parent in ROOT.parents:
        supplement = parent / "shared" / "rulebooks" / "fury_of_dracula_modern.txt"
        if supplement.exists():
            break
    else:
        pytest.skip("the supplement is not beside this checkout")
    lines = {line.strip().lower() for line in supplement.read_text(encoding="utf-8").splitlines()}
    for section in SECTIONS:
        assert section.lower() in lines, section


def test_ids_are_unique_snake_case() -> None:
    groups = {"place": list(PLACES), "item": [c["id"] for c in ITEMS],
              "event": [c["id"] for c in EVENTS], "encounter": [c["id"] for c in ENCOUNTERS],
              "combat": [c["id"] for c in DRACULA_CARDS + HUNTER_CARDS],
              "power": [c["id"] for c in POWERS], "ticket": [c["id"] for c in TICKETS],
              "character": [h["id"] for h in HUNTERS] + [DRACULA["id"]],
              "token": [t["id"] for t in TRACKS["token"]]}
    assert len(MAP["place"]) == len(PLACES)
    for group, ids in groups.items():
        assert len(ids) == len(set(ids)), group
        for i in ids:
            assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", i), (group, i)


def test_cards_use_only_the_vocabulary() -> None:
    timings, icons = set(VOCAB["timing"]), set(VOCAB["icons"])
    owners, decks, banners = set(VOCAB["owners"]), set(VOCAB["decks"]), set(VOCAB["banners"])
    cards = ITEMS + EVENTS + ENCOUNTERS + DRACULA_CARDS + HUNTER_CARDS + POWERS
    for card in cards:
        assert card["timing"] and set(card["timing"]) <= timings, card["id"]
        assert card["owner"] in owners and card["deck"] in decks, card["id"]
        assert set(card.get("icons", [])) <= icons, card["id"]
        assert card.get("banner", "none") in banners, card["id"]
        if "ally_timing" in card:
            assert card["ally_timing"] in timings
    for card in DRACULA_CARDS:
        assert card["icon"] in icons


def test_the_seats_are_the_characters() -> None:
    seats = {h["id"] for h in HUNTERS}
    assert seats == set(VOCAB["owners"]) - {"hunters", "dracula"}
    assert D["characters"]["start"]["hunter_order"] == sorted(seats, key=lambda s: next(
        h["turn_order"] for h in HUNTERS if h["id"] == s))


# == the counts the components give ====================================================

def test_card_and_token_counts() -> None:
    assert total(ITEMS) == D["items"]["deck"]["total"] == 38
    backs: Counter[str] = Counter()
    for card in EVENTS:
        backs[card["back"]] += card["count"]
    assert backs == {"hunter": 50, "dracula": 25}
    assert D["events"]["deck"]["total"] == 75
    assert total(ENCOUNTERS) == D["encounters"]["deck"]["total"] == 28
    assert total(DRACULA_CARDS) == D["combat"]["dracula_deck"]["total"] == 13
    assert {c["id"] for c in HUNTER_CARDS} == {"punch", "dodge", "escape"}
    for card in HUNTER_CARDS:
        assert card["count"] == card["per_hunter"] * len(HUNTERS) == 4
    assert total(HUNTER_CARDS) == D["combat"]["hunter_piles"]["total"] == 12
    assert len(POWERS) == total(POWERS) == D["powers"]["powers"]["total"] == 5
    assert total(TICKETS) == D["tickets"]["tickets"]["total"] == 16
    supply = {t["id"]: t["supply"] for t in TRACKS["token"]}
    assert supply == {"damage": 31, "bite": 4, "despair": 3, "ticket": 16, "bats": 2,
                      "consecrated_ground": 1, "heavenly_host": 3, "fog": 4, "roadblock": 8,
                      "storm": 6, "rumour": 4}


def test_every_power_states_its_cost() -> None:
    costs = {p["id"]: p["cost"] for p in POWERS}
    assert costs == {"dark_call": 2, "feed": -1, "hide": 0, "misdirect": 0, "wolf_form": 1}
    for alternative in D["powers"]["alternative_power"]:
        assert alternative["replaces"] in costs and alternative["id"] not in costs


def test_the_bite_tokens_match_the_bite_spaces() -> None:
    assert sum(h["bite_spaces"] for h in HUNTERS) == 4 == next(
        t["supply"] for t in TRACKS["token"] if t["id"] == "bite")


# == the map: structure ==================================================================

def test_the_modern_map_has_70_places_and_the_DP_connections() -> None:
    assert len(BOARD) == 70
    assert Counter(p["kind"] for p in BOARD.values() if p["kind"] == "sea") == {"sea": 10}
    assert "st_joseph_and_st_marys" not in PLACES
    assert Counter(c["kind"] for c in LINKS) == {"road": 111, "rail": 48, "sea": 40, "hospital": 3}
    assert Counter(c["color"] for c in LINKS if c["kind"] == "rail") == {"white": 27, "yellow": 21}
    assert MAP["location_deck"]["count"] == len(BOARD)


def test_every_connection_joins_two_known_places_once() -> None:
    pairs: Counter[tuple[str, frozenset[str]]] = Counter()
    for c in LINKS:
        assert c["a"] in PLACES and c["b"] in PLACES and c["a"] != c["b"], c
        pairs[c["kind"], frozenset((c["a"], c["b"]))] += 1
    assert max(pairs.values()) == 1


def test_links_are_symmetric_as_an_undirected_graph() -> None:
    for kind in ("road", "rail", "sea"):
        listed = links(kind)
        assert all(a < b for a, b in listed), kind  # each pair written once, in order
        undirected = nx.Graph(listed)
        assert undirected.number_of_edges() == len(listed), kind  # no pair listed twice
        both_ways = nx.DiGraph(listed)
        both_ways.add_edges_from((b, a) for a, b in listed)
        assert both_ways.to_undirected(reciprocal=True).number_of_edges() == len(listed)
        for a in undirected:
            for b in undirected[a]:
                assert a in undirected[b], (kind, a, b)


def test_sea_links_join_a_sea_and_a_port_or_two_seas() -> None:
    for a, b in links("sea"):
        kinds = {PLACES[a]["kind"], PLACES[b]["kind"]}
        assert "sea" in kinds and "hospital" not in kinds, (a, b)
        for place in (a, b):
            assert PLACES[place]["kind"] == "sea" or PLACES[place]["port"], (a, b)
    sea = graph("sea")
    for place in BOARD.values():
        if place["kind"] != "sea":
            assert place["port"] == any(PLACES[n]["kind"] == "sea" for n in sea[place["id"]])
    assert sum(p["port"] for p in BOARD.values()) == 29


def test_roads_and_rails_join_land_places_and_rails_carry_a_colour() -> None:
    for c in LINKS:
        if c["kind"] in ("road", "rail"):
            assert PLACES[c["a"]]["kind"] in ("small", "large", "castle"), c
            assert PLACES[c["b"]]["kind"] in ("small", "large", "castle"), c
        assert ("color" in c) == (c["kind"] == "rail"), c
        if c["kind"] == "rail":
            assert c["color"] in ("white", "yellow")


def test_places_have_consistent_flags() -> None:
    for place in PLACES.values():
        assert place["region"] in ("east", "west")
        assert place["east"] == (place["region"] == "east"), place["id"]
        assert place["kind"] in ("small", "large", "castle", "sea", "hospital")
    assert sum(p["kind"] == "large" for p in BOARD.values()) == 30
    assert sum(p["region"] == "east" and p["kind"] != "sea" for p in BOARD.values()) == 25
    assert {p["id"] for p in BOARD.values() if p["british"]} == {
        "dublin", "edinburgh", "galway", "liverpool", "london", "manchester", "plymouth",
        "swansea"}


def test_castle_dracula_is_reached_only_from_klausenburg_and_galatz() -> None:
    assert set(graph("road", "rail", "sea")["castle_dracula"]) == {"klausenburg", "galatz"}


def test_aliases_keep_the_fury1987_ids() -> None:
    aliases = MAP["aliases"]
    assert set(aliases.values()) <= set(PLACES) and not set(aliases) & set(PLACES)
    with open(ROOT / "fury1987" / "data" / "map.toml", "rb") as handle:
        old = tomllib.load(handle)
    old_ids = {p["id"] for p in old["place"]} - {"st_joseph_and_st_marys"}
    assert {aliases.get(i, i) for i in old_ids} == set(BOARD)


def test_the_older_board_reading_is_one_switch_away() -> None:
    current = {(c["kind"], frozenset((c["a"], c["b"]))) for c in LINKS}
    changed = set(current)
    for alt in MAP["connection_alternative"]:
        key = (alt["kind"], frozenset((alt["a"], alt["b"])))
        assert (key in current) == (alt["change"] == "remove"), alt
        if alt["change"] == "add":
            changed.add(key)
            assert alt["kind"] != "rail" or alt["color"] in ("white", "yellow")
        else:
            changed.remove(key)
    assert Counter(kind for kind, _ in changed) == {"road": 111, "rail": 43, "sea": 40,
                                                    "hospital": 3}


# == the supplement, section by section ================================================

def test_dawn_and_dusk_time_track_has_a_day_and_a_night_space_per_weekday() -> None:
    time = TRACKS["time"]
    assert len(time["weekdays"]) * len(time["spaces_per_day"]) == 14
    assert time["weekdays"][-1] == "sunday" and time["weekdays"][0] == "monday"
    assert (time["dawn"], time["dusk"]) == ("night_to_day", "day_to_night")


def test_dawn_and_dusk_a_despair_token_each_week_three_in_all() -> None:
    despair = TRACKS["despair"]
    assert despair["tokens"] == despair["slots"] == 3
    assert despair["placed_when"] == "week_passes"
    assert TRACKS["time"]["week_passes"] == "sunday night to monday day"
    rage = by_id(DRACULA["ability"])["rage"]
    assert rage["plus_despair_tokens"]
    fury = by_id(DRACULA["ability"])["the_fury_of_dracula"]
    assert fury["trigger"] == "all three despair tokens placed"


def test_event_cards_some_are_played_at_once_and_others_kept() -> None:
    kept = Counter(card["kept"] for card in EVENTS)
    assert kept[True] and kept[False]
    for card in EVENTS:
        if not card["kept"]:
            assert card["timing"] == ["immediately"], card["id"]


def test_event_cards_with_several_effects_and_allies_on_both_sides() -> None:
    allies = [card for card in EVENTS if card["ally"]]
    assert {card["back"] for card in allies} == {"hunter", "dracula"}
    for card in allies:
        assert "ally" in card["modes"] and len(card["modes"]) >= 2, card["id"]
        assert card["ally_timing"]
    for card in EVENTS:
        assert bool(card["ally"]) == ("ally" in card.get("modes", [])), card["id"]
        assert card["back"] == ("dracula" if card["owner"] == "dracula" else "hunter")
    rules = D["events"]["allies"]
    assert rules["hunter_allies_in_play"] == rules["dracula_allies_in_play"] == 1
    assert rules["replaced_ally_goes_to"] == "discard_face_up"


def test_item_cards_most_are_combat_cards_with_a_banner() -> None:
    with_banner = sum(card["count"] for card in ITEMS if card["banner"] != "none")
    assert with_banner > total(ITEMS) / 2
    for card in ITEMS:
        assert card["deck"] == "item" and card["owner"] == "hunters"
        assert card["banner"] in ("red", "none")
        assert (card["banner"] == "red") == ("combat_card" in card["timing"]), card["id"]
        assert bool(card["icons"]) == (card["banner"] == "red"), card["id"]


def test_what_are_hand_limits() -> None:
    threes = [h for h in HUNTERS if (h["item_limit"], h["event_limit"]) == (3, 3)]
    assert len(threes) > len(HUNTERS) / 2
    assert DRACULA["event_limit"] == 4


def test_ticket_tokens_white_and_yellow_values() -> None:
    rules = D["tickets"]["tickets"]
    assert (rules["white_only_uses"], rules["any_yellow_uses"]) == ("white", "yellow")
    assert rules["spent_tokens_return"] == "face_down_to_pool"
    for ticket in TICKETS:
        assert ticket["white"] >= 1 and ticket["yellow"] >= 0
    assert any(t["yellow"] == 0 for t in TICKETS)  # some print no yellow number
    assert any(t["yellow"] > 0 for t in TICKETS)


def test_ticket_tokens_white_yellow_or_a_combination_of_railways() -> None:
    colours: dict[str, set[str]] = {}
    for c in LINKS:
        if c["kind"] == "rail":
            for place in (c["a"], c["b"]):
                colours.setdefault(place, set()).add(c["color"])
    assert any(found == {"white", "yellow"} for found in colours.values())


def test_maturing_encounters_six_trail_spaces() -> None:
    assert TRACKS["trail"]["spaces"] == 6
    for card in ENCOUNTERS:
        assert set(card["clears_trail_spaces"]) <= set(range(1, 7))


def test_maturing_some_encounters_have_a_matured_effect() -> None:
    matures = Counter(bool(card["matured_effect"]) for card in ENCOUNTERS)
    assert matures[True] and matures[False]
    for card in ENCOUNTERS:
        assert ("matured" in card["timing"]) == bool(card["matured_effect"]), card["id"]


def test_maturing_only_a_matured_effect_that_says_so_reveals_the_location() -> None:
    for card in ENCOUNTERS:
        says = card["matured_effect"].startswith("Reveal the location")
        assert card["matured_reveals_location"] == says, card["id"]
    revealing = {card["id"] for card in ENCOUNTERS if card["matured_reveals_location"]}
    assert revealing == {"new_vampire", "aristocratic_vampire", "reckless_vampire",
                         "szgany_mob", "unnatural_fog", "wolves"}


def test_vampire_encounters_are_the_three_named_vampires() -> None:
    named = {card["id"] for card in ENCOUNTERS if "Vampire" in card["name"]}
    assert named == {"new_vampire", "aristocratic_vampire", "reckless_vampire"}
    assert named == {card["id"] for card in ENCOUNTERS if card["vampire"]}
    for card in ENCOUNTERS:
        if card["vampire"]:
            assert card["influence_on_mature"] > 0 and card["clears_trail_spaces"]
        else:
            assert card["influence_on_mature"] == 0 and not card["clears_trail_spaces"]


def test_ambushing_dracula_may_ambush_with_encounters() -> None:
    assert any(card["ambush"] for card in ENCOUNTERS)
    for card in ENCOUNTERS:
        assert ("ambush" in card["timing"]) == card["ambush"], card["id"]
        assert "search" in card["timing"]


def test_revealing_dracula_sea_zones_have_location_cards() -> None:
    deck = MAP["location_deck"]
    assert deck["excludes_kinds"] == ["hospital"]
    assert any(p["kind"] == "sea" for p in BOARD.values())


def test_combat_cards_and_hands() -> None:
    rules = D["combat"]["combat"]
    assert rules["dracula_draws_at_start"] == DRACULA["combat_hand"] == 5
    assert rules["dracula_draws_per_round"] == 1
    assert rules["dracula_max_cards_played"] == 6
    assert rules["hunter_cards_per_combat"] == ["dodge", "punch", "escape"]
    assert rules["hunter_cards_count_toward_hand_limit"] is False
    for card in HUNTER_CARDS:
        assert card["banner"] == "yellow" and card["per_hunter"] == 1
    assert {card["id"] for card in DRACULA_CARDS if card["escape"]} == {
        "escape_as_bat", "escape_as_mist"}


def test_combat_each_dracula_card_shows_one_icon_a_banner_can_match() -> None:
    icons = [card["icon"] for card in DRACULA_CARDS]
    assert sorted(icons) == sorted(VOCAB["icons"])  # one card per icon
    for card in DRACULA_CARDS:
        assert card["icon"] == card["id"]
    banners = set().union(*(set(c["icons"]) for c in ITEMS + HUNTER_CARDS))
    assert banners == set(VOCAB["icons"])


def test_combat_ends_when_influence_reaches_13() -> None:
    influence = TRACKS["influence"]
    assert influence["max"] == influence["dracula_wins_at"] == 13
    assert influence["min"] == influence["start"] == 0


def test_damage_every_character_has_a_health_value() -> None:
    for hunter in HUNTERS:
        assert hunter["health"] > 0
    assert DRACULA["health"] > 0


def test_bitten_hunters_mina_and_van_helsing() -> None:
    hunters = by_id(HUNTERS)
    assert hunters["mina"]["bite_spaces"] == 0  # defeated by her first bite
    assert hunters["mina"]["permanently_weakened"]
    assert hunters["van_helsing"]["bite_spaces"] == 2  # defeated by his third
    assert not any(h["permanently_weakened"] for h in HUNTERS if h["id"] != "mina")
    weakened = D["characters"]["weakened"]
    assert (weakened["revealed_items"], weakened["revealed_events"]) == (1, 1)


def test_bitten_hunters_a_defeat_advances_influence_two_plus_despair() -> None:
    change = next(c for c in TRACKS["influence_change"] if c["event"] == "hunter_defeated")
    assert (change["amount"], change["plus_despair_tokens"]) == (2, True)
    rage = by_id(DRACULA["ability"])["rage"]
    assert (rage["influence_per_defeat"], rage["plus_despair_tokens"]) == (2, True)


def _despair_tokens_in_week(week: int) -> int:
    """Despair tokens on the track during ``week``, walking the time track from its start."""
    time = TRACKS["time"]
    spaces = [(d, h) for d in time["weekdays"] for h in time["spaces_per_day"]]
    here = spaces.index((time["start_day"], time["start_half"]))
    tokens, current = 0, 1
    while current < week:
        nxt = (here + 1) % len(spaces)
        if spaces[here] == ("sunday", "night") and spaces[nxt] == ("monday", "day"):
            tokens, current = min(tokens + 1, TRACKS["despair"]["tokens"]), current + 1
        here = nxt
    return tokens


def _first_escape_round(ability: dict[str, Any], despair: int) -> int:
    base: int = ability["escape_needs_cards_played"]
    needed: int = base - ability["fewer_per_despair_token"] * despair
    return max(needed, 0) + 1


def test_combat_example_the_second_week_has_one_despair_token() -> None:
    assert _despair_tokens_in_week(2) == 1


def test_combat_example_pride_lets_dracula_escape_from_round_3() -> None:
    pride = by_id(DRACULA["ability"])["pride"]
    despair = _despair_tokens_in_week(2)
    assert _first_escape_round(pride, despair) == 3
    assert _first_escape_round({**pride, **pride["alternative"]}, despair) == 3


def test_combat_example_round_1_claws_against_punch() -> None:
    claws = by_id(DRACULA_CARDS)["claws"]
    punch = by_id(HUNTER_CARDS)["punch"]
    assert claws["icon"] not in punch["icons"]  # no icon matches: Claws resolves
    assert claws["damage"] + claws["night_extra_damage"] == 4  # at night, Mina alone
    assert punch["damage"] == 1  # Dracula suffers one damage
    assert by_id(HUNTERS)["mina"]["health"] > 4 and DRACULA["health"] > 1  # no one defeated


def test_combat_example_round_2_dodge_cancels_strength() -> None:
    dodge = by_id(HUNTER_CARDS)["dodge"]
    assert by_id(DRACULA_CARDS)["strength"]["icon"] in dodge["icons"]
    assert dodge["damage"] == 0 and not dodge["leaves_combat"]  # Dodge has no effect


def test_combat_example_round_3_an_escape_card_against_the_pistol() -> None:
    pistol = by_id(ITEMS)["pistol"]
    assert pistol["banner"] == "red"
    escapes = [card["icon"] for card in DRACULA_CARDS if card["escape"]]
    assert any(icon not in pistol["icons"] for icon in escapes)


def test_fighting_vampires_health_and_escape_threshold() -> None:
    for card in ENCOUNTERS:
        if card["fight"]:
            assert card["vampire"] and card["health"] > 0, card["id"]
        else:
            assert card["health"] == 0, card["id"]
    assert D["combat"]["combat"]["vampire_escape_needs_cards_in_play"] == 3


def test_event_and_encounter_tokens() -> None:
    tokens = by_id(TRACKS["token"])
    assert tokens["bats"]["placed_on"] == "hunter"
    assert tokens["heavenly_host"]["removed"] == "at dawn"
    assert "dawn" not in tokens["consecrated_ground"]["removed"]
    assert tokens["fog"]["placed_on"] == "city" and "end of each dusk" in tokens["fog"]["removed"]
    assert tokens["roadblock"]["placed_on"] == "road_or_rail"
    assert "dusk" in tokens["roadblock"]["removed"]
    assert tokens["storm"]["placed_on"] == "sea" and "dusk" in tokens["storm"]["removed"]
    for token in ("consecrated_ground", "heavenly_host"):
        assert set(tokens[token]["forbidden_places"]) <= set(BOARD)


def test_special_locations_castle_dracula() -> None:
    assert PLACES["castle_dracula"]["kind"] == "castle"
    assert MAP["location_deck"]["distinct_back"] == ["castle_dracula"]
    assert DRACULA["castle_card_heals"] == 5


def test_special_locations_hospitals_in_madrid_rome_and_budapest() -> None:
    assert {h["attached_to"] for h in HOSPITALS.values()} == {"madrid", "rome", "budapest"}
    for hospital in HOSPITALS.values():
        city = PLACES[hospital["attached_to"]]
        assert city["kind"] in ("small", "large") and city["hospital"] == hospital["id"]
        assert hospital["region"] == city["region"]
    assert {p["id"] for p in PLACES.values() if "hospital" in p} == {"madrid", "rome", "budapest"}


def test_special_locations_hospitals_lead_only_to_their_city() -> None:
    for c in LINKS:
        touches = {PLACES[c["a"]]["kind"], PLACES[c["b"]]["kind"]} & {"hospital"}
        assert bool(touches) == (c["kind"] == "hospital"), c
        if c["kind"] == "hospital":
            assert c["one_way"] and PLACES[c["a"]]["attached_to"] == c["b"]
    assert len(links("hospital")) == len(HOSPITALS)


def test_special_locations_hospitals_nearest_by_roads_with_ties() -> None:
    rule = MAP["hospital_rule"]
    assert (rule["measure"], rule["ties"]) == ("road", "dracula_chooses")
    distances = road_distances()
    ties, unreachable = set(), set()
    for place in BOARD.values():
        if place["kind"] == "sea":
            continue
        found = {h: d[place["id"]] for h, d in distances.items() if place["id"] in d}
        if not found:
            unreachable.add(place["id"])
        elif Counter(found.values())[min(found.values())] > 1:
            ties.add(place["id"])
    assert ties  # the supplement foresees equidistant hospitals
    british = {p["id"] for p in BOARD.values() if p["british"]}
    assert unreachable == british | {"cagliari"}  # where the reconstructed fallback applies
    every = graph("road", "sea")
    for place in unreachable:
        assert any(nx.has_path(every, place, h) for h in distances)


def test_special_locations_what_a_hunter_may_do_there() -> None:
    special = MAP["special_locations"]
    assert set(special["castle_forbidden_actions"]) == {"supply", "reserve_ticket"}
    assert special["hospital_supply_draws"] == "items_only"
    assert special["hospital_moves"] == "to_attached_city_by_day"


def test_damage_a_defeated_hunter_goes_to_hospital_at_dawn_empty_handed() -> None:
    defeat = D["characters"]["defeat"]
    assert (defeat["hunter_goes_to"], defeat["hunter_moved_at"]) == ("nearest_hospital", "dawn")
    assert MAP["hospital_rule"]["placed_at"] == "dawn"
    assert set(defeat["hunter_discards"]) == {"event", "item"}
    assert set(defeat["hunter_returns_tokens"]) == {"damage", "bite", "ticket"}
    assert set(defeat["hunter_returns_tokens"]) <= {t["id"] for t in TRACKS["token"]}


def test_fighting_vampires_dracula_controls_them_and_damage_stays() -> None:
    rules = D["encounters"]["fighting_vampires"]
    assert (rules["controlled_by"], rules["damage_stays"]) == ("dracula", True)
    assert rules["defeated_card"] == "discarded"


def test_item_cards_are_drawn_from_the_top() -> None:
    assert D["items"]["deck"]["draw_from"] == "top"


def test_vampire_encounters_a_cleared_hideout_empties_to_deck_discard_and_pool() -> None:
    cleared = TRACKS["trail"]["cleared_hideout"]
    assert cleared == {"location_cards": "location_deck", "encounters": "discarded",
                       "tokens": "pool"}
    assert TRACKS["trail"]["matured_location_card"] == "location_deck"


def test_every_timing_code_is_used() -> None:
    used: set[str] = set()
    for _, _, entry in entries():
        used |= set(entry.get("timing", []))
        used.add(entry.get("ally_timing", "immediately"))
    assert used == set(VOCAB["timing"])
