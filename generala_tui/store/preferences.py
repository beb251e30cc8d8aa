"""The preferences (``config/preferences.json``): house rules, theme, pace, coach, the
last table of players and the language."""

from __future__ import annotations

import contextlib
import re
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, ValidationError
from pydantic_core import PydanticCustomError

from ..game.model import MAX_PLAYERS, HouseRules, Level, printable
from ..i18n import LANGUAGES, _
from .files import Unusable, write_file
from .formats import (
    FileModel,
    Format,
    bad_file,
    first_error,
    json_bytes,
    merged,
    read_object,
    salvage,
    upgrade,
    validate,
)
from .paths import legacy_settings_path, preferences_path

PREFERENCES_VERSION = 1


_COLOUR_NAME = re.compile(r"[a-z][a-z-]{0,23}")


def _colour_or_none(value: object) -> object:
    # A seat's colour is a nicety: one that is not a colour's name (a number, markup, a
    # word too long) is read as none, and the seat takes a free colour, rather than the
    # seat being lost with it. A well-formed name the interface does not know (a newer
    # version's colour) is kept, and the interface gives the seat a colour of its own.
    if isinstance(value, str) and _COLOUR_NAME.fullmatch(value):
        return value
    return None


class Seat(FileModel):
    """A seat of the last table of players: a name, a level for a computer, a colour."""

    name: str
    level: Level | None = None
    """The computer's strength; ``None`` for a human."""
    colour: Annotated[str | None, BeforeValidator(_colour_or_none)] = None
    """The player's colour by name (``generala_tui.ui.colours.PALETTE``); ``None``: the
    first free colour of the palette, in seat order (as in a file from before colours)."""


def _known_rules_only(value: object) -> object:
    # HouseRules forbids unknown keys; a rule from a newer version is kept
    # in the file (save_preferences merges) but not read.
    if isinstance(value, dict):
        return {key: rule for key, rule in value.items() if key in HouseRules.model_fields}
    return value


def _spoken(value: str | None) -> str | None:
    if value is not None and value not in LANGUAGES:
        raise PydanticCustomError(
            "language",
            "{value} is not a language generala-tui speaks ({spoken})",
            {"value": repr(value), "spoken": ", ".join(LANGUAGES)},
        )
    return value


class Preferences(FileModel):
    """What generala-tui remembers between runs (``config/preferences.json``).

    Keys a newer version added are kept (in ``model_extra``, and unknown house
    rules in the file on save), so an older generala-tui does not throw them away.
    """

    version: int = PREFERENCES_VERSION
    house_rules: Annotated[HouseRules, BeforeValidator(_known_rules_only)] = Field(
        default_factory=lambda: HouseRules()
    )
    """The house rules for new games."""
    theme: str = Field(default="textual-dark", max_length=100)
    """A Textual theme's name; one the app does not know is told and forgotten."""
    computer_delay: float = Field(default=0.7, ge=0, le=5)
    """Seconds between a computer's steps."""
    coach: bool = False
    win_chances: bool = False
    """Whether the turn screen shows every player's chance of winning (the bar under the top
    bar, ``w``). Off at first, like the coach: both tell what the expert sees, and a newcomer
    learns the game before being told the odds (and a first game with a friend is not
    dampened by a 3%)."""
    roll_animation: bool = True
    """Whether rolled dice tumble for a moment before they settle."""
    players: tuple[Seat, ...] = Field(default=(), max_length=MAX_PLAYERS)
    """The last table of players, in seating order."""
    language: Annotated[str | None, AfterValidator(_spoken)] = None
    """The language chosen on the settings screen; None: from the environment."""
    offer_guided_game: bool = False
    """Whether the setup screen offers a guided first game: from a first launch
    (:func:`first_launch`) until the player takes it or declines it; a file from before the
    guide, kept by a player who knows the game, offers none."""


def _preferences_from_settings(data: dict[str, Any]) -> dict[str, Any]:
    # Version 0 is the settings.json of the first releases: {"house_rules": {...}}.
    return {"house_rules": data["house_rules"]} if "house_rules" in data else {}


_PREFERENCES = Format(
    Preferences,
    PREFERENCES_VERSION,
    migrations={0: _preferences_from_settings},
    unversioned=0,
)


def load_preferences() -> tuple[Preferences, str | None]:
    """The saved preferences (the defaults when there are none), and a warning for the player.

    Without ``preferences.json``, an old ``settings.json`` is read into the
    preferences (and they are saved). A bad file is set aside; the values
    that could be read are kept, saved in its place, and the warning says so.
    """
    path = preferences_path()
    upgraded: dict[str, Any] | None = None
    try:
        data = read_object(path)
        if data is None:
            path = legacy_settings_path()
            data = read_object(path)
            if data is None:
                return Preferences(), None
            upgraded = upgrade(data, _PREFERENCES)
            preferences = validate(_PREFERENCES, upgraded)
            _save_preferences(preferences, merge=False)
            return preferences, None
        upgraded = upgrade(data, _PREFERENCES)
        return validate(_PREFERENCES, upgraded), None
    except Unusable as problem:
        # A bad value costs that value, not the whole file.
        defaults = Preferences()
        preferences = defaults if upgraded is None else salvage(_PREFERENCES, upgraded, defaults)
        consequence = (
            _("the default preferences apply")
            if preferences == defaults
            else _("the preferences that could be read apply")
        )
        warning = bad_file(path, problem, consequence)
        if preferences != defaults:
            _save_preferences(preferences, merge=False)
        return preferences, warning


def first_launch() -> bool:
    """Whether this home has no preferences yet (nor the first releases' settings): the
    game's first launch here."""
    return not any(path.exists() for path in (preferences_path(), legacy_settings_path()))


def save_preferences(preferences: Preferences) -> str | None:
    """Save the preferences atomically: ``None`` when saved, else a warning for the player.

    Keys in the file on disk that these preferences don't know (written by a
    newer version) are kept.
    """
    return _save_preferences(preferences, merge=True)


def _save_preferences(preferences: Preferences, merge: bool) -> str | None:
    path = preferences_path()
    try:
        # model_copy(update=...) does not validate: never write what load would refuse.
        checked = Preferences.model_validate(preferences.model_dump())
    except ValidationError as error:
        return _("The preferences were not saved: {error}.").format(error=first_error(error))
    document: Any = checked.model_dump(mode="json")
    if merge:
        with contextlib.suppress(Unusable):
            document = merged(read_object(path), document)
    reason = write_file(path, json_bytes(document, indent=2))
    if reason is None:
        return None
    return _(
        "The preferences could not be saved in {path} ({reason}); they apply until you quit."
    ).format(path=printable(str(path)), reason=reason)
