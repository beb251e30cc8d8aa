"""The turn screen's keys: its bindings, each with an id the player's own keys may give other
keys (docs/keys.md), and the letters that fill a box at once, shown beside each box."""

from __future__ import annotations

from collections.abc import Mapping

from textual.binding import Binding

from ...game.model import Category
from .. import vocabulary

BOX_KEYS = vocabulary.BOX_KEYS


def box_binding_id(category: Category) -> str:
    """The id of the binding that fills ``category`` (``turn.box_full_house``)."""
    return f"turn.box_{category.value}"


def box_keys(keymap: Mapping[str, str]) -> dict[Category, str]:
    """The key shown beside each box: the first of the player's own keys for it (``keymap``:
    a binding's id to its keys, as :attr:`~..host.GameHost.keymap` gives them), as the
    Footer shows it, else the game's letter."""
    return {
        category: vocabulary.shown_key(box_binding_id(category), keymap, letter)
        for category, letter in BOX_KEYS.items()
    }


def hold_bindings(*, priority: bool) -> list[Binding]:
    """The keys 1 to 5, each holding or releasing the die at its place (the turn's and the
    trainer's, which shares their ids)."""
    return [
        Binding(
            str(n),
            f"hold({n - 1})",
            vocabulary.Keys.HOLD,
            key_display="1-5",
            show=n == 1,
            priority=priority,
            id=f"turn.hold_{n}",
        )
        for n in range(1, 6)
    ]


CHOOSE_BINDINGS = [
    Binding(
        "up",
        "move(-1)",
        vocabulary.Keys.CHOOSE,
        key_display="↑↓",
        priority=True,
        id="turn.cursor_up",
    ),
    Binding(
        "down", "move(1)", vocabulary.Keys.CHOOSE, show=False, priority=True, id="turn.cursor_down"
    ),
    Binding("enter", "fill", vocabulary.Keys.FILL, priority=True, id="turn.fill"),
]
"""The cursor over the open boxes, and Enter filling the box under it (the turn's and the
trainer's)."""


TURN_BINDINGS: list[Binding | tuple[str, str] | tuple[str, str, str]] = [
    Binding("r", "roll", vocabulary.Keys.ROLL, priority=True, id="turn.roll"),
    Binding("space", "roll", vocabulary.Keys.ROLL, show=False, priority=True, id="turn.roll"),
    # Priority like the roll's: a burst of keys ("1 2 4 r" in one read of the terminal)
    # runs in the order typed. A key without priority goes by the focused widget's queue
    # first, and a priority key typed after it would run before it.
    *hold_bindings(priority=True),
    *CHOOSE_BINDINGS,
    Binding(
        "enter",
        "end_tie_break",
        vocabulary.Keys.TAKE_SCORE,
        priority=True,
        id="turn.take_score",
    ),
    Binding("h", "coach", vocabulary.Keys.COACH, id="turn.coach"),
    Binding(
        "k",
        "app.coach_ranking",
        vocabulary.Keys.COACH_RANKING,
        show=False,
        id="turn.coach_ranking",
    ),
    Binding("l", "turn_log", vocabulary.Keys.LOG, id="turn.log"),
    Binding("c", "chat", vocabulary.Keys.CHAT, id="turn.talk"),
    # Off the Footer (full at 80 columns in Spanish): the side panel's button says "(w)".
    Binding("w", "win_chances", vocabulary.Keys.WIN_CHANCES, show=False, id="turn.win_chances"),
    Binding("f", "skip_ahead", vocabulary.Keys.SKIP_AHEAD, id="turn.skip_ahead"),
    Binding("p", "pause", vocabulary.Keys.PAUSE, id="turn.pause"),
    Binding(
        "plus,equals_sign", "speed(1)", vocabulary.Keys.PACE, key_display="+-", id="turn.faster"
    ),
    Binding("minus", "speed(-1)", vocabulary.Keys.SLOWER, show=False, id="turn.slower"),
    Binding(
        "escape", "leave_guide", show=False, id="turn.leave_guide"
    ),  # while a guide shows (ui/guide.py)
    Binding("escape", "app.new_game", vocabulary.Keys.SETUP, show=False, id="turn.setup"),
    # A box at once, as a click on it (off the Footer: its letter shows beside the box).
    *(
        Binding(
            letter,
            f"box('{category.value}')",
            vocabulary.Keys.FILL,
            show=False,
            priority=True,
            id=box_binding_id(category),
        )
        for category, letter in BOX_KEYS.items()
    ),
]
"""The turn screen's bindings (the trainer shares the ids of those it has too)."""
