"""The guided first game's words: each lesson of the guide on the turn screen, at full length
and brief (for a terminal of 40 columns or 12 rows), the offer on the setup screen and the
help's button.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``leave_button()``) that looks its message up in the
catalogs each time it is called, each sentence a function of the facts it names.
Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from textual.content import Content

from ..i18n import NP_, _
from .vocabulary import (
    GAME_KEYS,
    SCRATCH_MARK,
    KeyMap,
    held_label,
    key_name,
    roll_button,
    shown_key,
)

GUIDED_GAME_KEY = NP_("key", "Guided game")
"""The help's key that starts a guided game, as the Footer names it."""

DONE_MARK = "✓"
"""The guide's last words: every lesson learned."""


def offer_button(keys: KeyMap = GAME_KEYS) -> str:
    """The setup screen's offer, on a first launch."""
    return _("First time? Play a guided game ({key})").format(
        key=shown_key("setup.guided_game", keys, "ctrl+f")
    )


def offer_tooltip() -> str:
    return _(
        "A short game for one player, with a guide on the turn screen: the dice, holding, "
        "the boxes, a served roll and a scratch, each as it comes up"
    )


def decline_button() -> str:
    """Beside the offer: no guided game, and no offer from now on."""
    return _("No, thanks")


def decline_tooltip(keys: KeyMap = GAME_KEYS) -> str:
    return _(
        "The setup screen stops offering it; the help ({key}) starts a guided game any time"
    ).format(key=shown_key("app.help", keys, "?"))


def help_button(keys: KeyMap = GAME_KEYS) -> str:
    """The help's button that starts a guided game."""
    return _("Play a guided game ({key})").format(key=shown_key("help.guided_game", keys, "g"))


def leave_button(brief: bool, done: bool = False) -> str:
    """The guide's button: leave it (at any step), or close it once it has said all."""
    esc = key_name("esc")
    if brief:
        return f"✕ {esc}"
    if done:
        return _("Close the guide ({key})").format(key=esc)
    return _("Leave the guide ({key})").format(key=esc)


def left_notice(keys: KeyMap = GAME_KEYS) -> str:
    """Said once the player leaves the guide."""
    return _(
        "The guide is closed: the game goes on. The help ({key}) starts a guided game any time."
    ).format(key=shown_key("app.help", keys, "?"))


UP, DOWN = "↑", "↓"
"""Where a lesson points: the dice over the guide, the boxes under it."""


def _roll_arrow(beside: bool) -> str:
    """Where the Roll button is from the guide: beside the dice at the right, or at the top."""
    return "→" if beside else "↗"


def _pointing(arrow: str, head: str | Content) -> Content:
    """A lesson's head: the arrow to what it speaks of, then its words (no arrow in them, so
    no translator handles one)."""
    return Content(f"{arrow} ") + (Content(head) if isinstance(head, str) else head)


def dice(brief: bool) -> tuple[Content, Content]:
    """Before the first roll: the dice, and how to roll them. Each lesson is a head (where it
    points, with an arrow) and a body (what to do, by key and by mouse)."""
    if brief:
        return _pointing(UP, _("Your dice: r or click {roll}").format(roll=roll_button())), Content(
            ""
        )
    return (
        _pointing(UP, _("Your five dice")),
        Content(
            _(
                "Roll them: press r (or {space}), or click {roll}. Up to three rolls a turn; "
                "filling a box ends it."
            ).format(space=key_name("space"), roll=roll_button())
        ),
    )


def hold(brief: bool) -> tuple[Content, Content]:
    """After a roll, nothing held: how to keep dice."""
    if brief:
        return _pointing(UP, _("Hold dice: 1-5 or click one")), Content("")
    return (
        _pointing(UP, _("Hold the dice you like")),
        Content(
            _(
                "Press 1 to 5, or click a die: it shows {held} and stays put when you roll. "
                "Again lets it go."
            ).format(held=held_label())
        ),
    )


def roll_again(brief: bool, beside: bool) -> tuple[Content, Content]:
    """Dice held: roll the others. ``beside``: the Roll button is at the right of the dice
    (else at the top, in a narrow terminal)."""
    arrow = _roll_arrow(beside)
    if brief:
        return (
            _pointing(arrow, _("Roll again: r or click {roll}").format(roll=roll_button())),
            Content(""),
        )
    return (
        _pointing(arrow, _("Roll the others")),
        Content(
            _(
                "Press r, or click {roll}: the held dice stay. You may change what you hold "
                "before every roll."
            ).format(roll=roll_button())
        ),
    )


def boxes(brief: bool) -> tuple[Content, Content]:
    """The open boxes and their previews: how to fill one."""
    if brief:
        return _pointing(DOWN, _("Fill a box: ↑↓ Enter, or click")), Content("")
    return (
        _pointing(DOWN, _("Boxes and their points")),
        Content(
            _(
                "Choose a box with ↑ ↓ and press Enter, or click it: filling one ends your "
                "turn. While rolls are left you may roll again first."
            )
        ),
    )


def served(
    brief: bool, box: str, points: int, plain: int, first_roll: bool
) -> tuple[Content, Content]:
    """A served roll made ``box``: ``points`` now instead of ``plain``. ``first_roll``: the
    house rules serve the turn's first roll (else any roll of all five dice)."""
    if brief:
        return (
            _pointing(
                DOWN,
                Content.from_markup(
                    _("Served! $box: $points, not $plain"), box=box, points=points, plain=plain
                ),
            ),
            Content(""),
        )
    why = (
        _("The turn's first roll is served")
        if first_roll
        else _("A roll of all five dice is served")
    )
    return (
        _pointing(DOWN, _("A served roll!")),
        Content.from_markup(
            _(
                "$why, so $box scores $points, not $plain. Fill it now (↑ ↓ and Enter, or a "
                "click) to keep the bonus."
            ),
            why=why,
            box=box,
            points=points,
            plain=plain,
        ),
    )


def scratch(brief: bool, box: str) -> tuple[Content, Content]:
    """No rolls left (or nothing fits): what a scratch is, and how to make one in ``box``."""
    mark = SCRATCH_MARK
    if brief:
        return (
            _pointing(DOWN, Content.from_markup(_("Nothing fits? Scratch: $mark, 0"), mark=mark)),
            Content(""),
        )
    return (
        _pointing(DOWN, _("Nothing fits? Scratch")),
        Content.from_markup(
            _(
                "Put $mark, 0 points, in a box you don't expect to make ($box, say): choose "
                "it, then Enter or a click. The game asks first."
            ),
            mark=mark,
            box=box,
        ),
    )


def waiting(brief: bool) -> tuple[Content, Content]:
    """Between lessons: nothing new to say yet."""
    if brief:
        return Content(_("Play on: more as it comes up")), Content("")
    return (
        Content(_("Play on")),
        Content(_("The guide speaks up again when something new comes up.")),
    )


def done(brief: bool) -> tuple[Content, Content]:
    """Every lesson learned: the guide's last words, until the next roll."""
    head = Content(f"{DONE_MARK} " + _("You know the game now!"))
    if brief:
        return head, Content("")
    return (
        head,
        Content(
            _(
                "The rules and every key are in the help (? or F1). The game goes on: roll "
                "when you are ready. Good luck!"
            )
        ),
    )
