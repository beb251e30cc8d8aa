"""The rules in the app's own words, and every key."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Markdown

from ...game.model import GameState, HouseRules, Phase
from .. import guide_words, vocabulary
from ..host import host_of, own_keys
from ..widgets.footer import Footer
from . import help_words
from .modal import SCROLL_BINDINGS, Modal, scroll


class HelpScreen(Modal[None]):
    """The rules and the keys, in a panel that scrolls by keys and by mouse wheel."""

    # Parsed when the help is first shown (its dimmed backdrop is in generala.tcss, whose
    # `Screen` rule would win over this one's).
    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;

        #help-panel {
            width: 90;
            min-width: 50;
            max-width: 100%;
            height: 100%;
            max-height: 100%;
            border: round $primary;
            background: $surface;
            padding: 0 1;
        }

        #help-scroll {
            height: 1fr;
            scrollbar-size-vertical: 1;
        }

        #help-text {
            height: auto;
            padding: 0 1 0 0;
        }

        #help-text MarkdownH1 {
            margin: 1 0 0 0;
        }

        #help-text MarkdownH1:first-child {
            margin: 0;
        }

        #help-text MarkdownH2 {
            margin: 1 0 0 0;
        }

        #close-help {
            width: 100%;
        }
    }
    """

    BINDINGS = [
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="help.close"),
        Binding("question_mark", "close", vocabulary.Keys.CLOSE, show=False, id="help.close"),
        Binding("f1", "close", vocabulary.Keys.CLOSE, show=False, id="help.close"),
        *SCROLL_BINDINGS,
        Binding("g", "guided_game", guide_words.GUIDED_GAME_KEY, id="help.guided_game"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-panel"):
            pages = VerticalScroll(id="help-scroll")
            # The screen's keys scroll it from anywhere; the focus stays on Close.
            pages.can_focus = False
            with pages:
                yield Button(
                    guide_words.help_button(own_keys(self)),
                    id="guided-game",
                    variant="primary",
                    compact=True,
                )
                text = help_words.help_text(self._house_rules(), self._own_keys())
                yield Markdown(text, id="help-text")
            yield Button(
                vocabulary.close_button("help.close", own_keys(self)), id="close-help", compact=True
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#close-help", Button).focus()

    def _own_keys(self) -> dict[str, list[str]]:
        """The player's own keys in use, each as the Footer names it."""
        return {
            binding_id: [self.app.get_key_display(Binding(key, "")) for key in keys.split(",")]
            for binding_id, keys in host_of(self).keymap.items()
        }

    def _house_rules(self) -> HouseRules:
        game = host_of(self).game
        if isinstance(game, GameState):
            return game.house_rules
        rules = host_of(self).house_rules
        return rules if isinstance(rules, HouseRules) else HouseRules()

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one("#help-scroll", VerticalScroll), where)

    @on(Button.Pressed, "#close-help")
    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#guided-game")
    def action_guided_game(self) -> None:
        """A guided game, once the help has closed; asked first when it would replace a game
        in progress (the one in play, or the one the setup screen under the help offers)."""
        from .setup import SetupScreen, begin_guided_game

        if not self.is_current:
            return
        host = host_of(self)
        game = host.game
        left = game if isinstance(game, GameState) and game.phase is not Phase.OVER else None
        under = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        if left is None and isinstance(under, SetupScreen):
            left = under.resumable
        source = game if isinstance(game, GameState) else left
        name = next((p.name for p in source.players if p.level is None), None) if source else None
        self.dismiss(None)
        # From the app: a question's answer goes back to whoever asked, and the help is gone.
        self.app.call_later(begin_guided_game, self.app, host, left, name)
