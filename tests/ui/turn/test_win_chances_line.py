"""The win-chance bar's line, pure (issue 24, "on the screen"): honest percentages, segments in
proportion, the richest form that fits, every name literal."""

from __future__ import annotations

import pytest
from textual.content import Content

from generala_tui.ui.colours import SeatColours
from generala_tui.ui.widgets import win_chances_words
from generala_tui.ui.widgets.win_chances import BAR_MAX, chance_line, segments

COLOURS = SeatColours()


@pytest.mark.parametrize(
    ("chance", "said"),
    [
        (0.0, "0%"),
        (1e-12, "0%"),
        (0.003, "<1%"),
        (0.005, "<1%"),
        (0.006, "1%"),
        (0.62, "62%"),
        (0.994, "99%"),
        (0.997, ">99%"),
        (1 - 1e-12, "100%"),
        (1.0, "100%"),
    ],
)
def test_a_share_is_rounded_honestly(chance: float, said: str) -> None:
    assert win_chances_words.share(chance) == said


@pytest.mark.parametrize("width", [1, 7, 20, 40])
@pytest.mark.parametrize(
    "shares", [(0.62, 0.31, 0.07), (0.5, 0.5), (1.0, 0.0), (0.003, 0.997), (0.125,) * 8]
)
def test_the_segments_fill_the_bar_in_proportion(shares: tuple[float, ...], width: int) -> None:
    cells = segments(shares, width)
    assert sum(cells) == width
    for share, cell in zip(shares, cells, strict=True):
        assert abs(cell - share * width) < 1  # within a cell of the exact share
    assert segments(shares, 0) == [0] * len(shares)


def test_at_80_columns_the_line_has_its_title_the_bar_and_every_name() -> None:
    line = chance_line(["Ana", "Bruno", "Caro"], (0.62, 0.31, 0.07), 78, COLOURS)
    plain = line.plain
    assert plain.startswith(win_chances_words.title())
    assert plain.endswith("■ Ana 62%  ♦ Bruno 31%  ♥ Caro 7%")
    assert line.cell_length <= 78


def test_at_40_columns_the_names_stay_and_the_title_goes() -> None:
    line = chance_line(["Ana", "Bruno", "Caro"], (0.62, 0.31, 0.07), 38, COLOURS)
    assert line.plain.endswith("■ Ana 62% ♦ Bruno 31% ♥ Caro 7%")
    assert win_chances_words.title() not in line.plain
    assert line.cell_length <= 38
    assert line.plain[0] == "■"  # the bar first: its first segment carries Ana's mark


def test_where_names_do_not_fit_the_marks_stay() -> None:
    names = ["Alexandrina", "Bartholomew", "Constantine"]
    line = chance_line(names, (0.62, 0.31, 0.07), 38, COLOURS)
    assert line.plain.endswith("■ 62% ♦ 31% ♥ 7%")
    assert not any(name in line.plain for name in names)


@pytest.mark.parametrize("width", [38, 78, 118, 198])
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_the_line_never_passes_its_width(width: int, players: int) -> None:
    names = [f"Player with a long name {n}" for n in range(players)]
    shares = [1 / players] * players
    for seats in (names, [f"P{n}" for n in range(players)]):
        line = chance_line(seats, shares, width, COLOURS)
        assert line.cell_length <= width
        assert "%" in line.plain


def test_the_bar_is_never_wider_than_its_widest() -> None:
    line = chance_line(["Ana", "Bruno"], (0.5, 0.5), 198, COLOURS)
    labels = "■ Ana 50%  ♦ Bruno 50%"
    assert line.plain.endswith(labels)
    assert line.cell_length == len(win_chances_words.title()) + 1 + BAR_MAX + 2 + len(labels)


def test_names_are_never_read_as_markup() -> None:
    line = chance_line(["[b]Ana[/b]", "[red]x"], (0.5, 0.5), 78, COLOURS)
    assert "■ [b]Ana[/b] 50%" in line.plain
    assert "♦ [red]x 50%" in line.plain


def test_without_chances_the_line_says_why() -> None:
    assert chance_line(["Ana", "Bruno"], None, 78, COLOURS).plain == win_chances_words.working()
    failed = chance_line(["Ana", "Bruno"], None, 78, COLOURS, win_chances_words.failed())
    assert failed.plain == win_chances_words.failed()
    assert isinstance(chance_line(["Ana", "Bruno"], None, 10, COLOURS), Content)
    assert chance_line(["Ana", "Bruno"], None, 10, COLOURS).cell_length <= 10
