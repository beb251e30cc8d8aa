"""The turn log at the table: beside the boxes on a wide terminal (a computer's whole turn
readable there once played), one key away on a narrower one (``l`` opens it, escape closes
it), in the player's language, undo shown, and only what changed said again on a key."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from generala_tui.game import rules
from generala_tui.game.model import Category, GameState, Level, Player, Rolled
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.screens.turn_log import TurnLogScreen
from generala_tui.ui.widgets.scorecard import SideScorecard
from generala_tui.ui.widgets.turn_log import TurnLog

from ..conftest import footer_by_action, fully_shown, running, screen_text, settle, settle_until


def ana_and_rita() -> GameState:
    return rules.new_game([Player(name="Ana"), Player(name="Rita", level=Level.EASY)], seed=3)


async def anas_turn_then_ritas(app: GeneralaApp, pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("r", "1", "r", "enter")
    await pilot.pause()
    if isinstance(app.screen, ConfirmDialog):
        await pilot.press("y")
    await settle_until(pilot, lambda: app.game is not None and app.game.current == 0)


async def test_a_computers_whole_turn_is_readable_beside_the_boxes() -> None:
    """At 200x60 across the foot, a turn a line; at 200x40 beside the scorecard; resized to
    120x40, under it."""
    first = (200, 60)
    async with running(ana_and_rita(), size=first, computer_delay=0, settled=True) as (
        app,
        pilot,
    ):
        await anas_turn_then_ritas(app, pilot)
        for size in [first, (200, 40), (120, 40)]:
            if size != first:
                await pilot.resize_terminal(*size)
            await settle(pilot)
            huge = size == first
            log = app.screen.query_one("#huge-turn-log" if huge else "#wide-turn-log", TurnLog)
            assert log.display and fully_shown(app, log), size
            ritas = [line.plain for line in log.lines if "Rita:" in line.plain]
            assert len(ritas) == 1, size
            rolls = sum(
                1 for entry in app.game.log if isinstance(entry, Rolled) and entry.seat == 1
            )
            assert ritas[0].count("rolled ") == rolls > 0, size
            assert " in " in ritas[0] or "scratched" in ritas[0], size
            # On the screen, not only in the widget: her turn's first words and its last ones.
            shown = screen_text(app)
            assert "Round 1 · ♦ Rita:" in shown, size
            first_roll = ritas[0].split(": ")[1].split(" · ")[0]
            assert first_roll in shown, size  # a step's dice never split between two rows
            assert ritas[0].split(" · ")[-1].split()[-1] in shown, size
            scorecard = app.screen.query_one(SideScorecard)
            if huge:  # across the foot, under the boxes and the scorecard: a turn a line
                assert log.region.y >= scorecard.region.bottom
                assert log.virtual_size.height == len(log.lines) == 2
                assert ritas[0] in shown
                assert not app.screen.query_one("#wide-turn-log").display
            elif size == (200, 40):  # beside the scorecard, in the room that was empty
                assert log.region.x >= scorecard.region.right
                assert log.region.height > scorecard.region.height
            else:  # under it
                assert log.region.y >= scorecard.region.bottom, size
            assert scorecard.region.width == scorecard.virtual_size.width, size  # no column cut


async def test_undo_shows_in_the_log_beside_the_boxes() -> None:
    game = rules.new_game(["Ana", "Bruno"], seed=3)
    async with running(game, size=(200, 60), settled=True) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        log = app.screen.query_one("#huge-turn-log", TurnLog)
        rolled = [line.plain for line in log.lines]
        assert rolled == ["Round 1 · ■ Ana: rolled " + " ".join(map(str, app.game.turn.dice))]
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        await settle(pilot)
        assert len(log.lines) == 1 and log.lines[0].plain != rolled[0]
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert [line.plain for line in log.lines] == rolled
        assert rolled[0] in screen_text(app)


async def test_l_opens_the_turn_log_and_escape_closes_it() -> None:
    """At 80x24, then resized to 40x12."""
    first = (80, 24)
    async with running(ana_and_rita(), size=first, computer_delay=0, settled=True) as (
        app,
        pilot,
    ):
        await anas_turn_then_ritas(app, pilot)
        for size in [first, (40, 12)]:
            if size != first:
                await pilot.resize_terminal(*size)
                await settle(pilot)
            assert not app.screen.query("#wide-turn-log"), size  # no room beside the boxes
            await pilot.press("l")
            await settle(pilot)
            assert isinstance(app.screen, TurnLogScreen), size
            log = app.screen.query_one(TurnLog)
            assert fully_shown(app, log), size
            assert [line.plain.split(":")[0] for line in log.lines] == [
                "Round 1 · ■ Ana",
                "Round 1 · ♦ Rita",
            ], size
            assert "Round 1 · ■ Ana: rolled" in screen_text(app), size
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TurnScreen), size


@pytest.mark.parametrize("lang", ["en", "es", "sv"])
async def test_the_log_key_is_on_the_footer_at_80_columns(lang: str) -> None:
    async with running(ana_and_rita(), language=lang, computer_delay=0, settled=True) as (
        app,
        pilot,
    ):
        await pilot.press("r")
        await settle(pilot)
        keys = footer_by_action(app)
        assert keys["turn_log"] == {"en": "l Log", "es": "l Jugadas", "sv": "l Logg"}[lang]
        assert {"undo", "fill", "roll", "help"} <= set(keys)  # nothing pushed off for it


async def test_the_turn_log_speaks_spanish() -> None:
    game = rules.roll(rules.new_game(["Ana", "Bruno"], seed=3), [4, 4, 2, 6, 1])
    game = rules.score(game, Category.FOURS)
    async with running(game, language="es", settled=True) as (app, pilot):
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, TurnLogScreen)
        assert app.screen.query_one("#turn-log-panel").border_title == "Registro de jugadas"
        assert "Ronda 1 · ■ Ana: tiró 4 4 2 6 1 · anotó 8 en Cuatros" in screen_text(app)
        app.set_language("en")
        await settle(pilot)
        assert "Round 1 · ■ Ana: rolled 4 4 2 6 1 · scored 8 in Fours" in screen_text(app)


async def test_a_key_says_again_only_the_turn_it_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    from generala_tui.game.strategy import play_turn

    names = ("Ana", "Rita", "Bo", "Lu")
    game = rules.new_game([Player(name=name, level=Level.EASY) for name in names], seed=5)
    for _ in range(4 * 4):  # four rounds of computers, then Ana's seat is hers again
        game = play_turn(game)
    ana = game.players[0].model_copy(update={"level": None})
    game = game.model_copy(update={"players": (ana, *game.players[1:])})
    async with running(game, size=(200, 60), settled=True) as (app, pilot):
        log = app.screen.query_one("#huge-turn-log", TurnLog)
        told = len(log.lines)
        assert told > 10
        wrapped: list[str] = []
        original = TurnLog._wrapped

        def counted(self: TurnLog, line, width):  # type: ignore[no-untyped-def]
            wrapped.append("".join(part.plain for piece in line for part in piece))
            return original(self, line, width)

        monkeypatch.setattr(TurnLog, "_wrapped", counted)
        await pilot.press("r")
        await settle(pilot)
        assert len(log.lines) == told + 1
        assert len(wrapped) == 1 and wrapped[0].startswith("Round ")
        wrapped.clear()
        await pilot.press("1", "2", "1")  # holds: no line reads otherwise
        await settle(pilot)
        assert wrapped == []
        await pilot.press("r")
        await settle(pilot)
        assert len(wrapped) == 1 and "kept" in wrapped[0]
        assert isinstance(app.screen.query_one("#message"), Static)
