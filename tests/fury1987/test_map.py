"""The map of Europe against every statement the 1987 rulebook makes about it."""

from __future__ import annotations

import tomllib
from collections import Counter
from itertools import pairwise

import networkx as nx
import pytest

from fury1987.board import HOST_FORBIDDEN, MAP_FILE, Board, board_from_data
from fury1987.railways import RailwayStationChart
from gothic_kernel import BadOption

BOARD = Board.load()
RAIL = nx.Graph((c.a, c.b) for c in BOARD.connections if c.kind == "rail")


def sea_voyage_turns(board: Board, start: str, end: str) -> int:
    """Fewest Sea moves from Port ``start`` to Port ``end`` (embark, sail, disembark)."""
    sea_graph = nx.Graph((c.a, c.b) for c in board.connections if c.kind == "sea")
    length: int = nx.shortest_path_length(sea_graph, start, end)
    return length


# -- the whole map ------------------------------------------------------------------------

def test_the_map_has_71_places_and_198_connections() -> None:
    assert len(BOARD.places) == 71
    assert len(BOARD.towns) == 61 and len(BOARD.seas) == 10
    assert Counter(c.kind for c in BOARD.connections) == {"road": 115, "rail": 43, "sea": 40}


def test_every_entry_records_its_provenance() -> None:
    with open(MAP_FILE, "rb") as handle:
        data = tomllib.load(handle)
    for entry in (*data["place"], *data["connection"]):
        assert entry["provenance"] in ("rulebook", "derived", "reconstructed")
        assert entry["source"]
    for place in data["place"]:
        assert place["flags_provenance"] in ("rulebook", "derived", "reconstructed")


def test_the_graph_carries_the_connection_kind_on_each_edge() -> None:
    assert isinstance(BOARD.graph, nx.MultiGraph)
    kinds = {data["kind"] for _, _, data in BOARD.graph.edges(data=True)}
    assert kinds == {"road", "rail", "sea"}
    assert BOARD.connection_kinds("alicante", "madrid") == {"road", "rail"}


def test_a_port_is_a_town_on_a_sea_sector() -> None:
    for town in BOARD.towns:
        assert BOARD.is_port(town) == any(BOARD.is_sea(n) for n in BOARD.sea_neighbours(town))
    assert len(BOARD.ports) == 29
    for sea in BOARD.seas:  # seas join only seas and ports
        assert all(BOARD.is_sea(n) or BOARD.is_port(n) for n in BOARD.sea_neighbours(sea))
        assert not BOARD.road_neighbours(sea) and not BOARD.rail_neighbours(sea)


def test_roads_and_railroads_join_towns_only() -> None:
    for c in BOARD.connections:
        if c.kind in ("road", "rail"):
            assert BOARD.is_town(c.a) and BOARD.is_town(c.b)
        else:
            assert BOARD.is_sea(c.a) or BOARD.is_sea(c.b)


# -- Movement - Road Movement (example) ---------------------------------------------------

def test_road_movement_example_paris_has_six_road_neighbours() -> None:
    assert set(BOARD.road_neighbours("paris")) == {
        "le_havre", "brussels", "strasbourg", "geneva", "clermont_ferrand", "nantes"}


def test_road_movement_example_marseilles_is_joined_to_paris_by_rail_only() -> None:
    assert BOARD.connection_kinds("paris", "marseilles") == {"rail"}


def test_road_movement_example_amsterdam_is_two_towns_from_paris_via_brussels() -> None:
    assert "amsterdam" not in BOARD.road_neighbours("paris")
    assert BOARD.land_distance("paris", "amsterdam") == 2
    assert "amsterdam" in BOARD.road_neighbours("brussels")


# -- Movement - Sea Movement --------------------------------------------------------------

def test_sea_movement_the_english_channel_is_a_sea_sector() -> None:
    assert BOARD.is_sea("english_channel")
    assert BOARD.name("english_channel") == "English Channel"


