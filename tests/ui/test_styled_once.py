"""Each widget of a screen's first frame is styled once: not again when the screen first
shows (screens.StyledOnce), nor while it is being built (GeneralaApp.update_styles)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import StyledOnce
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen


@pytest.mark.parametrize("two_players", [False, True], ids=["setup", "turn"])
async def test_the_first_frame_styles_each_widget_once(
    two_players: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    styled: Counter[int] = Counter()
    apply = Stylesheet.apply

    def counted(self: Stylesheet, node: DOMNode, *args: Any, **kwargs: Any) -> None:
        styled[id(node)] += 1
        apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    game: GameState | None = None
    if two_players:
        game = rules.new_game([Player(name="Ana"), Player(name="Bea")], HouseRules(), 5)
    app = GeneralaApp(game, computer_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TurnScreen if two_players else SetupScreen)
        widgets = [screen, *screen.walk_children()]
        counts = [styled[id(node)] for node in widgets]
        # Styled once as it mounted, and again only where a class changed as the screen
        # was drawn (the box under the cursor...). Styling the whole screen again as it
        # first showed made about two and a half each. (The Footer's keys are Textual's:
        # it restyles them as it sets them compact, as often as its bindings come.)
        ours = [node for node in widgets if not isinstance(node, FooterKey)]
        assert max(styled[id(node)] for node in ours) <= 2, [
            (node, styled[id(node)]) for node in ours if styled[id(node)] > 2
        ]
        assert sum(counts) <= 1.3 * len(widgets), sum(counts)
        assert all(styled[id(node)] >= 1 for node in widgets)


class Buttons(StyledOnce[None]):
    def compose(self) -> ComposeResult:
        changed = Button("changed", variant="success", id="changed")
        changed.variant = "error"  # a class change before mounting: not styled now
        changed.add_class("-wide")
        yield changed
        yield Button("error", variant="error", id="error")


async def test_a_screen_shown_again_is_styled_again_as_textual_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    restyled: list[DOMNode] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self: Stylesheet, nodes: Iterable[DOMNode], animate: bool = False) -> None:
        nodes = list(nodes)
        restyled.extend(nodes[:1])
        update_nodes(self, nodes, animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    app = GeneralaApp(computer_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = Buttons()
        app.install_screen(screen, "again")
        await app.push_screen("again")
        await pilot.pause()
        assert app.screen is screen
        assert screen not in restyled  # first shown: styled as it mounted, not again
        await app.pop_screen()
        await pilot.pause()
        await app.push_screen("again")  # pushed again: Textual asks for its styles again
        await pilot.pause()
        assert app.screen is screen
        assert restyled.count(screen) == 1


async def test_a_widget_changed_before_it_mounts_is_styled_as_it_is_when_it_mounts() -> None:
    app = GeneralaApp(computer_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.push_screen(Buttons())
        await pilot.pause()
        changed = app.screen.query_one("#changed", Button)
        error = app.screen.query_one("#error", Button)
        assert changed.has_class("-error") and not changed.has_class("-success")
        assert changed.styles.background == error.styles.background
        assert changed.styles.background != Button().styles.background
        before = changed.styles.background
        changed.variant = "success"  # mounted now: styled at once
        assert changed.styles.background != before
