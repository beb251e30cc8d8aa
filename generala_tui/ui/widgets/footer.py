"""A Footer that greys its keys in place when only which of them are enabled changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen

KeyShown = tuple[str, str, str, str, str, object]
"""What a FooterKey shows of a binding: key, key display, description, action, tooltip
and group (its greying aside)."""


class KeyFooter(Footer):
    """Textual's Footer rebuilds all its keys whenever the screen says its bindings
    changed: on the turn screen that is every fill (the next player may roll but not
    yet hold or fill), about 3 ms of mounting and styling before the frame. When the
    same keys are shown and only their greying changed, this one greys them in place;
    anything else (another language, other keys) is rebuilt as Textual does."""

    def __init__(self, *, show_command_palette: bool = True, compact: bool = False) -> None:
        super().__init__(show_command_palette=show_command_palette, compact=compact)
        self._drawn: tuple[KeyShown, ...] | None = None
        """The keys as last composed, when they were."""

    def _keys(self) -> tuple[tuple[KeyShown, ...], tuple[bool, ...]]:
        """The keys the Footer shows, in its order, and whether each is enabled (the
        first binding of each action, then the command palette's, as Footer composes)."""
        active = self.screen.active_bindings
        first: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                first.setdefault(binding.action, (binding, enabled, tooltip))
        shown = list(first.values())
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
            if palette is not None:
                shown.append((palette.binding, palette.enabled, palette.tooltip))
        keys = tuple(
            (
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                tooltip,
                binding.group,
            )
            for binding, _enabled, tooltip in shown
        )
        return keys, tuple(enabled for _binding, enabled, _tooltip in shown)

    def compose(self) -> ComposeResult:
        self._drawn = self._keys()[0] if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self._drawn is None or not screen.app.app_focus:
            super().bindings_changed(screen)
        elif self.is_attached and screen is self.screen:
            self.call_after_refresh(self._regrey)

    async def _regrey(self) -> None:
        if not self.is_attached:
            return
        keys, enabled = self._keys()
        shown = list(self.query(FooterKey).results(FooterKey))
        if keys != self._drawn or len(shown) != len(enabled):
            await self.recompose()
            return
        for key, on in zip(shown, enabled, strict=True):
            if key._disabled == on:  # FooterKey's own flag: a click on a grey key only beeps
                key._disabled = not on
                key.set_class(not on, "-disabled")