def test_sea_movement_example_1_dublin_to_amsterdam_takes_four_turns() -> None:
    route = ["dublin", "irish_sea", "atlantic_ocean", "north_sea", "amsterdam"]
    for a, b in pairwise(route):
        assert "sea" in BOARD.connection_kinds(a, b)
    assert sea_voyage_turns(BOARD, "dublin", "amsterdam") == 4


def test_sea_movement_example_1_atlantic_and_north_sea_are_adjacent() -> None:
    # "He could not enter the Atlantic Ocean in one turn, move to the North Sea and
    # then go back to the Atlantic Ocean"
    assert "north_sea" in BOARD.sea_neighbours("atlantic_ocean")


def test_sea_movement_example_2_dublin_to_liverpool_takes_two_turns() -> None:
    assert "irish_sea" in BOARD.sea_neighbours("dublin")
    assert "liverpool" in BOARD.sea_neighbours("irish_sea")
    assert sea_voyage_turns(BOARD, "dublin", "liverpool") == 2


def test_sea_movement_example_3_bay_of_biscay_ports() -> None:
    assert "bay_of_biscay" in BOARD.sea_neighbours("atlantic_ocean")
    ports = {n for n in BOARD.sea_neighbours("bay_of_biscay") if BOARD.is_town(n)}
    assert ports == {"nantes", "bordeaux", "santander"}
    assert set(BOARD.sea_neighbours("bay_of_biscay")) == ports | {"atlantic_ocean"}


# -- Movement - Rail Movement -------------------------------------------------------------

def test_rail_movement_example_1_slow_train_from_strasbourg() -> None:
    assert set(BOARD.rail_reach("strasbourg", 1)) == {"frankfurt", "zurich"}


def test_rail_movement_example_2_fast_train_from_strasbourg() -> None:
    # The rulebook says "Stutgart", a slip for Strasbourg: these are exactly the
    # Towns two stops from Strasbourg.
    assert set(BOARD.rail_reach("strasbourg", 2)) == {
        "frankfurt", "zurich", "cologne", "leipzig", "milan"}


def test_rail_movement_example_3_strasbourg_express_stops_at_milan_in_the_east() -> None:
    assert set(BOARD.rail_reach("strasbourg", 3)) == {
        "frankfurt", "zurich", "cologne", "leipzig", "milan", "brussels", "berlin", "nuremberg"}
    for town in ("geneva", "genoa", "florence"):
        assert town in BOARD.rail_neighbours("milan")  # three stops away "at a casual glance"
        assert town not in BOARD.rail_reach("strasbourg", 3)


def test_milan_is_in_the_east() -> None:
    assert BOARD.is_east("milan")
    assert not BOARD.is_east("strasbourg") and not BOARD.is_east("zurich")


def test_rail_in_the_east_runs_at_most_two_towns() -> None:
    for town in BOARD.towns:
        if BOARD.is_east(town):
            assert BOARD.rail_reach(town, 3) == BOARD.rail_reach(town, 2)


def test_railway_station_chart_trains() -> None:
    chart = RailwayStationChart.load()
    assert [chart.train_for(d).stops for d in range(1, 7)] == [0, 1, 1, 2, 2, 3]
    assert chart.train_for(2).name == "Slow Train"
    assert chart.train_for(6).name == "Express"


# -- Dracula's Movement - Local Rumours (example) -----------------------------------------

def test_local_rumours_example_barcelona() -> None:
    assert set(BOARD.road_neighbours("barcelona")) == {"saragossa", "toulouse"}
    assert BOARD.connection_kinds("barcelona", "alicante") == {"rail"}
    assert BOARD.is_port("barcelona")
    assert "mediterranean_sea" in BOARD.sea_neighbours("barcelona")


# -- Castle Dracula -----------------------------------------------------------------------

