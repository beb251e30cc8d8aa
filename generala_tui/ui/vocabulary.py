"""What every screen names: the keys, the levels, the boxes, the marks.

The Footer's words (:class:`Keys`) stay message ids: a ``Binding`` keeps them, and
:mod:`generala_tui.ui.translated` translates them as the Footer is drawn, in the context
:data:`KEY_CONTEXT`. The words and sentences of one screen live beside that screen
(``screens/<screen>_words.py``), a widget's beside the widget (``widgets/<widget>_words.py``),
the app's own (the command palette, its notices) in :mod:`generala_tui.ui.app_words`; what more
than one of them names is here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from textual.keys import format_key

from .. import words
from ..game.action import BEST_MARGIN as BEST_MARGIN
from ..game.action import Action, ActionKind
from ..game.model import NUMBER_OF_DICE, Category, Level
from ..i18n import N_, NP_, _, ngettext, pgettext

KEY_CONTEXT = "key"
"""The catalogs' context of the Footer's words."""


class Keys:
    """The Footer's words for the keys, as message ids: BINDINGS keep these, and the screens
    translate them each time the Footer is drawn (see :mod:`generala_tui.ui.translated`), in
    the context :data:`KEY_CONTEXT`: a key's word is short, the Footer has one line."""

    QUIT = NP_("key", "Quit")
    HELP = NP_("key", "Help")
    SCORECARD = NP_("key", "Scorecard")
    NEW_GAME = NP_("key", "New game")
    UNDO = NP_("key", "Undo")
    CLOSE = NP_("key", "Close")
    STATISTICS = NP_("key", "Statistics")
    HISTORY = NP_("key", "History")
    OTHER_RULES = NP_("key", "Other rules")
    SAVE = NP_("key", "Save")
    CANCEL = NP_("key", "Cancel")
    ADD_PLAYER = NP_("key", "Add player")
    HOUSE_RULES = NP_("key", "House rules")
    START = NP_("key", "Start")
    RESUME = NP_("key", "Resume")
    ROLL = NP_("key", "Roll")
    HOLD = NP_("key", "Hold")
    CHOOSE = NP_("key", "Choose")
    FILL = NP_("key", "Fill")
    TAKE_SCORE = NP_("key", "Take score")
    COACH = NP_("key", "Coach")
    COACH_RANKING = NP_("key", "Rank by")
    LOG = NP_("key", "Log")
    WIN_CHANCES = NP_("key", "Chances")
    SKIP_AHEAD = NP_("key", "Skip ahead")
    PAUSE = NP_("key", "Pause")
    PACE = NP_("key", "Pace")
    SLOWER = NP_("key", "Slower")
    SETUP = NP_("key", "Setup")
    YES = NP_("key", "Yes")
    NO = NP_("key", "No")
    PLAY_AGAIN = NP_("key", "Play again")
    ANALYSIS = NP_("key", "Analysis")
    SCROLL = NP_("key", "Scroll")
    PAGE = NP_("key", "Page")
    TOP = NP_("key", "Top")
    END = NP_("key", "End")
    TRY_AGAIN = NP_("key", "Try again")
    LANGUAGE = NP_("key", "Language")
    TRAINER = NP_("key", "Trainer")
    ONLINE = NP_("key", "Play online")
    HOST_TABLE = NP_("key", "Host")
    JOIN_TABLE = NP_("key", "Join")
    TAKE_SEAT = NP_("key", "Take a seat")
    WATCH = NP_("key", "Watch")
    OPEN_TABLE = NP_("key", "Open a table")
    OPEN_RATED = NP_("key", "Open rated")
    RECENT_GAMES = NP_("key", "Rated games")
    BACK = NP_("key", "Back")
    CHAT = NP_("key", "Talk")
    NEXT = NP_("key", "Next")
    ANOTHER_ROUND = NP_("key", "Another round")
    OPEN = NP_("key", "Open")
    STEP = NP_("key", "Step")
    FIRST = NP_("key", "First")
    LAST = NP_("key", "Last")
    TURN = NP_("key", "Turn")
    EXPORT = NP_("key", "Save record")
    PLAYER = NP_("key", "Player")
    CHART = NP_("key", "Chart/list")
    # Textual's own words, in its Footer, its command palette and its key panel.
    PALETTE = NP_("key", "palette")
    PALETTE_TOOLTIP = NP_("key", "Open the command palette")
    DISMISS_MENU = NP_("key", "Dismiss menu")  # an open Select's list
    EXIT_PALETTE = NP_("key", "Exit the command palette")


