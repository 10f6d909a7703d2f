"""The maps: Transylvania's hexes, terrain, roads and large hexes; Castle Dracula's spaces.

The rulebook does not print the maps; these tests check the reconstruction against every
statement the text makes ("Explanation of Maps and Counters").
"""

from __future__ import annotations

import networkx as nx
import pytest

from vampyre.board import LARGE, axial, hex_distance
from vampyre.state import load_world

LARGE_HEXES = {
    "klausenburg": "Klausenburg", "bistritz": "Bistritz", "the_old_abbey": "The Old Abbey",
    "borgo_pass": "Borgo Pass", "the_witchs_cottage": "The Witch's Cottage",
    "the_ruined_castle": "The Ruined Castle", "the_standing_stones": "The Standing Stones",
    "the_crypts": "The Crypts", "targoviste": "Targoviste", "castle_dracula": "Castle Dracula",
}


@pytest.fixture(scope="module")
def world():  # type: ignore[no-untyped-def]
    return load_world()


def test_the_ten_large_hexes_are_on_the_map(world) -> None:  # type: ignore[no-untyped-def]
    board = world.transylvania
    assert board.large_hex_names == LARGE_HEXES
    assert all(board.terrain[h] == LARGE for h in LARGE_HEXES)


def test_every_terrain_of_the_rulebook_is_present(world) -> None:  # type: ignore[no-untyped-def]
    terrains = set(world.transylvania.terrain.values())
    assert terrains == {"clear", "forest", "mountain", "evil", LARGE}


def test_every_hex_has_offset_and_axial_coordinates(world) -> None:  # type: ignore[no-untyped-def]
    board = world.transylvania
    assert len(board.hexes) == 16 * 12
    for hid in board.hexes:
        col, row = board.offset[hid]
        assert board.axial[hid] == axial(col, row)
        if not board.is_large(hid):
            assert hid == f"hex_{col:02d}_{row:02d}"


def test_neighbours_are_the_hexes_one_step_away(world) -> None:  # type: ignore[no-untyped-def]
    board = world.transylvania
    for hid in board.hexes:
        near = board.neighbours[hid]
        assert 2 <= len(near) <= 6
        for other in near:
            assert hex_distance(board.axial[hid], board.axial[other]) == 1
            assert hid in board.neighbours[other]


def test_roads_join_all_the_large_hexes(world) -> None:  # type: ignore[no-untyped-def]
    """'Connecting the large hexes is a network of roads.'"""
    board = world.transylvania
    roads = nx.Graph([e for e in board.road_edges])
    assert set(LARGE_HEXES) <= set(roads.nodes)
    assert nx.is_connected(roads)
    for hexes in board.roads.values():
        assert hexes[0] in LARGE_HEXES and hexes[-1] in LARGE_HEXES


def test_the_networkx_graph_marks_roads_and_terrain(world) -> None:  # type: ignore[no-untyped-def]
    graph = world.transylvania.graph
    assert graph.nodes["klausenburg"]["terrain"] == LARGE
    assert graph.nodes["klausenburg"]["road"]
    path = nx.shortest_path(graph, "klausenburg", "castle_dracula")
    assert len(path) - 1 == world.transylvania.distance("klausenburg", "castle_dracula")


def test_roads_run_through_mountains_and_evil_areas(world) -> None:  # type: ignore[no-untyped-def]
    """The road over the Borgo Pass crosses the mountains: roads keep their hex's terrain."""
    board = world.transylvania
    under_roads = {board.terrain[h] for h in board.road_hexes}
    assert {"clear", "forest", "mountain", "evil"} <= under_roads


def test_step_terrain_is_road_only_along_a_road(world) -> None:  # type: ignore[no-untyped-def]
    board = world.transylvania
    a, b = board.roads["bistritz_to_borgo_pass"][1:3]
    assert board.step_terrain(a, b) == "road"
    off_road = next(n for n in board.neighbours[a] if (a, n) not in board.road_edges
                    and not board.is_large(n))
    assert board.step_terrain(a, off_road) == board.terrain[off_road]


def test_shortest_paths_are_deterministic(world) -> None:  # type: ignore[no-untyped-def]
    board = world.transylvania
    path = board.shortest_path("klausenburg", "castle_dracula")
    assert path == board.shortest_path("klausenburg", "castle_dracula")
    assert path[-1] == "castle_dracula" and len(path) == board.distance("klausenburg",
                                                                         "castle_dracula")


def test_castle_has_fifteen_green_areas_a_portcullis_and_a_tower(world) -> None:  # type: ignore[no-untyped-def]
    castle = world.castle
    assert len(castle.green) == 15
    assert castle.entrance == "portcullis" and castle.kind["portcullis"] == "white"
    assert castle.tower == "the_tower" and castle.kind["the_tower"] == "white"
    assert set(castle.kind.values()) == {"white", "green"}
    assert nx.is_connected(castle.graph)


def test_castle_spaces_have_drawing_coordinates(world) -> None:  # type: ignore[no-untyped-def]
    castle = world.castle
    assert len(set(castle.coords.values())) == len(castle.spaces)


def test_every_map_entry_records_its_provenance(world) -> None:  # type: ignore[no-untyped-def]
    rules = world.rules
    for row in rules.transylvania["rows"]:
        assert row["provenance"]
    for entry in rules.transylvania["large_hexes"] + rules.transylvania["roads"]:
        assert "reconstructed" in entry["provenance"]
    for space in rules.castle["spaces"]:
        assert space["provenance"]
    assert all(block["provenance"] for block in rules.castle["passages"])


def test_the_map_as_text_gives_each_hex_three_characters_and_a_mark_one() -> None:
    """``Transylvania.render``: a hex is its terrain, ``=`` on a road, then one character
    of its mark (a player's number), however long the mark given."""
    lines = load_world("").transylvania.render({"hex_00_00": "12"})
    assert lines[0].startswith(". 1.  .  .  f")


def test_the_castle_as_text_marks_a_green_area_by_its_initials() -> None:
    """``CastleMap.render``: a green area by two capitals, the first letters of its first
    two words (Family Crypt: FC), or of a single word its first two (Stables: ST)."""
    castle = load_world("").castle
    lines = castle.render()
    for space, mark in (("family_crypt", "FC"), ("stables", "ST")):
        x, y = castle.coords[space]
        assert castle.is_green(space) and lines[y][3 * x:3 * x + 2] == mark
