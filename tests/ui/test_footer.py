"""The game's Footer rebuilds its keys only when what it shows changes."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from generala_tui.ui.widgets.footer import Footer


class KeysScreen(Screen[None]):
    BINDINGS = [Binding("r", "roll", "Roll"), Binding("h", "hold", "Hold")]

    def __init__(self) -> None:
        super().__init__()
        self.can_hold = True

    def compose(self) -> ComposeResult:
        yield Static("the table")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "hold" and not self.can_hold else True

    def action_roll(self) -> None: ...

    def action_hold(self) -> None: ...


class KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


def _keys(screen: Screen[None]) -> dict[str, Widget]:
    return {key.action: key for key in screen.query(FooterKey).results(FooterKey)}


async def test_the_footer_keeps_its_keys_until_one_changes() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        shown = _keys(screen)
        assert {"roll", "hold"} <= set(shown)

        # Told the bindings may have changed when they have not: the same keys stay.
        for _ in range(3):
            screen.refresh_bindings()
            await pilot.pause()
        assert _keys(screen) == shown
        assert all(key.is_attached for key in shown.values())

        # A key's state changes: the keys are rebuilt, and show it.
        screen.can_hold = False
        screen.refresh_bindings()
        await pilot.pause()
        rebuilt = _keys(screen)
        assert rebuilt["hold"] is not shown["hold"]
        assert rebuilt["hold"].has_class("-disabled")
        assert not rebuilt["roll"].has_class("-disabled")
