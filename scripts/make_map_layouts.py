"""Write the drawing positions of the two Fury maps: fury1987/data/map_layout.toml and
fury_modern/data/map_layout.toml (pictures only; play never reads them).

Neither rulebook prints the map, so the positions are authored: each place's latitude and
longitude (general geography; for a sea zone, a point inside it) projected onto the
drawing (equirectangular: x = 0.7 x longitude), then nudged where names would collide,
over coarse coastlines authored the same way. Run it after changing anything below:

    python scripts/make_map_layouts.py
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (latitude, longitude) of every place.
PLACES = {
 "adriatic_sea": (42.6, 16.0), "alicante": (38.35, -0.48), "amsterdam": (52.37, 4.90),
 "athens": (37.98, 23.73), "atlantic_ocean": (45.0, -12.0), "barcelona": (41.39, 2.17),
 "bari": (41.12, 16.87), "bay_of_biscay": (45.6, -4.8), "belgrade": (44.79, 20.45),
 "berlin": (52.52, 13.40), "black_sea": (43.3, 31.5), "bordeaux": (44.84, -0.58),
 "brussels": (50.85, 4.35), "bucharest": (44.43, 26.10), "budapest": (47.50, 19.04),
 "cadiz": (36.53, -6.29), "cagliari": (39.22, 9.12), "castle_dracula": (47.25, 25.6),
 "clermont_ferrand": (45.78, 3.08), "cologne": (50.94, 6.96), "constanta": (44.18, 28.63),
 "dublin": (53.35, -6.26), "edinburgh": (55.95, -3.19), "english_channel": (50.0, -2.6),
 "florence": (43.77, 11.25), "frankfurt": (50.11, 8.68), "galatz": (45.44, 28.05),
 "galway": (53.27, -9.05), "geneva": (46.20, 6.14), "genoa": (44.41, 8.93),
 "granada": (37.18, -3.60), "hamburg": (53.55, 9.99), "ionian_sea": (37.6, 19.2),
 "irish_sea": (53.6, -5.0), "klausenburg": (46.77, 23.59), "le_havre": (49.49, 0.11),
 "leipzig": (51.34, 12.37), "lisbon": (38.72, -9.14), "liverpool": (53.41, -2.98),
 "london": (51.51, -0.13), "madrid": (40.42, -3.70), "manchester": (53.48, -2.24),
 "marseilles": (43.30, 5.37), "mediterranean_sea": (38.6, 4.5), "milan": (45.46, 9.19),
 "munich": (48.14, 11.58), "nantes": (47.22, -1.55), "naples": (40.85, 14.27),
 "north_sea": (55.6, 3.5), "nuremburg": (49.45, 11.08), "paris": (48.86, 2.35),
 "plymouth": (50.38, -4.14), "prague": (50.08, 14.44), "rome": (41.90, 12.50),
 "salonica": (40.64, 22.94), "santander": (43.46, -3.80), "saragossa": (41.65, -0.89),
 "sarajevo": (43.86, 18.41), "sofia": (42.70, 23.32), "st_joseph_and_st_marys": (45.3, 18.0),
 "strasbourg": (48.57, 7.75), "swansea": (51.62, -3.94), "szeged": (46.25, 20.15),
 "toulouse": (43.60, 1.44), "tyrrhenian_sea": (40.0, 12.0), "valona": (40.47, 19.49),
 "varna": (43.21, 27.91), "venice": (45.44, 12.32), "vienna": (48.21, 16.37),
 "zagreb": (45.81, 15.98), "zurich": (47.38, 8.54),
}

#: Coarse coastlines: (latitude, longitude) points.
MAINLAND = [
 # Gibraltar, east along the Mediterranean coast of Spain and France
 (36.1,-5.4),(36.7,-4.4),(36.75,-3.0),(36.8,-2.0),(37.6,-0.8),(38.3,-0.5),(38.8,0.2),
 (39.4,-0.3),(39.9,0.0),(40.7,0.8),(41.1,1.2),(41.4,2.2),(41.7,2.8),(42.4,3.2),(43.0,3.0),
 (43.5,3.8),(43.4,4.8),(43.3,5.3),(43.1,6.0),(43.5,7.0),(43.7,7.3),(43.9,8.0),(44.4,8.9),
 (44.1,9.8),(43.6,10.3),(42.9,10.5),(42.4,11.2),(41.9,12.2),(41.5,12.6),(41.2,13.6),
 (40.8,14.3),(40.3,14.9),(40.0,15.6),(39.4,15.8),(38.7,16.0),(38.0,15.6),(37.9,16.0),
 (38.4,16.6),(38.9,17.1),(39.4,17.1),(40.0,16.6),(40.4,17.2),(39.8,18.4),(40.1,18.5),
 (40.6,18.0),(41.1,16.9),(41.9,16.2),(41.9,15.3),(42.6,14.1),(43.6,13.5),(44.0,12.6),
 (44.8,12.4),(45.4,12.3),(45.7,13.1),(45.6,13.7),(44.9,13.8),(45.3,14.5),(45.0,14.4),
 (44.1,15.2),(43.5,16.4),(42.6,18.1),(42.1,19.1),(41.3,19.4),(40.5,19.3),(40.1,19.9),
 (39.6,20.2),(39.0,20.7),(38.4,21.2),(38.2,21.7),(37.6,21.3),(36.8,21.7),(36.4,22.4),
 (36.8,22.5),(36.5,23.1),(37.6,23.2),(38.0,23.0),(37.95,23.6),(37.65,24.0),(38.4,23.7),
 (38.9,22.8),(39.3,23.1),(40.0,22.6),(40.6,22.9),(40.4,23.9),(40.9,24.4),(40.9,25.5),
 (40.6,26.0),(40.2,26.3),
 # across the Dardanelles, down the Aegean coast of Asia Minor, off the drawing
 (40.0,26.2),(39.5,26.1),(38.4,26.4),(37.5,27.2),(36.7,28.0),(36.3,29.5),(36.6,30.6),
 (36.2,32.5),(36.1,34.0),(36.0,38.0),
 # up the far east, back along the north coast of Asia Minor to the Bosporus
 (41.3,38.0),(41.7,35.2),(42.0,35.0),(41.9,33.5),(41.2,31.5),(41.2,29.1),
 # the west and north coasts of the Black Sea
 (41.6,28.1),(42.5,27.6),(43.2,28.0),(44.2,28.7),(45.0,29.6),(45.6,29.7),(46.4,30.7),
 (46.6,31.8),(46.1,32.5),(45.4,32.5),(44.4,33.6),(45.0,35.4),(45.3,36.5),(45.1,38.0),
 # the far north-east, off the drawing, and back along the Baltic coast
 (61.0,38.0),(61.0,28.0),(59.5,28.0),(59.4,24.5),(59.2,23.5),(58.3,23.5),(57.4,24.4),
 (57.0,24.1),(57.6,21.6),(56.5,21.0),(55.7,21.1),(54.9,20.0),(54.4,19.5),(54.4,18.6),
 (54.8,18.3),(54.6,16.7),(54.2,15.6),(54.0,14.3),(54.3,13.5),(54.1,12.1),(54.0,11.0),
 (54.4,10.3),(54.8,9.9),(55.5,9.7),(56.1,10.2),(56.6,10.3),(57.1,10.4),(57.7,10.6),
 # Jutland's west coast, the North Sea coast to Calais
 (57.1,8.6),(56.5,8.1),(55.6,8.1),(54.9,8.6),(54.4,8.6),(54.0,8.9),(53.9,8.4),(53.5,8.1),
 (53.7,7.2),(53.4,6.8),(53.4,5.9),(53.2,5.3),(52.9,4.8),(52.4,4.6),(51.9,4.0),(51.4,3.4),
 (51.2,2.8),(51.0,2.1),(50.9,1.6),(50.2,1.6),(49.9,0.6),(49.7,0.2),(49.4,0.1),(49.3,-0.3),
 # Normandy, Brittany, the Bay of Biscay
 (49.4,-1.1),(49.7,-1.3),(49.7,-1.9),(48.9,-1.6),(48.6,-1.4),(48.7,-2.3),(48.8,-3.1),
 (48.7,-4.0),(48.4,-4.8),(47.9,-4.4),(47.7,-3.4),(47.5,-2.8),(47.2,-2.2),(46.6,-1.8),
 (46.1,-1.2),(45.6,-1.2),(44.7,-1.25),(43.5,-1.5),(43.35,-1.8),(43.45,-3.8),(43.6,-5.8),
 (43.55,-7.5),(43.4,-8.3),(43.0,-9.3),(42.2,-8.9),(41.2,-8.7),(40.2,-8.9),(39.4,-9.4),
 (38.7,-9.5),(38.45,-9.1),(38.0,-8.9),(37.1,-8.9),(37.0,-8.0),(37.2,-7.4),(36.6,-6.4),
 (36.0,-5.6),
]
SCANDINAVIA = [
 (61.0,4.5),(59.5,5.2),(58.9,5.6),(58.3,6.4),(58.0,7.2),(58.1,8.2),(58.7,9.3),(59.1,10.2),
 (59.3,10.6),(59.0,11.1),(58.3,11.4),(57.7,11.9),(56.7,12.7),(56.0,12.7),(55.4,13.0),
 (55.4,14.2),(56.0,14.6),(56.2,15.8),(57.3,16.5),(58.6,16.8),(59.5,18.5),(61.0,17.2),
]
ZEALAND = [(56.1,12.3),(55.6,12.6),(55.0,12.2),(55.2,11.2),(55.7,10.9),(56.0,11.6)]
FUNEN = [(55.6,10.4),(55.1,10.8),(55.0,10.2),(55.4,9.8)]
GREAT_BRITAIN = [
 (50.1,-5.7),(50.35,-4.1),(50.6,-3.4),(50.7,-2.5),(50.75,-1.6),(50.8,-0.8),(50.85,0.3),
 (51.1,1.4),(51.4,1.4),(51.5,0.7),(51.8,1.2),(52.1,1.6),(52.6,1.75),(52.95,1.0),(52.9,0.3),
 (53.3,0.3),(53.6,0.1),(54.1,-0.2),(54.5,-0.7),(54.9,-1.4),(55.5,-1.6),(55.9,-2.2),
 (56.0,-3.0),(56.3,-2.6),(56.7,-2.4),(57.1,-2.1),(57.7,-1.8),(57.6,-3.5),(57.9,-4.0),
 (58.6,-3.0),(58.6,-5.0),(58.0,-5.4),(57.2,-5.8),(56.5,-5.6),(55.8,-5.4),(55.3,-5.7),
 (55.7,-4.9),(55.0,-5.0),(54.9,-4.4),(54.9,-3.5),(54.6,-3.6),(54.2,-3.2),(53.8,-3.05),
 (53.4,-3.1),(53.3,-3.5),(53.4,-4.4),(52.9,-4.7),(52.6,-4.1),(52.1,-4.6),(51.7,-5.2),
 (51.6,-4.2),(51.5,-3.2),(51.2,-3.4),(51.2,-4.2),(50.9,-4.6),(50.6,-4.8),
]
IRELAND = [
 (51.45,-9.8),(51.8,-8.3),(52.1,-7.0),(52.2,-6.3),(53.3,-6.1),(54.0,-6.3),(54.6,-5.5),
 (55.2,-6.2),(55.2,-7.4),(55.1,-8.3),(54.3,-8.6),(54.2,-10.0),(53.5,-10.2),(53.2,-9.0),
 (52.6,-9.9),(52.0,-10.4),
]
CORSICA = [(43.0,9.4),(42.0,9.55),(41.4,9.2),(41.7,8.7),(42.4,8.6),(42.9,9.3)]
SARDINIA = [(41.2,9.4),(40.5,9.8),(39.2,9.6),(38.9,8.6),(39.4,8.3),(40.5,8.2),(41.0,8.2)]
SICILY = [(38.2,15.6),(37.5,15.1),(36.7,15.1),(37.1,14.3),(37.6,12.5),(38.1,12.6),(38.2,13.5),
          (38.0,14.5)]
CRETE = [(35.5,23.6),(35.3,26.3),(35.0,26.1),(35.0,24.5),(35.3,23.5)]
AFRICA = [(35.8,-5.9),(35.9,-5.3),(35.2,-4.0),(35.3,-2.9),(35.1,-2.0),(35.8,-0.5),(36.5,1.0),
          (36.8,3.0),(37.0,6.5),(36.9,8.6),(37.3,9.8),(36.8,11.0),(35.5,11.1),(32.0,11.0),
          (32.0,-12.0),(35.0,-12.0),(35.0,-6.5)]
BALEARICS = [(39.9,3.2),(39.3,3.0),(39.5,2.4),(39.9,2.8)]
LAND = [("Europe", MAINLAND), ("Scandinavia", SCANDINAVIA), ("Zealand", ZEALAND),
        ("Funen", FUNEN), ("Great Britain", GREAT_BRITAIN), ("Ireland", IRELAND),
        ("Corsica", CORSICA), ("Sardinia", SARDINIA), ("Sicily", SICILY), ("Crete", CRETE),
        ("Majorca", BALEARICS), ("Africa", AFRICA)]

#: The compass side a name stands on, where not east; nudges in drawing units.
LABEL = {"liverpool": "w", "irish_sea": "s", "dublin": "n", "black_sea": "s",
         "st_joseph_and_st_marys": "s", "plymouth": "w", "swansea": "w",
         "venice": "ne", "galatz": "e", "constanta": "e", "english_channel": "s",
         "atlantic_ocean": "se", "castle_dracula": "e"}
NUDGE = {"liverpool": (-5, 3), "manchester": (5, -3), "irish_sea": (-6, 10),
         "atlantic_ocean": (12, 0), "st_joseph_and_st_marys": (-10, 0)}

S = 28
LON0, LAT0, K = -13.5, 57.6, 0.70
W, H = round((34.0 - LON0) * K * S), round((LAT0 - 35.2) * S)


def xy(lat: float, lon: float) -> tuple[int, int]:
    return round((lon - LON0) * K * S), round((LAT0 - lat) * S)


SRC = ("the author's layout: the place's latitude and longitude (general geography) "
       "projected onto the drawing (equirectangular, x = 0.7 x longitude), nudged where "
       "names collide; not traced from the board")
SEA_SRC = ("the author's layout: a point inside the sea zone (general geography), "
           "projected as the towns are")
COAST_SRC = ("a coarse coastline authored from general geography (latitude and longitude of "
             "coastal points), projected as the towns are")
HOSPITAL_SRC = "the author: drawn beside the city it is attached to"


def q(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


def header(game: str) -> list[str]:
    return [f"# Where the places of the {game} map are drawn (gothic pictures: {game}/svg.py).",
            "#",
            "# The rulebook prints no map and the project has no picture of the board, so "
            "every",
            "# position here is RECONSTRUCTED: the place's latitude and longitude projected "
            "onto",
            f"# a drawing of {W} x {H} units (x grows east, y south), then nudged where names",
            "# would collide. The coastlines are coarse outlines authored from general "
            "geography,",
            "# for orientation only; they are not the board's art and play no part in the "
            "rules.",
            "# `label` is the compass side a place's name stands on (default e).",
            "# Written by scripts/make_map_layouts.py.",
            "#",
            "# Your own layout: copy this file, move the places, and pass it as",
            '# picture(..., layout_file="path") (every place of the map needs an x and a y).',
            "", "format = 1", "",
            "[drawing]", f"width = {W}", f"height = {H}", 'provenance = "reconstructed"',
            f"source = {q('the author, for the pictures; see the header')}", ""]


def place(pid: str, x: int, y: int, source: str) -> list[str]:
    lines = ["[[place]]", f"id = {q(pid)}", f"x = {x}", f"y = {y}"]
    if pid in LABEL:
        lines.append(f"label = {q(LABEL[pid])}")
    return [*lines, 'provenance = "reconstructed"', f"source = {q(source)}", ""]


def write(game: str, rename: dict[str, str], drop: list[str],
          beside: dict[str, tuple[str, int, int, str]]) -> None:
    """One game's layout: its ids (``rename``), without ``drop``, with places drawn
    ``beside`` a city (id -> city, dx, dy, label side)."""
    lines = header(game)
    places = {rename.get(pid, pid): where for pid, where in PLACES.items() if pid not in drop}
    for pid in sorted(places):
        x, y = xy(*places[pid])
        dx, dy = NUDGE.get(pid, (0, 0))
        sea = pid.endswith(("_sea", "_ocean"))
        lines += place(pid, x + dx, y + dy, SEA_SRC if sea else SRC)
    for pid, (city, dx, dy, side) in beside.items():
        x, y = xy(*PLACES[city])
        cx, cy = NUDGE.get(city, (0, 0))
        LABEL[pid] = side
        lines += place(pid, x + cx + dx, y + cy + dy, HOSPITAL_SRC)
    for name, outline in LAND:
        body = ", ".join(f"[{x}, {y}]" for x, y in (xy(lat, lon) for lat, lon in outline))
        lines += ["[[land]]", f"name = {q(name)}", f"points = [{body}]",
                  'provenance = "reconstructed"', f"source = {q(COAST_SRC)}", ""]
    path = ROOT / game / "data" / "map_layout.toml"
    path.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    print(f"wrote {path} ({W} x {H})")


if __name__ == "__main__":
    write("fury1987", {"klausenburg": "klausenberg", "nuremburg": "nuremberg"}, [], {})
    write("fury_modern", {}, ["st_joseph_and_st_marys"],
          {"madrid_hospital": ("madrid", -14, 14, "w"), "rome_hospital": ("rome", 12, 14, "e"),
           "budapest_hospital": ("budapest", 14, -12, "e")})