def test_castle_dracula_is_joined_to_klausenberg_and_galatz_which_are_joined() -> None:
    assert set(BOARD.road_neighbours("castle_dracula")) == {"klausenberg", "galatz"}
    assert not BOARD.rail_neighbours("castle_dracula")
    assert not BOARD.sea_neighbours("castle_dracula")
    assert "galatz" in BOARD.road_neighbours("klausenberg")
    assert BOARD.places["castle_dracula"].kind == "castle"


def test_other_spellings_of_klausenberg_and_nuremberg() -> None:
    assert BOARD.canonical("klausenburg") == "klausenberg"
    assert BOARD.canonical("nuremburg") == "nuremberg"
    assert BOARD.canonical("paris") == "paris"


def test_host_markers_are_forbidden_on_the_castle_and_its_two_towns() -> None:
    assert {"castle_dracula", "galatz", "klausenberg"} == HOST_FORBIDDEN
    assert set(BOARD.towns) >= HOST_FORBIDDEN


# -- Blood Points - Fleeing ---------------------------------------------------------------

def test_fleeing_counts_towns_by_road() -> None:
    dist = BOARD.flee_distances()
    assert dist["castle_dracula"] == 0
    assert dist["klausenberg"] == dist["galatz"] == 1
    for town in BOARD.towns:
        if not BOARD.is_british(town) and town != "cagliari":
            assert dist[town] == BOARD.land_distance(town, "castle_dracula")
    route = BOARD.land_route("paris", "castle_dracula")
    assert len(route) - 1 == dist["paris"]


def test_the_british_isles_and_islands_have_no_land_route_to_the_castle() -> None:
    for town in BOARD.towns:
        cut_off = BOARD.land_distance(town, "castle_dracula") is None
        assert cut_off == (BOARD.is_british(town) or town == "cagliari")
    dist = BOARD.flee_distances()
    assert all(place in dist for place in BOARD.order)  # by sea from the islands


def test_a_host_marker_blocks_the_fleeing_route() -> None:
    open_road = BOARD.flee_distances()
    blocked = BOARD.flee_distances(frozenset({"klausenberg"}))
    assert "klausenberg" not in blocked
    assert blocked["galatz"] == 1
    assert blocked["budapest"] >= open_road["budapest"]


# -- Reference 4: Control Storms, Evasion, Stormy Seas ------------------------------------

def test_control_storms_athens_is_three_sea_moves_from_the_mediterranean() -> None:
    assert sea_voyage_turns(BOARD, "mediterranean_sea", "athens") == 3
    assert "athens" not in BOARD.sea_neighbours("mediterranean_sea")


def test_stormy_seas_london_is_adjacent_to_the_english_channel() -> None:
    assert "london" in BOARD.sea_neighbours("english_channel")


def test_evasion_example_towns() -> None:
    for town in ("london", "manchester", "szeged"):
        assert BOARD.is_town(town)
    assert BOARD.is_british("london") and BOARD.is_british("manchester")
    assert BOARD.is_east("szeged")


def test_towns_named_in_the_examples_exist() -> None:
    for town in ("vienna", "amsterdam", "dublin", "liverpool", "nantes", "bordeaux",
                 "santander", "saragossa", "toulouse", "alicante", "athens"):
        assert BOARD.is_town(town)


def test_british_isles() -> None:
    assert {t for t in BOARD.towns if BOARD.is_british(t)} == {
        "dublin", "edinburgh", "galway", "liverpool", "london", "manchester", "plymouth",
        "swansea"}
    assert not any(BOARD.is_east(t) for t in BOARD.towns if BOARD.is_british(t))


def test_east_west_boundary() -> None:
    east = {t for t in BOARD.towns if BOARD.is_east(t)}
    assert {"castle_dracula", "klausenberg", "galatz", "milan", "vienna", "athens"} <= east
    assert not {"paris", "london", "madrid", "berlin", "strasbourg"} & east
    assert len(east) == 26