KEY_NAME_CONTEXT = "key name"
"""The catalogs' context of the keys' names."""


_KEY_NAMES: dict[str, str] = {
    # As Textual's Footer writes them (``App.get_key_display``) ...
    "esc": NP_("key name", "esc"),
    "space": NP_("key name", "space"),
    "tab": NP_("key name", "tab"),
    "home": NP_("key name", "home"),
    "end": NP_("key name", "end"),
    "pgup": NP_("key name", "pgup"),
    "pgdn": NP_("key name", "pgdn"),
    "PgUp/PgDn": NP_("key name", "PgUp/PgDn"),
    # ... and as the help and the buttons name them.
    "escape": NP_("key name", "escape"),
    "enter": NP_("key name", "enter"),
}
"""The keys whose names are words, as message ids: each language names them as its keyboards
print them (Spanish "Intro", "Inicio"; Swedish "mellanslag"); symbols and letters stay."""


BOX_KEYS: Mapping[Category, str] = MappingProxyType(
    dict(zip(Category, "abdegijmnotu", strict=True))
)
"""The key that fills each box at once, as a click on it does: a letter the turn screen's other
keys leave free, the same in every language, shown beside the box."""


def key_name(key: str) -> str:
    """The name of ``key`` (a Textual key name, or the Footer's display of one) as the players
    of the current language read it on their keyboards; a key that is no word stays as it is."""
    message = _KEY_NAMES.get(key)
    return pgettext(KEY_NAME_CONTEXT, message) if message is not None else key


def escape_label() -> str:
    """The escape key as a button names it, in brackets after its word ("Close (Esc)")."""
    return pgettext("key name", "Esc")


def yes_key() -> str:
    """The key that answers a dialog's question yes: the first letter of the language's "yes"
    (``y``, Spanish ``s``, Swedish ``j``); ``y`` is accepted in every language too."""
    return pgettext("answer key", "y")


KeyMap = Mapping[str, str]
"""The player's own keys in use (the app's ``keymap``, :mod:`generala_tui.ui.keymap`): a
binding's id to its keys, comma-separated, in Textual's names ("ctrl+g,f5"); a binding not in it
keeps the game's keys."""

GAME_KEYS: KeyMap = MappingProxyType({})
"""No key of the player's own: every binding keeps the game's keys."""


def key_display(key: str) -> str:
    """``key`` (in Textual's names: "ctrl+g", "escape", "question_mark") as the Footer shows it
    ("^g", "esc", "?"), in the words of the current language's keyboards (:func:`key_name`)."""
    *modifiers, base = key.split("+")
    shown = format_key(base)
    if "ctrl" in modifiers:
        modifiers.remove("ctrl")
        shown = f"^{shown}"
    return key_name("+".join([*modifiers, shown]))


def shown_keys(binding_id: str, keymap: KeyMap, default: Sequence[str]) -> list[str]:
    """The keys a sentence names for the binding ``binding_id``: ``default`` (the game's keys as
    the words have always written them) unless ``keymap`` gives the binding keys of the
    player's own, then those, each as the Footer shows it (:func:`key_display`; escape as
    :func:`escape_label`)."""
    own = keymap.get(binding_id)
    if not own:
        return list(default)
    # Escape as the labels have always named it ("Close (Esc)"), the others as the Footer does.
    keys = [key.strip() for key in own.split(",") if key.strip()]
    return [escape_label() if key == "escape" else key_display(key) for key in keys]


def shown_key(binding_id: str, keymap: KeyMap, default: str) -> str:
    """The key a label names for the binding ``binding_id`` ("Coach (h)"): ``default`` (the
    game's key as the label has always written it) unless ``keymap`` gives the binding keys of
    the player's own, then the first of them as the Footer shows it ("^g", "esc", "?")."""
    return shown_keys(binding_id, keymap, [default])[0]


def hold_keys(keys: KeyMap = GAME_KEYS) -> str:
    """The keys that hold the dice: "1-5", or the player's own, one a die ("a s d f g")."""
    held = [shown_key(f"turn.hold_{n}", keys, str(n)) for n in range(1, NUMBER_OF_DICE + 1)]
    if held == [str(n) for n in range(1, NUMBER_OF_DICE + 1)]:
        return f"1-{NUMBER_OF_DICE}"
    return " ".join(held)


