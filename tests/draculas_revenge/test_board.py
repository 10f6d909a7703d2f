"""Tiles and maps ("Components", "Setting Up a Game", "The Adventures")."""

from __future__ import annotations

import networkx as nx
import pytest

from draculas_revenge import ADVENTURES, data
from draculas_revenge.board import load_board

MAPS = ("into_the_breach", "defile_the_coffins", "cross_the_catacombs", "rescue_van_helsing",
        "destroy_dracula", "custom_catacombs")


def test_components_twenty_board_tiles_each_with_provenance() -> None:
    tiles = data.load()["tiles"]["tiles"]
    assert len(tiles) == 20
    for tile in tiles.values():
        assert tile["provenance"] == "reconstructed"
        assert len(tile["rows"]) == 6 and all(len(r) == 6 for r in tile["rows"])
    kinds = {t["kind"] for t in tiles.values()}
    assert kinds == {"room", "hallway"}


@pytest.mark.parametrize("name", MAPS)
def test_each_map_uses_each_tile_at_most_once_and_at_most_twelve_doors(name: str) -> None:
    spec = data.load()["maps"]["maps"][name]
    used = [t["tile"] for t in spec["tiles"]]
    assert len(used) == len(set(used))
    assert len(spec["doors"]) <= 12  # "Components": 12 doors
    assert spec["provenance"] == "reconstructed"


@pytest.mark.parametrize("name", MAPS)
def test_every_open_square_of_a_map_is_connected(name: str) -> None:
    board = load_board(name)
    graph = nx.Graph()
    for s in range(board.size):
        if board.open[s]:
            graph.add_node(s)
            for d in range(8):
                n = board.step(s, d)
                if n >= 0 and board.open[n]:
                    graph.add_edge(s, n)
    assert nx.is_connected(graph)


LABELLED = {
    "into_the_breach": ("vampire_starting_area", "hunter_entrance"),
    "defile_the_coffins": ("vampire_starting_areas", "hunter_entrance"),
    "cross_the_catacombs": ("hunter_entrances", "vampire_entrances"),
    "rescue_van_helsing": ("hunter_entrances", "vampire_starting_areas"),
    "destroy_dracula": ("hunter_entrances", "vampire_starting_areas"),
}


@pytest.mark.parametrize("adventure", list(LABELLED))
def test_every_labelled_area_of_each_adventure_exists(adventure: str) -> None:
    spec = data.load()["adventures"]["adventures"][adventure]
    board = load_board(spec["map"])
    for area in LABELLED[adventure]:
        assert board.areas[area], area
        assert all(board.open[s] for s in board.areas[area])


def test_entrances_lie_on_the_board_edge() -> None:
    for name in MAPS[:-1]:
        board = load_board(name)
        for area, squares in board.areas.items():
            if "entrance" in area:
                for s in squares:
                    x, y = board.xy(s)
                    assert x in (0, board.width - 1) or y in (0, board.height - 1)


def test_defile_the_coffins_has_five_tinted_tiles_for_five_vampires() -> None:
    board = load_board("defile_the_coffins")
    assert len(board.area_tiles["vampire_starting_areas"]) == 5


def test_rescue_van_helsing_has_two_tinted_rooms() -> None:
    board = load_board("rescue_van_helsing")
    assert len(board.area_tiles["vampire_starting_areas"]) == 2


def test_doors_fill_a_doorway_and_start_closed() -> None:
    st = __import__("gothic_kernel").load_game("draculas_revenge").new_game(seed=1)
    board = st.rules.board
    assert all(len(cells) == 2 for cells in board.doors.values())
    assert not any(st.doors_open.values())


def test_adventure_option_names_every_adventure() -> None:
    assert set(ADVENTURES) == set(data.load()["adventures"]["adventures"])


def test_render_draws_walls_doors_and_floor() -> None:
    rows = load_board("into_the_breach").render()
    assert rows[2][0] == "." and "+" in "".join(rows) and "#" in rows[0]