def test_large_towns() -> None:
    large = {t for t in BOARD.towns if BOARD.is_large(t)}
    assert len(large) == 30 and "paris" in large and "alicante" not in large


def test_a_malformed_map_file_is_refused(tmp_path: pytest.TempPathFactory) -> None:
    bad = tmp_path / "map.toml"  # type: ignore[operator]
    bad.write_text('[[place]]\nid = "x"\n')
    with pytest.raises(BadOption):
        Board.load(bad)


def test_evasion_example_the_rumours_in_manchester_one_step_behind_london() -> None:
    # "if Dracula is in London (and the Local Rumours are in Manchester)": Manchester is
    # the Town he left to reach London, so the two are joined by Road.
    assert "manchester" in BOARD.road_neighbours("london")


def test_an_example_of_combat_wolves_may_lie_in_vienna() -> None:
    # Godalming deals with "a Wolves Encounter" in Vienna: not in the British Isles.
    assert BOARD.is_town("vienna") and not BOARD.is_british("vienna")


def test_the_strategy_and_movement_chart_has_a_box_for_every_town_and_sea() -> None:
    assert set(BOARD.order) == set(BOARD.towns) | set(BOARD.seas)
    assert len(BOARD.order) == 71


def test_a_journey_only_partly_in_the_east_is_limited_to_two_towns() -> None:
    # "This applies even when only part of the journey is in the East."
    for town in BOARD.towns:
        if BOARD.is_east(town):
            continue
        for far in set(BOARD.rail_reach(town, 3)) - set(BOARD.rail_reach(town, 2)):
            paths = nx.all_simple_paths(RAIL, town, far, cutoff=3)
            assert any(not any(BOARD.is_east(p) for p in path[1:])
                       for path in paths if len(path) == 4), (town, far)


def test_a_road_into_the_sea_is_refused() -> None:
    data = tomllib.loads(MAP_FILE.read_text(encoding="utf-8"))
    data["connection"].append({"kind": "road", "a": "paris", "b": "north_sea",
                               "provenance": "reconstructed"})
    with pytest.raises(BadOption, match="must join two Towns"):
        board_from_data(data, "test")


def test_the_map_says_truthfully_where_it_comes_from() -> None:
    """The reconstructed entries come from a transcription of the second-edition board
    (shared/reference/fury_map.md), not from the 1987 board, which no public source
    transcribes; St Joseph and St Marys is that edition's hospital."""
    with open(MAP_FILE, "rb") as handle:
        data = tomllib.load(handle)
    entries = [*data["place"], *data["connection"]]
    texts = [e.get(k, "") for e in entries for k in ("source", "flags_source")]
    assert not [t for t in texts if "1987 map" in t or "published map" in t]
    reconstructed = [e for e in entries if e["provenance"] == "reconstructed"]
    assert reconstructed and all("second-edition board" in e["source"] for e in reconstructed)
    hospital = next(p for p in data["place"] if p["id"] == "st_joseph_and_st_marys")
    assert "hospital" in hospital["source"] and "1987 rules" in hospital["source"]
    assert "one of three" in hospital["flags_source"]  # East: one transcription says so



def test_rail_reach_on_a_fresh_board_is_the_ends_of_its_rail_routes() -> None:
    # The board works out rail journeys on first asking: a fresh one answers as a used one.
    with open(MAP_FILE, "rb") as f:
        fresh = board_from_data(tomllib.load(f))
    for place in (*BOARD.order, *BOARD.order):
        for stops in range(5):
            ends = {route[-1] for route in fresh.rail_routes(place, min(stops, 3))}
            assert set(fresh.rail_reach(place, stops)) == ends
            assert fresh.rail_reach(place, stops) == BOARD.rail_reach(place, stops)
            assert fresh.rail_routes(place, stops) == BOARD.rail_routes(place, stops)
    assert fresh.rail_reach("strasbourg", 9) == fresh.rail_reach("strasbourg", 3)
    assert fresh.rail_reach("strasbourg", 0) == ()
