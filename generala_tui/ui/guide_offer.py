"""The setup screen's offer of a guided game (:mod:`.guide`), on a first launch: apart from
the guide itself, which the setup screen's first frame does not show."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button

from . import guide_words
from .host import host_of


class GuideOffer(Horizontal):
    """The setup screen's offer of a guided game, on a first launch: take it, or say no
    (the help starts one any time)."""

    # Not scoped: its looks follow the setup screen's size classes.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    GuideOffer {
        height: auto;
        width: 100%;
        margin: 1 0 0 0;
        /* Shown from the screen's first layout at its size: the first name, focused before
        it, is brought into view by the layout without the offer (as it was before it). */
        display: none;
    }
    SetupScreen.-medium GuideOffer, SetupScreen.-tall GuideOffer { display: block; }
    SetupScreen.-short GuideOffer { display: block; margin: 0; }
    GuideOffer #guided-game { width: 1fr; }
    GuideOffer #decline-guide { width: auto; min-width: 0; margin-left: 1; }
    """

    def __init__(self) -> None:
        super().__init__(id="guide-offer")

    def compose(self) -> ComposeResult:
        keys = host_of(self).keymap
        yield Button(
            guide_words.offer_button(keys),
            id="guided-game",
            variant="warning",
            compact=True,
            tooltip=guide_words.offer_tooltip(),
        )
        yield Button(
            guide_words.decline_button(),
            id="decline-guide",
            compact=True,
            tooltip=guide_words.decline_tooltip(keys),
        )
