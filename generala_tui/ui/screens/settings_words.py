"""The settings screen's words (the house rules' titles and explanations are
:func:`generala_tui.words.rule_text`, shared with the command line): the presets, the
player's display preferences; and the rules' summary the setup screen shows.
"""

from __future__ import annotations

from textual.content import Content

from ... import words
from ...game import rule_choices
from ...game.model import HouseRules
from ...i18n import _
from ..vocabulary import GAME_KEYS, KeyMap, escape_label, shown_key


def value_text() -> dict[str, str]:
    """The words for the values of the house rules that are not numbers."""
    return words.rule_values()


def rules_summary(house_rules: HouseRules) -> str:
    """The house rules in one or two lines, for the setup screen."""
    return " · ".join(dict.fromkeys(words.rule_phrases(house_rules).values()))


def settings_title() -> str:
    """The settings screen's heading (markup)."""
    return _("[b]House rules[/b]  for new games")


def presets_label() -> str:
    return _("Presets:")


CLASSIC_PRESET = rule_choices.CLASSIC
SWEDISH_PRESET = rule_choices.SWEDISH


def preset_about(name: str, summary: str) -> str:
    """What a preset is, under the presets and as its button's tooltip (``name``: its
    message id; ``summary``: the rules it sets, in a few words): a name alone, "Swedish
    rules", says nothing to a player who has not read the rules pages."""
    return _("{preset}: {rules}").format(preset=_(name), rules=summary)


def about_preset(name: str) -> str:
    """What the preset ``name`` (its message id) is, in a line: "Classic: Generala 50 · …"."""
    return preset_about(name, preset_summary(rule_choices.PRESETS[name], rule_choices.PRESET_KEYS))


def preset_summary(house_rules: HouseRules, keys: tuple[str, ...]) -> str:
    """The rules ``keys`` of ``house_rules`` in a few words: "Generala 60 · served +5 on any
    roll of all five dice"."""
    phrases = words.rule_phrases(house_rules)
    return " · ".join(dict.fromkeys(phrases[key] for key in keys if key in phrases))


def custom_rules() -> str:
    """Beside the presets when the rules are none of them."""
    return _("(custom rules)")


def save_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Save ({key})").format(key=shown_key("settings.save", keys, "ctrl+s"))


def cancel_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Cancel ({key})").format(key=shown_key("settings.cancel", keys, escape_label()))


def language_title() -> str:
    return _("Language")


def language_help() -> str:
    return _("The game's language: it changes at once, on every screen.")


def theme_title() -> str:
    return _("Theme")


def theme_help() -> str:
    return _("The colours of every screen: they change at once, and stay for next time.")


def preferences_heading() -> str:
    """The settings screen's heading over the player's own preferences (markup)."""
    return _("[b]Display[/b]  not a house rule: a change takes effect at once")


def roll_animation_title() -> str:
    return _("Roll animation")


def roll_animation_help() -> str:
    return _("The rolled dice tumble for a moment before they settle.")


def sorted_dice_title() -> str:
    return _("Dice in order")


def sorted_dice_help() -> str:
    return _("The dice show from the lowest face to the highest; a held die keeps its hold.")


def turn_nudge_title() -> str:
    return _("Nudge me when it is my turn online")


def turn_nudge_help() -> str:
    return _(
        "While the game's window is not in front: the terminal's bell, and a desktop "
        "notice where the terminal shows one."
    )


def on_off(value: bool) -> str:
    """A switch's state in a word."""
    return _("on") if value else _("off")


def preset_label(name: str, in_effect: bool) -> Content:
    """A preset's button (``name``: its message id), marked when the rules are that preset."""
    return Content(f"● {_(name)}" if in_effect else f"○ {_(name)}")


def preset_chosen(name: str) -> str:
    """Said when the player picks a preset (``name``: its message id)."""
    if name == CLASSIC_PRESET:
        return _("The Classic rules chosen: Save keeps them.")
    if name == SWEDISH_PRESET:
        return _("The Swedish rules chosen: Save keeps them.")
    return _("Preset {name} chosen: Save to keep it.").format(name=_(name))


def applies_only_when(switch: str) -> str:
    """Why a rule changes nothing: the rule ``switch`` (its key in
    :func:`generala_tui.words.rule_text`) is off."""
    return _("Applies only when “{rule}” is on.").format(rule=words.rule_text()[switch][0])
