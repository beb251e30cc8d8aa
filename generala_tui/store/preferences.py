"""The preferences (``config/preferences.json``): house rules, theme, pace, coach, the
last table of players, the language and the player's own keys.

The annotations are not postponed (no ``from __future__ import annotations``), as in
:mod:`generala_tui.game.model`: pydantic reads the models' field types as they are, rather
than compiling and evaluating each from a string as the first frame imports them."""

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
    one_line,
    read_object,
    salvage,
    upgrade,
    validate,
)
from .paths import legacy_settings_path, preferences_path

PREFERENCES_VERSION = 1

_DEEPEST = 32
"""How deep a value read from the preferences may nest and be kept: far deeper than any the
game writes, and far from the depth at which writing it back fails (pydantic's writer
refuses values 255 deep), so that what was read can always be saved again."""


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
    sorted_dice: bool = False
    """Whether the turn screen shows the dice in order of their faces (a held die keeps its
    hold as it moves to its place), rather than where they were thrown."""
    turn_nudge: bool = True
    """Whether an online table tells this player their turn has come while the game's
    window is not in front: the terminal's bell, and a desktop notice where it shows one."""
    players: tuple[Seat, ...] = Field(default=(), max_length=MAX_PLAYERS)
    """The last table of players, in seating order."""
    language: Annotated[str | None, AfterValidator(_spoken)] = None
    """The language chosen on the settings screen; None: from the environment."""
    keys: dict[Annotated[str, Field(max_length=100)], Annotated[str, Field(max_length=200)]] = (
        Field(default_factory=dict, max_length=300)
    )
    """The player's own keys: a binding's id (``turn.roll``, the table in ``docs/keys.md``)
    to its keys, comma-separated (``"x,space"``). The interface checks them as the app
    starts (``generala_tui.ui.keymap``): an entry it can't honour is told and left out, and
    that binding keeps its own keys; the file keeps what the player wrote."""
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


def _writable(text: str) -> bool:
    # A JSON escape can make a lone surrogate (\ud800): read, but never written as UTF-8.
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _can_be_written_back(value: object) -> bool:
    """Whether ``value``, as JSON read it, can be written back: nested at most
    :data:`_DEEPEST` deep, its text (keys too) all Unicode."""
    waiting = [(value, 0)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, str):
            if not _writable(item):
                return False
        elif isinstance(item, dict | list):
            if depth >= _DEEPEST:
                return False
            if isinstance(item, dict):
                if not all(_writable(key) for key in item):
                    return False
                item = list(item.values())
            waiting.extend((inner, depth + 1) for inner in item)
    return True


def _drop_unwritable(data: dict[str, Any]) -> str | None:
    """Take out of ``data`` each key whose value could be read but not written back (a newer
    version's, or a stranger's): at the top, in the house rules and in each seat. The first
    one's place ("players.0.mood"), or ``None`` when every value can be written back."""
    dropped: list[str] = []

    def drop_from(node: dict[str, Any], where: str, inside: frozenset[str]) -> None:
        for key in list(node):
            if key not in inside and not _can_be_written_back({key: node[key]}):
                del node[key]
                dropped.append(f"{where}{key}")

    # Seats and house rules are looked into, so that one bad value costs that value only.
    looked_into: set[str] = set()
    seats = data.get("players")
    if isinstance(seats, list):
        kept = []
        for number, seat in enumerate(seats):
            if isinstance(seat, dict):
                drop_from(seat, f"players.{number}.", frozenset())
            elif not _can_be_written_back(seat):
                dropped.append(f"players.{number}")
                continue
            kept.append(seat)
        data["players"] = kept
        looked_into.add("players")
    rules = data.get("house_rules")
    if isinstance(rules, dict):
        drop_from(rules, "house_rules.", frozenset())
        looked_into.add("house_rules")
    drop_from(data, "", frozenset(looked_into))
    return dropped[0] if dropped else None


def load_preferences() -> tuple[Preferences, str | None]:
    """The saved preferences (the defaults when there are none), and a warning for the player.

    Without ``preferences.json``, an old ``settings.json`` is read into the
    preferences (and they are saved). A bad file is set aside; the values
    that could be read are kept, saved in its place, and the warning says so. A value
    that could be read but not written back (:func:`_can_be_written_back`) makes a bad
    file too: kept, it would fail every save after.
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
            _drop_unwritable(data)  # the old file is read once, and only its house rules
            upgraded = upgrade(data, _PREFERENCES)
            preferences = validate(_PREFERENCES, upgraded)
            _save_preferences(preferences, merge=False)
            return preferences, None
        # Before anything copies it (a migration, salvage): a deep value would not copy either.
        place = _drop_unwritable(data)
        upgraded = upgrade(data, _PREFERENCES)
        if place is not None:
            problem = _("holding a value that can't be written back ({place})")
            raise Unusable(one_line(problem.format(place=place)))
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
    on_disk: dict[str, Any] | None = None
    if merge:
        with contextlib.suppress(Unusable):
            on_disk = read_object(path)
        if on_disk is not None:
            # Another window's or a newer version's value that could not be written back
            # would fail this save (and the next): it goes, as a read would leave it out.
            _drop_unwritable(on_disk)
    try:
        data = json_bytes(merged(on_disk, checked.model_dump(mode="json")), indent=2)
    except (ValueError, RecursionError, TypeError):
        reason: str | None = _("a value in them can't be written back")
    else:
        reason = write_file(path, data)
    if reason is None:
        return None
    return _(
        "The preferences could not be saved in {path} ({reason}); they apply until you quit."
    ).format(path=printable(str(path)), reason=reason)
