"""What a seat at an online table says: the server's refusals in the player's language (or
its English words, when its template is not one this game says safely), what changed at
the table besides the game, and the join command's own errors."""

from __future__ import annotations

import pytest

from generala_tui import i18n
from generala_tui.commands import output
from generala_tui.commands.main import main
from generala_tui.game import rules
from generala_tui.game.model import Level
from generala_tui.online.protocol import Refused, SeatView, Table
from generala_tui.ui.remote import news, said


def _refused(template: str, english: str = "In English.", **params: str | int) -> Refused:
    return Refused(template=template, params=params, english=english)


def test_a_refusal_of_the_game_is_said_in_the_players_language_its_box_named_so() -> None:
    refused = _refused("Your {box} box is already filled.", box="full_house")
    assert said(refused) == "Your Full house box is already filled."
    i18n.set_language("es")
    assert said(refused) == "Tu casilla Full ya está anotada."


@pytest.mark.parametrize(
    "template",
    [
        "A template of another server, {unknown}.",  # a parameter it does not send
        "{name.__class__}",  # an attribute looked up
        "{name[0]}",  # an item looked up
        "{name:>999999999}",  # a width that would make a gigabyte
        "{name:{name}}",  # a width from a parameter
        "{",  # not a template at all
    ],
)
def test_a_template_not_said_safely_is_told_in_the_servers_english_escaped(template: str) -> None:
    refused = _refused(template, english="No\x1b[2J.", name="Ana")
    assert said(refused) == "No\\x1b[2J."


def _table(*seats: SeatView, paused: bool = False) -> Table:
    game = rules.new_game(["Ana", "Bruno", "Rita"])
    return Table(id="T" * 12, game=game, seats=seats, paused=paused)


def test_the_others_leaving_coming_back_a_stand_in_and_a_pause_are_news() -> None:
    here, away = SeatView(connected=True), SeatView(connected=False)
    computer = SeatView(level=Level.EASY, connected=True)
    standing_in = SeatView(level=Level.EXPERT, connected=False, stand_in=True)
    before = _table(here, here, computer)
    assert list(news(before, before, 0)) == []
    assert list(news(before, _table(here, away, computer), 0)) == ["Bruno left the table."]
    assert list(news(_table(here, away, computer), before, 0)) == ["Bruno is back at the table."]
    assert list(news(before, _table(away, here, computer), 0)) == []  # this seat's own
    assert list(news(_table(here, away, computer), _table(here, standing_in, computer), 0)) == [
        "Bruno is away: a computer plays for them until they are back."
    ]
    waiting = _table(away, here, computer, paused=True)
    assert list(news(_table(away, here, computer), waiting, 1)) == [
        "The game waits for Ana to come back."
    ]
    assert list(news(waiting, _table(here, here, computer), 1)) == [
        "Ana is back at the table.",
        "The game goes on.",
    ]


def test_join_with_a_link_that_is_not_a_tables_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["join", "http://example.org/\x1b[2J"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "generala-tui join: http://example.org/\\x1b[2J is neither a table's link "
        "(ws://HOST:PORT/TABLE?seat=KEY) nor a server (HOST:PORT)."
    ]


def test_join_without_a_terminal_says_so_as_the_game_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(output, "has_terminal", lambda: False)
    assert main(["join", "ws://127.0.0.1:8765/AbCdEfGh12345678?seat=KkKkKkKk12345678"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("generala-tui join: The game plays in a terminal")


def test_join_takes_no_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "Ana", "join", "ws://127.0.0.1:8765/AbCdEfGh12345678"]) == 2
    assert "don't go with 'join'" in capsys.readouterr().err


def test_join_with_a_code_that_is_not_one_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["join", "example.org", "K7Q-XM"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        "generala-tui join: K7Q-XM is not a table's code: it is six letters and digits, as K7QXM3."
    )


def test_join_asks_a_password_only_of_a_server(capsys: pytest.CaptureFixture[str]) -> None:
    link = "ws://127.0.0.1:8765/AbCdEfGh12345678?seat=KkKkKkKk12345678"
    assert main(["join", link, "--password"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "generala-tui join: --password is for a server's lobby or a code, not a link"


def test_a_rated_games_end_tells_each_players_rating_and_its_change() -> None:
    from generala_tui.online.protocol import RatingChange

    here, computer = SeatView(connected=True), SeatView(level=Level.EASY, connected=True)
    before = _table(here, here, computer)
    ratings = (
        RatingChange(seat=0, mu=27.94, sigma=7.2, before=25.0),
        RatingChange(seat=1, mu=23.5, sigma=7.21, before=25.0),
    )
    rated = before.model_copy(update={"ratings": ratings})
    assert list(news(before, rated, 0)) == [
        "Ana's rating: 27.9 ± 7.2 (+2.9)",
        "Bruno's rating: 23.5 ± 7.2 (−1.5)",
    ]
    assert list(news(rated, rated, 0)) == []  # told once
    i18n.set_language("es")
    assert next(iter(news(before, rated, 0))).endswith("27,9 ± 7,2 (+2,9)")
