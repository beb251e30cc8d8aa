"""The Footer of every screen: Textual's, rebuilt only when the keys it shows change.

Textual's Footer rebuilds all its keys each time a screen says its bindings may have changed
(a focus moved, a key pressed, the terminal resized), and most of those times they have not:
the same keys, words and states as shown. Rebuilding them restyles every key, and that was
about a tenth of a turn's work. This Footer remembers what it last showed and passes on only
a change.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter

__all__ = ["Footer"]


class Footer(TextualFooter):
    """A Footer that rebuilds its keys only when what it shows changes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: list[tuple[object, ...]] | None = None

    def shown_keys(self, screen: Screen[Any]) -> list[tuple[object, ...]]:
        """What the Footer would show of ``screen``'s keys: each key shown, its name as
        displayed, its words, whether it is enabled and its tooltip (the palette's key too)."""
        app = screen.app
        return [
            (
                key,
                active.binding,
                app.get_key_display(active.binding),
                active.enabled,
                active.tooltip,
            )
            for key, active in screen.active_bindings.items()
            if active.binding.show or key == app.COMMAND_PALETTE_BINDING
        ]

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # Textual's Footer rebuilds its keys when this screen is its own and the app has the
        # focus (else it waits for the next change): only then is what it will show known.
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self.shown_keys(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)
