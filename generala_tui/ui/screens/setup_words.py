"""The setup screen's words: the seats (their default names and level buttons, which follow a
change of language), the offer to resume, and its buttons.
"""

from __future__ import annotations

from textual.content import Content

from ...game.model import GameState, Level, Phase
from ...i18n import _, ngettext
from ..vocabulary import _LEVEL_NAMES, GAME_KEYS, KeyMap, level_labels, shown_key

GAME_NAME_ART = """\
 ╔═╗╔═╗╔╗╔╔═╗╦═╗╔═╗╦  ╔═╗
 ║ ╦║╣ ║║║║╣ ╠╦╝╠═╣║  ╠═╣
 ╚═╝╚═╝╝╚╝╚═╝╩╚═╩ ╩╩═╝╩ ╩"""
"""The game's name in block letters, over the setup screen (a name: the same in every
language)."""


LEVEL_STEP_MARK = "▸"
"""On a seat's level button, after the level: the button steps to the next one."""


def level_button_label(level: Level | None) -> str:
    """A seat's level button: the level, and the mark saying a press steps to the next."""
    return f"{level_labels()[level]} {LEVEL_STEP_MARK}"


def level_named(name: str, level: Level | None) -> str | None:
    """``name`` in the current language when it is the name the game gave a computer after
    its level, in any of the game's languages ("Medium", "Medium 2": "Medio", "Medio 2"), so
    that it can follow a change of language; None for a name typed (or a human's)."""
    from ...i18n import LANGUAGES, catalog

    if level is None:
        return None
    message = _LEVEL_NAMES[Level(level)]
    for lang in LANGUAGES:
        base = catalog(lang).gettext(message)
        if name == base:
            return _(message)
        number = name.removeprefix(base + " ")
        if name.startswith(base + " ") and number.isdigit():
            return f"{_(message)} {number}"
    return None


def setup_subtitle() -> str:
    return _("The Latin-American dice game")


def players_heading() -> str:
    return _("Players, in seating order")


def house_rules_heading() -> str:
    return _("House rules")


def name_placeholder() -> str:
    return _("Name")


def move_up_tooltip() -> str:
    return _("Move up")


def move_down_tooltip() -> str:
    return _("Move down")


def remove_tooltip() -> str:
    return _("Remove")


def level_tooltip() -> str:
    return _("Click, Enter or Space for the next level; ←/→ to step")


def add_player_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("+ Add player ({key})").format(key=shown_key("setup.add_player", keys, "ctrl+n"))


def change_rules_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Change… ({key})").format(key=shown_key("setup.house_rules", keys, "ctrl+r"))


def start_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Start the game ({key})").format(key=shown_key("setup.start", keys, "ctrl+s"))


def seat_label(seat: int) -> str:
    """A seat's number in the list of players (``seat`` counts from 0)."""
    return f"{seat + 1}."


def too_many_players(most: int) -> str:
    """Said when the player adds a seat to a full table."""
    return ngettext(
        "A game has at most {most} player.", "A game has at most {most} players.", most
    ).format(most=most)


def new_game_question(game: GameState) -> Content:
    """Asked before a new game replaces the game in progress offered on the setup screen."""
    return Content.from_markup(
        _("Start a new game? The game in progress ($scores, $stage) will be lost."),
        scores=_scores_line(game),
        stage=_stage(game),
    )


def resume_label(game: GameState, keys: KeyMap = GAME_KEYS) -> Content:
    """The setup screen's offer to go on with a saved game."""
    return Content.from_markup(
        _("Resume the game in progress: $scores, $stage ($key)"),
        scores=_scores_line(game),
        stage=_stage(game),
        key=shown_key("setup.resume", keys, "ctrl+o"),
    )


def _scores_line(game: GameState) -> str:
    """Every player's total: "Ana: 12 · Bea: 30" (a name can end in a number: "Player 1")."""
    return " · ".join(
        _("{name}: {total}").format(name=player.name, total=player.total) for player in game.players
    )


def _stage(game: GameState) -> str:
    """How far the game has come: "round 3/10", or "tie-break 1"."""
    if game.phase is Phase.TIE_BREAK:
        return _("tie-break {n}").format(n=len(game.tie_breaks))
    return _("round {round}/{rounds}").format(round=game.round, rounds=game.rounds)


def statistics_setup_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Statistics ({key})").format(key=shown_key("setup.statistics", keys, "ctrl+t"))


def history_setup_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("History ({key})").format(key=shown_key("setup.history", keys, "ctrl+y"))


def trainer_setup_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Trainer ({key})").format(key=shown_key("setup.trainer", keys, "ctrl+g"))


def online_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Play online ({key})").format(key=shown_key("setup.online", keys, "ctrl+l"))


def hosting_needs_humans() -> str:
    return _("An online table needs at least two human players: the others join from afar.")


def colour_tooltip(colour: str) -> str:
    """A seat's colour button's tooltip: its colour, and how to change it."""
    tip = _("Colour: {colour}. Click, Enter or Space for the next free colour; ←/→ to step")
    return tip.format(colour=colour)
