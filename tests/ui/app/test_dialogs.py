"""A question's focus starts on the safe answer; y, n and escape answer it from anywhere, enter
on the scratch question keeps playing, and ctrl+q over another dialog still asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import Button, Static

import generala_tui.ui
from generala_tui.game.model import Category
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.dialogs import ConfirmDialog, QuitDialog

from ..conftest import click_box, fully_shown, nothing_to_score, running


class Asker(App[None]):
    """An app that asks one question and keeps the answers, styled as the game is."""

    CSS_PATH = Path(generala_tui.ui.__file__).parent / GeneralaApp.CSS_PATH

    def __init__(self, question: str = "Scratch Generala?") -> None:
        super().__init__()
        self.question = question
        self.answers: list[bool | None] = []

    def compose(self) -> ComposeResult:
        yield Static("under the dialog")

    def on_mount(self) -> None:
        self.push_screen(
            ConfirmDialog(Content(self.question), "Scratch", "Keep playing"), self.answers.append
        )


async def test_the_focus_starts_on_the_safe_answer_so_enter_enter_keeps_playing() -> None:
    app = Asker()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.focused is app.screen.query_one("#cancel", Button)
        assert "Keep playing" in str(app.focused.label)
        await pilot.press("enter")
        await pilot.pause()
        assert app.answers == [False]
        await pilot.press("enter")
        await pilot.pause()
        assert app.answers == [False]


@pytest.mark.parametrize(("key", "answer"), [("y", True), ("n", False), ("escape", False)])
async def test_y_n_and_escape_answer_the_question(key: str, answer: bool) -> None:
    app = Asker()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert app.answers == [answer]


async def test_tab_then_enter_confirms() -> None:
    app = Asker()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("shift+tab")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#confirm", Button)
        await pilot.press("enter")
        await pilot.pause()
        assert app.answers == [True]


@pytest.mark.parametrize("size", [(40, 12), (60, 20), (80, 24), (250, 70)])
async def test_a_long_question_and_both_buttons_fit_at_every_size(size: tuple[int, int]) -> None:
    question = "Scratch Four of a kind? It scores 0 and can't be filled again this game."
    app = Asker(question)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        for part in ("#question", "#confirm", "#cancel"):
            assert fully_shown(app, screen.query_one(part)), f"{part} at {size}"
        for button in screen.query(Button):
            label = str(button.label)
            assert button.content_region.width >= cell_len(label), f"{label} cut at {size}"
        await pilot.click("#confirm")
        await pilot.pause()
        assert app.answers == [True]


async def test_ctrl_q_over_another_dialog_still_asks() -> None:
    state = nothing_to_score()
    async with running(state) as (app, pilot):
        await click_box(pilot, Category.GENERALA)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running


async def test_enter_on_the_scratch_question_keeps_playing() -> None:
    state = nothing_to_score()
    async with running(state) as (app, pilot):
        await click_box(pilot, Category.GENERALA)
        await pilot.pause()
        await pilot.press(
            "enter"
        )  # the focus starts on "Keep playing": Enter, Enter never scratches
        await pilot.pause()
        assert app.game == state
        await click_box(pilot, Category.GENERALA)
        await pilot.pause()
        app.screen.query_one("#confirm", Button).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.players[0].boxes[Category.GENERALA].scratched