NO_KEY = "n"
"""The key that answers no: the first letter of "no" in all three languages ("nej")."""


COMPUTER_MARK = "⚙"
"""A computer player, in the standings and on the seats' level buttons."""


def level_labels() -> dict[Level | None, str]:
    return {
        None: _("Human"),
        **{level: f"{COMPUTER_MARK} " + _(name) for level, name in _LEVEL_NAMES.items()},
    }


_LEVEL_NAMES = words.LEVEL_NAMES


category_label = words.category_label


refusal = words.refusal


CURSOR_MARK = "▶"
"""The box the player's cursor is on."""


ADVICE_MARK = "★"
"""The coach's advice."""


CURRENT_MARK = "»"
"""The player to act, in the standings."""


BEST_CHANCE_MARK = "♛"
"""In the coach's list: the choice that leaves the best chance of winning (★ marks the best
expected total)."""


HELD_KEEP_MARK = "◆"
"""In the coach's list: the keep the held dice make."""


SCRATCH_MARK = "✗"
"""A scratched box."""


OPEN_MARK = "·"
"""An open box, on the scorecard."""


LUCKY_MARK = "▲"
"""On the course chart and in the analysis's list: a roll luckier than expected."""


UNLUCKY_MARK = "▼"
"""On the course chart and in the analysis's list: a roll unluckier than expected."""


COSTLY_MARK = "✗"
"""On the course chart and in the analysis's list: a costly decision."""


WINNER_MARK = "★"
"""A winner, in the final ranking."""


def roll_button() -> str:
    """The button that rolls (the turn screen's, the trainer's; the guide names it)."""
    return _("Roll")


_DEFAULT_PLAYER_NAME = N_("Player {seat}")


def default_player_name(seat: int) -> str:
    """The name a new seat starts with (``seat`` counts from 1)."""
    return _(_DEFAULT_PLAYER_NAME).format(seat=seat)


def default_name_number(name: str) -> int | None:
    """The number in ``name`` when it is a seat's default name in any of the game's languages
    ("Jugador 2": 2), so that it can follow a change of language; None for a name typed."""
    from ..i18n import LANGUAGES, catalog

    for lang in LANGUAGES:
        prefix, _field, suffix = catalog(lang).gettext(_DEFAULT_PLAYER_NAME).partition("{seat}")
        middle = name.removeprefix(prefix).removesuffix(suffix)
        if name.startswith(prefix) and name.endswith(suffix) and middle.isdigit():
            return int(middle)
    return None


def held_label() -> str:
    """Under a held die (the dice tray's; the guide names it)."""
    return _("HELD")


def close_button(binding_id: str = "", keys: KeyMap = GAME_KEYS) -> str:
    """The button that closes a panel (help, scorecard, analysis), naming the first key of its
    binding ``binding_id`` ("help.close") when the player gave it keys of their own."""
    return _("Close ({key})").format(key=shown_key(binding_id, keys, escape_label()))


GAME_NAME = "GENERALA"
"""The game's name over the turn screen: a name, the same in every language."""


def describe_action(action: Action, dice: Sequence[int] = ()) -> str:
    """The action in words; with the turn's ``dice``, a roll names the dice it keeps."""
    if action.kind is ActionKind.ROLL:
        if not action.held:
            return _("Roll all five dice") if dice else pgettext("action", "Roll")
        if len(dice) == NUMBER_OF_DICE:
            kept = "-".join(str(dice[i]) for i in action.held)
            return _("Keep {dice} and roll").format(dice=kept)
        return ngettext(
            "Hold die {dice} and roll", "Hold dice {dice} and roll", len(action.held)
        ).format(dice=names_and([str(i + 1) for i in action.held]))
    if action.kind is ActionKind.END_TIE_BREAK:
        return _("End the tie-break turn")
    assert action.category is not None
    box = category_label(action.category)
    if action.kind is ActionKind.SCORE:
        return _("Score {box}").format(box=box)
    return _("Scratch {box}").format(box=box)


def names_and(names: Sequence[str]) -> str:
    """Names in a list: "Ana and Bruno", "Ana, Bruno and Carla"."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def dice_text(dice: Sequence[int]) -> str:
    """The dice of a position: "3-3-5-6-6"."""
    return "-".join(str(d) for d in dice) if dice else _("no dice yet")
