"""Pictures in the kernel: the Game.picture hook, gk.picture, save, and gothic render."""

from __future__ import annotations

import doctest
import importlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gothic_kernel as gk
import gothic_kernel.svg
from gothic_kernel.cli import main
from gothic_kernel.reference import KuhnPoker
from gothic_kernel.svg import PNG_LARGEST, Layout, png_pixels, save, to_png


@pytest.fixture
def kuhn() -> Iterator[gk.Game]:
    gk.register_game("kuhn_poker", KuhnPoker)
    yield gk.load_game("kuhn_poker")
    gk.unregister_game("kuhn_poker")


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A short fury1987 game record, as gothic demo --save writes it."""
    saved = tmp_path / "game.json"
    assert main(["demo", "fury1987", "--seed", "2", "--max-steps", "120",
                 "--save", str(saved)]) == 0
    return saved


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gothic render: "), err
    return lines[0]


def test_module_doctests() -> None:
    assert doctest.testmod(gothic_kernel.svg).failed == 0


def test_a_game_that_draws_nothing_says_so(kuhn: gk.Game) -> None:
    state = kuhn.new_game(seed=1)
    with pytest.raises(gk.NoPicture, match="kuhn_poker draws no pictures"):
        gk.picture(state, gk.PUBLIC)
    with pytest.raises(NotImplementedError):
        kuhn.picture(state.observation(gk.PUBLIC), gk.PUBLIC)
    with pytest.raises(gk.UnknownSeat):
        gk.picture(state, "nobody")


def test_every_registered_game_draws_a_picture_for_every_viewer() -> None:
    for name in gk.available_games():
        game = gk.load_game(name)
        state = game.new_game(seed=1)
        for viewer in (*state.seats, gk.PUBLIC):
            svg = gk.picture(state, viewer)
            assert isinstance(svg, gk.Svg) and ET.fromstring(svg).tag.endswith("svg")


def test_save_writes_svg_and_refuses_what_it_cannot_write(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    svg = gk.picture(gk.load_game("vampyre").new_game(seed=1), "mina")
    assert save(svg, tmp_path / "board.svg").read_text(encoding="utf-8") == svg
    with pytest.raises(gk.NoPicture, match=r"as \.svg or \.png"):
        save(svg, tmp_path / "board.jpg")
    with pytest.raises(gk.NoPicture, match="no folder"):
        save(svg, tmp_path / "missing" / "board.svg")
    real = importlib.import_module

    def without_cairosvg(name: str, *args: Any) -> Any:
        if name == "cairosvg":
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", without_cairosvg)
    with pytest.raises(gk.NoPicture, match="png extra"):
        to_png(svg)


def test_png_with_the_extra_installed(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    svg = gk.picture(gk.load_game("vampyre").new_game(seed=1), "mina")
    assert save(svg, tmp_path / "board.png").read_bytes().startswith(b"\x89PNG")


def test_a_layout_names_what_is_wrong() -> None:
    good = {"drawing": {"width": 10, "height": 10},
            "place": [{"id": "a", "x": 1, "y": 2, "provenance": "reconstructed",
                       "source": "me"}]}
    assert Layout.from_data(good, ["a"]).xy["a"] == (1.0, 2.0)
    with pytest.raises(gk.BadOption, match="no position for b"):
        Layout.from_data(good, ["a", "b"])
    with pytest.raises(gk.BadOption, match="provenance"):
        Layout.from_data({**good, "place": [{"id": "a", "x": 1, "y": 2}]})
    with pytest.raises(gk.BadOption, match=r"\[drawing\]"):
        Layout.from_data({"place": []})


def test_render_a_record_at_its_end_and_at_a_step(record: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.svg"
    assert main(["render", str(record), "--as", "seward", "-o", str(out)]) == 0
    assert "as Dr Seward sees it" in capsys.readouterr().out
    end = out.read_text(encoding="utf-8")
    assert ET.fromstring(end).tag.endswith("svg")
    assert main(["render", str(record), "--as", "seward", "--step", "10", "-o",
                 str(out), "--size", "300"]) == 0
    early = out.read_text(encoding="utf-8")
    assert early != end and 'width="300"' in early
    capsys.readouterr()
    assert main(["render", str(record), "--as", "dracula"]) == 0  # to standard output
    assert capsys.readouterr().out.startswith("<svg")


def test_render_a_state_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state, _ = gk.play_game(gk.load_game("draculas_revenge"), 3, max_steps=30)
    snapshot = tmp_path / "state.json"
    snapshot.write_text(state.to_json(), encoding="utf-8")
    out = tmp_path / "board.svg"
    assert main(["render", str(snapshot), "--as", "hunters", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == gk.picture(state, "hunters")
    capsys.readouterr()
    assert main(["render", str(snapshot), "--step", "3"]) == 2
    assert "state snapshot" in _one_line(capsys.readouterr().err)


@pytest.mark.parametrize(("argv", "words"), [
    (["--as", "ghost"], "no seat called 'ghost'"),
    (["--step", "100000"], "holds only"),
    (["-o", "board.txt"], "as .svg or .png"),
    (["-o", "missing/board.svg"], "no folder"),
])
def test_render_errors_are_one_line(record: Path, argv: list[str], words: str,
                                    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["render", str(record), *argv]) == 2
    assert words in _one_line(capsys.readouterr().err)


def test_render_refuses_files_that_hold_no_game(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    assert main(["render", str(text)]) == 2
    assert "not JSON" in _one_line(capsys.readouterr().err)
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "fury1987"}', encoding="utf-8")
    assert main(["render", str(broken)]) == 2
    assert "not a game record" in _one_line(capsys.readouterr().err)
    assert main(["render", str(tmp_path / "absent.json")]) == 2
    assert "cannot read" in _one_line(capsys.readouterr().err)


def test_a_png_too_large_for_cairo_is_refused_naming_the_largest_size(
        record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """trial s26 F13: --size 40000 -o x.png printed cairo's traceback; now one line, exit
    status 2, naming the largest size that fits (checked before cairo is asked)."""
    state = gk.load_game("fury_modern").new_game(seed=1)
    wide = gk.picture(state, "mina", size=40000)
    width, height = png_pixels(wide)
    assert width == 40000 and height < width
    with pytest.raises(gk.BadOption, match=f"largest size that fits is {PNG_LARGEST}"):
        to_png(wide)
    tall = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20" width="20000" ' \
           'height="40000"/>'
    with pytest.raises(gk.BadOption, match="20000 x 40000: the largest size that fits is "
                                           "16383"):
        save(tall, tmp_path / "tall.png")
    assert not (tmp_path / "tall.png").exists()
    out = tmp_path / "x.png"
    assert main(["render", str(record), "--size", "40000", "-o", str(out)]) == 2
    err = _one_line(capsys.readouterr().err)
    assert err.startswith("gothic render: --size 40000: a PNG is at most 32767 pixels")
    assert not out.exists()
    assert main(["render", str(record), "--size", "40000", "-o",
                 str(tmp_path / "x.svg")]) == 0  # an SVG has no such limit


@pytest.mark.parametrize("name", ["fury1987", "fury_modern", "vampyre", "draculas_revenge"])
def test_a_bad_picture_option_is_refused_naming_it(name: str) -> None:
    """trial s26 F14: gk.picture(state, seat, zzz=1) raised Python's TypeError, size='big' a
    comparison error, colors=5 an AttributeError, and labels='x' or caption=5 were taken;
    every game's options now go through the kernel's one check (svg.checked_options)."""
    state = gk.load_game(name).new_game(seed=1)
    seat = state.seats[0]
    with pytest.raises(gk.BadOption, match=f"a {name} picture has no option 'zzz'; its "
                                           "options are size, "):
        gk.picture(state, seat, zzz=1)
    for option, value, takes in (("size", "big", "a whole number or None"),
                                 ("size", True, "a whole number or None"),
                                 ("colors", 5, "a mapping of text to text or None"),
                                 ("colors", {"road": 1}, "a mapping of text to text or None"),
                                 ("style", 5, "a text or None"),
                                 ("caption", 5, "true or false")):
        with pytest.raises(gk.BadOption, match=re.escape(
                f"picture option {option!r} takes {takes}, not {value!r}")):
            gk.picture(state, seat, **{option: value})
    assert gk.picture(state, seat, size=300, caption=False, style="") == \
        gk.picture(state, seat, size=300, caption=False)


def test_covered_names_finds_a_token_over_a_name_and_a_name_not_written() -> None:
    """The pictures' check (gothic_kernel.testing.pictures): a figure drawn over a name is
    reported, one beside it is not, and a name the picture does not write is reported."""
    from gothic_kernel.testing.pictures import covered_names

    def picture(token_x: float) -> str:
        return ('<svg xmlns="http://www.w3.org/2000/svg"><text x="10" y="20" font-size="10">'
                f'Paris</text><g class="figures"><circle cx="{token_x}" cy="17" r="5"/>'
                '<circle cx="12" cy="17" r="30" fill="none"/></g></svg>')

    assert [name for name, *_ in covered_names(picture(20), ["Paris"], ["figures"])] == ["Paris"]
    assert covered_names(picture(60), ["Paris"], ["figures"]) == []
    assert covered_names(picture(20), ["Paris"], ["markers"]) == []
    assert [n for n, *_ in covered_names(picture(60), ["Paris", "Rome"], ["figures"])] == ["Rome"]
