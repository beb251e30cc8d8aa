"""The game's data: categories, house rules, players and the whole game state.

Every model is a frozen pydantic model. The rules functions in
:mod:`generala_tui.game.rules` take a state and return a new one; nothing here
changes after it is built, so a state can be kept for undo, saved as JSON and
compared by value.

A state is deeply immutable (a player's boxes are a read-only mapping), and a
state built from outside data (the constructor, :meth:`GameState.model_validate`
or :meth:`GameState.model_validate_json`) is refused with a
:class:`pydantic.ValidationError` (a ``ValueError``) unless it could have arisen
in play under its house rules: every die 1 to 6, five dice or none, points each
box can hold, the phase, winners and seats in agreement. Whether the log leads
to the state is :func:`generala_tui.game.rules.replay`'s question. The rules
functions build new states with ``model_copy(update=...)``, which checks
nothing, so play stays fast; :func:`refusal` gives a refusal's reason in words
for the player.

Each model's schema is built the first time one is validated (``defer_build``),
not when this module is imported.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Annotated, Any, Literal, Self

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StringConstraints,
    ValidationError,
    WrapSerializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .words import N_

NUMBER_OF_DICE = 5
MAX_ROLLS = 3
MAX_PLAYERS = 8
MAX_NAME_LENGTH = 20
MAX_TOGGLES_PER_TURN = 100
"""Hold toggles a turn of a game's record may hold (docs/performance.md, "Hostile records").

A turn needs at most 15: since this bound came in, a toggle that takes back a toggle made
since the last roll takes it out of the log (:func:`~generala_tui.game.rules.toggle_hold`),
so at most 5 are logged after each of the three rolls. Earlier releases logged every press,
so a saved game or record of theirs may hold more; a hundred leaves room for a player who
changed their mind over every die many times (the home 10362cd wrote has two at most)."""
MAX_TIE_BREAK_ROUNDS = 32
"""Tie-break rounds a game may have. A round is played again only on a tie, which for two
players comes about one time in seven (0.13 to 0.16 for the tie-break scores of a first
roll, or of rolling for the most of a kind); even at one in two, 32 rounds in a row come
once in two billion tie-breaks."""
STEPS_PER_TURN = MAX_TOGGLES_PER_TURN + MAX_ROLLS + 1
"""The most steps a turn logs: its toggles, its rolls and the fill or tie-break score ending it."""


class Category(StrEnum):
    """A box of the scorecard, in scorecard order (docs/rules.md)."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    STRAIGHT = "straight"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    GENERALA = "generala"
    DOUBLE_GENERALA = "double_generala"
    TWO_PAIRS = "two_pairs"


MAX_LOG_STEPS = (MAX_PLAYERS * len(Category) + MAX_PLAYERS * MAX_TIE_BREAK_ROUNDS) * STEPS_PER_TURN
"""The longest log a game can have: eight players' twelve turns and as many tie-break rounds
as there can be, every turn with as many steps as a turn can log."""


NUMBER_CATEGORIES: tuple[Category, ...] = (
    Category.ONES,
    Category.TWOS,
    Category.THREES,
    Category.FOURS,
    Category.FIVES,
    Category.SIXES,
)
"""The six number boxes; ``NUMBER_CATEGORIES[n - 1]`` counts the n's."""


class ServedRoll(StrEnum):
    """Which rolls are served (house rule ``served_roll``, docs/rules.md)."""

    FIRST_ROLL = "first_roll"
    ANY_FULL_ROLL = "any_full_roll"


class StraightRule(StrEnum):
    """Which dice make a straight (house rule ``straight``, docs/rules.md)."""

    STANDARD = "standard"
    STRICT = "strict"
    WRAPAROUND = "wraparound"
    ONE_REPLACES_TWO = "one_replaces_two"
    ONES_WILD = "ones_wild"


class Level(StrEnum):
    """The strength of a computer player."""

    EASY = "easy"
    MEDIUM = "medium"
    EXPERT = "expert"


class Phase(StrEnum):
    """Where the game is: regular rounds, a tie-break, or finished."""

    PLAYING = "playing"
    TIE_BREAK = "tie_break"
    OVER = "over"


class Ending(StrEnum):
    """How a finished game was decided."""

    POINTS = "points"
    """Every box was filled and one player had the highest total."""
    SERVED_GENERALA = "served_generala"
    """A Generala on a served roll won at once (docs/rules.md)."""
    TIE_BREAK = "tie_break"
    """Tied leaders played tie-break rounds and one won them."""
    SHARED = "shared"
    """Tied leaders share the win (house rule ``tie_break`` off)."""


# --- refusals ---------------------------------------------------------------

IMPOSSIBLE = "impossible_game"
"""The type of a :class:`pydantic.ValidationError`'s error raised by the models' own checks:
its message is a whole sentence for the player."""


JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: invisible, but part of how names are written (the
Persian علی‌رضا, a family emoji), so a name may hold them and a text keeps them."""


def shows(text: str) -> bool:
    """Whether every character of ``text`` is one a terminal shows as itself: no control,
    format (bidi overrides, zero-width spaces), separator other than the space, surrogate,
    private or unassigned character, the :data:`JOINERS` apart. Names must show."""
    return text.isprintable() or all(char.isprintable() or char in JOINERS for char in text)


def printable(text: str) -> str:
    """``text`` with each character that does not show (:func:`shows`) written as Python
    escapes it (``\\x1b``, ``\\u202e``), so text from outside (a file's keys, values,
    pydantic's words about them, an operating system's message) never drives the terminal."""
    if shows(text):
        return text
    return "".join(
        char if char.isprintable() or char in JOINERS else repr(char)[1:-1] for char in text
    )


def _impossible(reason: str) -> PydanticCustomError:
    # The reason goes in through the context, so braces in a player's name
    # are not read as a template.
    return PydanticCustomError(IMPOSSIBLE, "{reason}", {"reason": reason})


def refusal(error: ValidationError) -> str:
    """The first reason a :class:`pydantic.ValidationError` gives, in English words for a player.

    The models' own refusals are whole sentences ("A die shows 1 to 6, not 7."), given as
    they are; pydantic's own words (a missing field, a word where a number belongs) are
    prefixed with where they were found ("players.0.name: String should have at most 20
    characters"). This is the one place such errors are put in words.
    """
    details = error.errors(include_url=False)
    if not details:  # pragma: no cover - pydantic always says something
        return str(error)
    first = details[0]
    message = printable(str(first["msg"]))
    if first["type"] == IMPOSSIBLE:
        return message
    where = error_place(error)
    return f"{where}: {message}" if where else message


def error_place(error: ValidationError) -> str:
    """Where the first thing wrong was found, as a dotted path ("game.players.0.name");
    empty when it is the whole value."""
    details = error.errors(include_url=False)
    if not details:
        return ""
    # A key read from a file is shown as Python writes it when it has a character that
    # can't be shown (a control sequence must not reach the terminal).
    parts = (str(part) for part in details[0]["loc"])
    return ".".join(part if shows(part) else repr(part) for part in parts)


BOX_NAMES: Mapping[Category, str] = MappingProxyType(
    {
        Category.ONES: N_("Ones"),
        Category.TWOS: N_("Twos"),
        Category.THREES: N_("Threes"),
        Category.FOURS: N_("Fours"),
        Category.FIVES: N_("Fives"),
        Category.SIXES: N_("Sixes"),
        Category.STRAIGHT: N_("Straight"),
        Category.FULL_HOUSE: N_("Full house"),
        Category.FOUR_OF_A_KIND: N_("Four of a kind"),
        Category.GENERALA: N_("Generala"),
        Category.DOUBLE_GENERALA: N_("Double Generala"),
        Category.TWO_PAIRS: N_("Two pairs"),
    }
)
"""The boxes' names in English (docs/rules.md, section "Names"), each a message id of the
translation catalogs: the one list of them (``words.category_label`` says them in the
current language)."""


def box_name(category: Category) -> str:
    """The English name of a box, for messages: "Full house", "Double Generala"."""
    return BOX_NAMES[category]


# The rules build a Turn and a Rolled at every roll, so their checks start
# with a quick test made of set lookups, and look for the words only when
# it fails.
_FACES = frozenset(range(1, 7))
_HELD_AND_LOCKED = frozenset(
    # Each die free (0), held (1) or held and locked (2): 243 pairs, built at import.
    (tuple(mark != 0 for mark in marks), tuple(mark == 2 for mark in marks))
    for marks in itertools.product((0, 1, 2), repeat=NUMBER_OF_DICE)
)
"""Every ``(held, locked)`` pair of a turn: a locked die is held."""
_ROLL_HOLDS = frozenset(
    held for count in range(NUMBER_OF_DICE) for held in itertools.combinations(range(5), count)
)
"""Every ``Rolled.held``: positions in order, each once, at least one die thrown."""


def _bad_face(dice: tuple[int, ...]) -> str | None:
    for value in dice:
        if value not in _FACES:
            return f"A die shows 1 to 6, not {value}."
    return None


def _check_sizes(data: Any, bounds: Mapping[str, tuple[int, str]]) -> None:
    """Refuse, before any item is validated, a list (or mapping) in ``data`` longer than a
    game can make it: ``bounds`` maps a field to its most items and the sentence refusing
    more (with ``{count}`` and ``{most}``). Otherwise pydantic would build a model, or an
    error, for each of millions of items before the model's own checks see the first."""
    if not isinstance(data, dict):
        return
    for field, (most, sentence) in bounds.items():
        value = data.get(field)
        if isinstance(value, list | tuple | dict) and len(value) > most:
            raise _impossible(sentence.format(count=len(value), most=most))


# --- house rules ------------------------------------------------------------


class FrozenModel(BaseModel):
    """The base of the game's models and of the files': frozen, unknown fields refused.

    Each schema is built the first time the class validates (``defer_build``):
    importing the game builds none, and a first frame builds only those it uses.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


NonNegative = Annotated[int, Field(ge=0)]
"""0 or more."""

# The boxes' points (docs/rules.md), for the rules' scoring and the models' checks alike.
FIXED_POINTS: Mapping[Category, int] = MappingProxyType(
    {Category.STRAIGHT: 20, Category.FULL_HOUSE: 30, Category.FOUR_OF_A_KIND: 40}
)
"""The boxes worth fixed points, which house rule ``served_bonus`` raises on a served roll."""
DOUBLE_GENERALA_POINTS = 100
DOUBLE_GENERALA_SERVED_POINTS = 120
"""Double Generala's points on a served roll, with ``double_generala_served_bonus``."""
TWO_PAIRS_POINTS = 10
TWO_PAIRS_SERVED_BONUS = 5
"""Two pairs' bonus on a served roll, whatever ``served_bonus`` is."""


class HouseRules(FrozenModel):
    """The house rules of docs/rules.md, with the same names and defaults."""

    generala_points: Literal[50, 60] = 50
    served_bonus: Literal[5, 10] = 5
    served_roll: ServedRoll = ServedRoll.FIRST_ROLL
    straight: StraightRule = StraightRule.STANDARD
    served_generala_wins: bool = True
    double_generala: bool = False
    double_generala_served_bonus: bool = True
    two_pairs: bool = False
    locked_holds: bool = False
    tie_break: bool = True

    def categories(self) -> tuple[Category, ...]:
        """The categories in play under these rules, in scorecard order."""
        return _categories(self)

    def possible_points(self) -> Mapping[Category, frozenset[int]]:
        """Every number of points each box in play can hold under these rules, 0 (a scratch) too."""
        return _possible_points(self)


@functools.cache
def _categories(house_rules: HouseRules) -> tuple[Category, ...]:
    # Asked at every move: worked out once for each set of house rules.
    return tuple(
        category
        for category in Category
        if (category is not Category.DOUBLE_GENERALA or house_rules.double_generala)
        and (category is not Category.TWO_PAIRS or house_rules.two_pairs)
    )


@functools.cache
def _possible_points(house_rules: HouseRules) -> Mapping[Category, frozenset[int]]:
    possible: dict[Category, frozenset[int]] = {}
    for category in house_rules.categories():
        if category in NUMBER_CATEGORIES:
            face = NUMBER_CATEGORIES.index(category) + 1
            points = {face * count for count in range(NUMBER_OF_DICE + 1)}
        elif category in FIXED_POINTS:
            fixed = FIXED_POINTS[category]
            points = {fixed, fixed + house_rules.served_bonus}
        elif category is Category.GENERALA:
            points = {house_rules.generala_points}
        elif category is Category.DOUBLE_GENERALA:
            plain = DOUBLE_GENERALA_POINTS
            served = DOUBLE_GENERALA_SERVED_POINTS
            points = {plain, served if house_rules.double_generala_served_bonus else plain}
        else:
            points = {TWO_PAIRS_POINTS, TWO_PAIRS_POINTS + TWO_PAIRS_SERVED_BONUS}
        possible[category] = frozenset(points | {0})
    return MappingProxyType(possible)


# --- players, boxes, turns --------------------------------------------------

PlayerName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME_LENGTH)
]
"""1 to 20 characters, spaces around them dropped."""


class Box(FrozenModel):
    """A filled box: the points it holds, or a scratch (always 0 points)."""

    points: NonNegative
    scratched: bool = False

    @model_validator(mode="after")
    def _scratch_is_zero(self) -> Self:
        if self.scratched is not bool(self.points):
            return self
        if self.scratched:
            raise _impossible(f"A scratched box holds 0 points, not {self.points}.")
        raise _impossible("A box filled with 0 points is a scratch.")


def _freeze_boxes(boxes: Mapping[Category, Box]) -> Mapping[Category, Box]:
    # A copy behind a read-only view: no one holding the mapping given can
    # change the player, and no one can change the player's boxes.
    return MappingProxyType(dict(boxes))


def _boxes_as_dict(boxes: Mapping[Category, Box], serialize: SerializerFunctionWrapHandler) -> Any:
    # The same JSON as a plain dict of boxes, as the files have always had it.
    return serialize(dict(boxes))


Boxes = Annotated[
    Mapping[Category, Box], AfterValidator(_freeze_boxes), WrapSerializer(_boxes_as_dict)
]
"""A player's filled boxes: a read-only mapping from category to box."""

_NO_BOXES: Mapping[Category, Box] = MappingProxyType({})
_PLAYER_SIZES = {"boxes": (len(Category), "A scorecard has at most {most} boxes, not {count:,}.")}


class Player(FrozenModel):
    """A player's name, strength (``None`` for a human) and filled boxes.

    ``boxes`` is read-only; a new box makes a new player (``model_copy`` with
    ``update={"boxes": {**player.boxes, category: box}}``).
    """

    name: PlayerName
    level: Level | None = None
    boxes: Boxes = Field(default_factory=lambda: _NO_BOXES)

    @model_validator(mode="before")
    @classmethod
    def _not_too_many(cls, data: Any) -> Any:
        _check_sizes(data, _PLAYER_SIZES)
        return data

    @property
    def total(self) -> int:
        """The sum of the player's boxes."""
        return sum(box.points for box in self.boxes.values())

    def holds_points(self, category: Category) -> bool:
        """Whether the box is filled with points (not open, not scratched)."""
        box = self.boxes.get(category)
        return box is not None and not box.scratched

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied; new boxes are frozen too (nothing is validated).

        ``deep`` changes nothing: every part of a player is immutable already.
        """
        if update is not None and "boxes" in update:
            update = {**update, "boxes": _freeze_boxes(update["boxes"])}
        return super().model_copy(update=update)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        # Immutable all the way down: a deep copy can be the player itself
        # (and a read-only mapping can't be deep-copied).
        return self

    def __getstate__(self) -> dict[Any, Any]:
        # Pickle the boxes as a dict: a read-only mapping can't be pickled.
        state = super().__getstate__()
        return {**state, "__dict__": {**state["__dict__"], "boxes": dict(self.boxes)}}

    def __setstate__(self, state: dict[Any, Any]) -> None:
        fields = state["__dict__"]
        boxes = _freeze_boxes(fields["boxes"])
        super().__setstate__({**state, "__dict__": {**fields, "boxes": boxes}})


class Turn(FrozenModel):
    """The dice of the turn in progress.

    ``dice`` is empty before the first roll. ``held`` marks the dice the player
    keeps for the next roll; ``locked`` marks, under house rule
    ``locked_holds``, the dice that were held when a roll was thrown and so
    stay held. ``served`` tells whether the last roll taken was served.
    """

    dice: tuple[int, ...] = ()
    held: tuple[bool, ...] = (False,) * NUMBER_OF_DICE
    locked: tuple[bool, ...] = (False,) * NUMBER_OF_DICE
    rolls: Annotated[int, Field(ge=0, le=MAX_ROLLS)] = 0
    served: bool = False

    @model_validator(mode="before")
    @classmethod
    def _not_too_many(cls, data: Any) -> Any:
        _check_sizes(data, _TURN_SIZES)
        return data

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if (self.held, self.locked) in _HELD_AND_LOCKED and (
            len(self.dice) == NUMBER_OF_DICE and _FACES.issuperset(self.dice)
            if self.rolls
            else not (self.dice or self.served or True in self.held)
        ):
            return self
        raise _impossible(_turn_problem(self))


_TURN_SIZES = {
    "dice": (
        NUMBER_OF_DICE,
        "A turn shows {most} dice, or none before its first roll, not {count:,}.",
    ),
    "held": (NUMBER_OF_DICE, "A turn marks which of its {most} dice are held, not {count:,}."),
    "locked": (NUMBER_OF_DICE, "A turn marks which of its {most} dice are locked, not {count:,}."),
}


def _turn_problem(turn: Turn) -> str:
    if len(turn.dice) not in (0, NUMBER_OF_DICE):
        return (
            f"A turn shows {NUMBER_OF_DICE} dice, or none before its first roll, "
            f"not {len(turn.dice)}."
        )
    for marks, what in ((turn.held, "held"), (turn.locked, "locked")):
        if len(marks) != NUMBER_OF_DICE:
            return f"A turn marks which of its {NUMBER_OF_DICE} dice are {what}, not {len(marks)}."
    if turn.rolls and not turn.dice:
        return f"A turn shows its dice after a roll, but {turn.rolls} rolls show none."
    if not turn.rolls and turn.dice:
        return "A turn shows no dice before its first roll."
    if not turn.rolls and (True in turn.held or True in turn.locked or turn.served):
        return "Before the first roll of a turn no die is held or served."
    return (
        _bad_face(turn.dice) or "A locked die is a held die, but here one is locked and not held."
    )


class TieBreakRound(FrozenModel):
    """One tie-break round: who plays it, in seating order, and their scores so far."""

    contenders: tuple[int, ...]
    scores: tuple[int, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _not_too_many(cls, data: Any) -> Any:
        _check_sizes(data, _TIE_BREAK_SIZES)
        return data

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if len(self.scores) > len(self.contenders) or any(score < 0 for score in self.scores):
            raise _impossible(
                f"A tie-break round of {len(self.contenders)} players can't have the scores "
                f"{list(self.scores)}."
            )
        return self


_TIE_BREAK_SIZES = {
    "contenders": (MAX_PLAYERS, "A tie-break is played by at most {most} players, not {count:,}."),
    "scores": (MAX_PLAYERS, "A tie-break round has at most {most} scores, not {count:,}."),
}


# --- the log ----------------------------------------------------------------


class HoldToggled(FrozenModel):
    """A die held or released between rolls: a step towards a roll, not a decision."""

    kind: Literal["hold"] = "hold"
    seat: NonNegative
    die: int
    """The die's position, 0 to 4."""
    held: bool
    """Whether the die is held after the step."""

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if not 0 <= self.die < NUMBER_OF_DICE:
            raise _impossible(f"The dice are numbered 0 to 4: there is no die {self.die}.")
        return self


class Rolled(FrozenModel):
    """A roll: the dice that were held, and what the five dice show after it."""

    kind: Literal["roll"] = "roll"
    seat: NonNegative
    held: tuple[int, ...] = ()
    """Positions (0 to 4) of the dice held when the roll was thrown."""
    dice: tuple[int, ...]
    """All five dice after the roll, in position order."""
    served: bool = False
    """Whether the roll was served (docs/rules.md)."""
    won: bool = False
    """Whether the roll won the game at once: a served Generala (docs/rules.md)."""

    @model_validator(mode="before")
    @classmethod
    def _not_too_many(cls, data: Any) -> Any:
        _check_sizes(data, _ROLL_SIZES)
        return data

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if (
            len(self.dice) == NUMBER_OF_DICE
            and _FACES.issuperset(self.dice)
            and self.held in _ROLL_HOLDS
            and (not self.won or (self.served and len(set(self.dice)) == 1))
        ):
            return self
        if len(self.dice) != NUMBER_OF_DICE:
            raise _impossible(f"A roll shows {NUMBER_OF_DICE} dice, not {len(self.dice)}.")
        if self.held not in _ROLL_HOLDS:
            raise _impossible(
                "A roll throws at least one die and holds dice 0 to 4, each once in order, "
                f"not {list(self.held)}."
            )
        raise _impossible(_bad_face(self.dice) or "Only a Generala on a served roll wins at once.")

    @property
    def thrown(self) -> tuple[int, ...]:
        """The positions the roll threw."""
        return tuple(i for i in range(NUMBER_OF_DICE) if i not in self.held)


_ROLL_SIZES = {
    "dice": (NUMBER_OF_DICE, "A roll shows {most} dice, not {count:,}."),
    "held": (NUMBER_OF_DICE, "A roll holds dice 0 to 4, each once at most, not {count:,} dice."),
}


class Filled(FrozenModel):
    """A box filled, ending the turn: the points it took, 0 for a scratch."""

    kind: Literal["fill"] = "fill"
    seat: NonNegative
    category: Category
    scratch: bool = False
    """Whether the player chose to scratch the box (a 0 scored in Ones to Sixes is not)."""
    points: NonNegative = 0
    served_bonus: NonNegative = 0
    """The part of ``points`` the served roll added."""

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if self.served_bonus <= self.points and (
            not self.points
            if self.scratch
            else bool(self.points) or self.category in NUMBER_CATEGORIES
        ):
            return self
        name = box_name(self.category)
        if self.scratch and self.points:
            raise _impossible(f"A scratch of {name} takes 0 points, not {self.points}.")
        if not self.scratch and not self.points and self.category not in NUMBER_CATEGORIES:
            raise _impossible(f"{name} is scored with points, or else scratched.")
        raise _impossible(
            f"A served bonus of {self.served_bonus} can't be part of {self.points} points."
        )


class TieBreakEnded(FrozenModel):
    """A tie-break turn ended, with the tie-break score its dice earned (docs/rules.md)."""

    kind: Literal["tie_break"] = "tie_break"
    seat: NonNegative
    points: NonNegative


LogEntry = Annotated[HoldToggled | Rolled | Filled | TieBreakEnded, Field(discriminator="kind")]
"""One step of the game's log, appended by the rules functions."""


# --- the game ---------------------------------------------------------------


class GameState(FrozenModel):
    """Everything about a game in progress or finished.

    ``current`` is the index of the player whose turn it is. ``winners`` is
    empty until the game is over. ``log`` is the game's record: every step
    taken since the start, in order, appended by the rules functions (a hold
    toggle that takes back one made since the last roll takes that one out
    instead), so the game can be replayed from its start
    (:func:`generala_tui.game.rules.replay`). Its length is bounded by the turns
    played (:data:`STEPS_PER_TURN` a turn, :data:`MAX_LOG_STEPS` in all).
    ``seed`` makes the dice reproducible: the n-th roll of a game is drawn from
    the seed and n, so a saved game goes on with the same dice.

    Building a state checks that it could have arisen in play (see the
    module's docstring); ``model_copy`` checks nothing.
    """

    players: tuple[Player, ...]
    house_rules: HouseRules = Field(default_factory=lambda: HouseRules())
    current: int = 0
    turn: Turn = Field(default_factory=lambda: Turn())
    phase: Phase = Phase.PLAYING
    winners: tuple[int, ...] = ()
    ending: Ending | None = None
    tie_breaks: tuple[TieBreakRound, ...] = ()
    seed: int = 0
    log: Annotated[tuple[LogEntry, ...], Field(fail_fast=True)] = ()

    @model_validator(mode="before")
    @classmethod
    def _not_too_long(cls, data: Any) -> Any:
        # Before the log's items are validated: a log of a million entries is refused in
        # one sentence, not after a million models or errors are built; so is an object
        # anywhere in the game with a million unknown keys (an error each).
        _check_sizes(data, _GAME_SIZES)
        _check_keys(data)
        return data

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        _check_players(self.players)
        _check_boxes(self)
        _check_turn(self)
        _check_phase(self)
        _check_log(self)
        return self

    @property
    def dice_thrown(self) -> int:
        """How many rolls the game has thrown so far."""
        # Counted at every roll, over the whole log: map and count run in C.
        return list(map(type, self.log)).count(Rolled)

    @property
    def current_player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def rounds(self) -> int:
        """How many rounds the game has: one per category in play."""
        return len(self.house_rules.categories())

    @property
    def round(self) -> int:
        """The round being played, from 1 (the last round once every box is filled)."""
        return min(len(self.current_player.boxes) + 1, self.rounds)

    @property
    def rolls_left(self) -> int:
        """Rolls the current player may still take in this turn."""
        return MAX_ROLLS - self.turn.rolls


_FEW_UNKNOWN_KEYS = 16
"""Unknown keys in one object that are each told as pydantic tells them; more are one error."""

_ENTRIES: dict[str, type[FrozenModel]] = {
    "hold": HoldToggled,
    "roll": Rolled,
    "fill": Filled,
    "tie_break": TieBreakEnded,
}


def _check_keys(data: Any) -> None:
    """Refuse, before any item is validated, an object of a game (the game, its house rules,
    turn, players, boxes, log entries, tie-break rounds) with more than a few unknown keys.
    Called on a game read from outside (the rules build their states without validating
    them), its lists already within their bounds (:func:`_check_sizes`)."""

    def check(value: Any, model: type[FrozenModel], where: str) -> None:
        if isinstance(value, dict) and len(value) > len(model.model_fields) + _FEW_UNKNOWN_KEYS:
            unknown = next(key for key in value if key not in model.model_fields)
            raise _impossible(
                f"{where} holds {len(value):,} keys, where {len(model.model_fields)} at most "
                f"are known ({unknown!r} is not one of them)."
            )

    def items(value: Any) -> list[Any]:
        return list(value) if isinstance(value, list | tuple) else []

    if not isinstance(data, dict):
        return
    check(data, GameState, "The game")
    check(data.get("house_rules"), HouseRules, "The game's house rules")
    check(data.get("turn"), Turn, "The game's turn")
    for seat, player in enumerate(items(data.get("players"))):
        check(player, Player, f"Player {seat + 1}")
        boxes = player.get("boxes") if isinstance(player, dict) else None
        if isinstance(boxes, dict):
            for box in boxes.values():
                check(box, Box, f"A box of player {seat + 1}")
    for step, entry in enumerate(items(data.get("log"))):
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if isinstance(kind, str):
            model = _ENTRIES.get(kind)
            if model is not None:
                check(entry, model, f"Step {step + 1} of the game's log")
    for round_, tie_break in enumerate(items(data.get("tie_breaks"))):
        check(tie_break, TieBreakRound, f"Tie-break round {round_ + 1}")


_GAME_SIZES = {
    "players": (MAX_PLAYERS, "A game has 1 to {most} players, not {count:,}."),
    "winners": (MAX_PLAYERS, "A game has at most {most} winners, not {count:,}."),
    "tie_breaks": (
        MAX_TIE_BREAK_ROUNDS,
        "A game has at most {most} tie-break rounds, not {count:,}.",
    ),
    "log": (MAX_LOG_STEPS, "A game's log holds at most {most:,} steps, not {count:,}."),
}


# The checks of a whole game, in the words of docs/rules.md. Each raises at the
# first thing that could not have happened.


def _check_players(players: tuple[Player, ...]) -> None:
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise _impossible(f"A game has 1 to {MAX_PLAYERS} players, not {len(players)}.")
    seen: set[str] = set()
    for player in players:
        if not shows(player.name):
            raise _impossible(f"The name {player.name!r} has a character that can't be shown.")
        if player.name.casefold() in seen:
            raise _impossible(
                f"Two players are called {player.name}: each needs a name of their own."
            )
        seen.add(player.name.casefold())


def _seat(state: GameState, seat: int, what: str) -> None:
    if not 0 <= seat < len(state.players):
        raise _impossible(
            f"{what} seat {seat + 1}, but the table has {len(state.players)} "
            f"player{'s' if len(state.players) > 1 else ''}."
        )


def _check_boxes(state: GameState) -> None:
    possible = state.house_rules.possible_points()
    for player in state.players:
        for category, box in player.boxes.items():
            if category not in possible:
                raise _impossible(
                    f"{player.name} has a {box_name(category)} box, "
                    "which these house rules don't play."
                )
            if box.points not in possible[category]:
                raise _impossible(
                    f"No dice score {box.points} points in {player.name}'s "
                    f"{box_name(category)} box."
                )
        double = player.boxes.get(Category.DOUBLE_GENERALA)
        if double is not None and double.points and not player.holds_points(Category.GENERALA):
            raise _impossible(
                f"{player.name}'s Double Generala holds points, but their Generala box doesn't."
            )


def _check_turn(state: GameState) -> None:
    if any(state.turn.locked) and not state.house_rules.locked_holds:
        raise _impossible("A die is locked, but these house rules don't lock holds.")


def _filled_as_due(state: GameState, playing: bool) -> None:
    """Every box filled; or, in the regular rounds, the seats before ``current`` one ahead."""
    rounds = state.rounds
    due = [rounds] * len(state.players)
    if playing:
        filled = len(state.current_player.boxes)
        due = [filled + (seat < state.current) for seat in range(len(state.players))]
        if filled >= rounds:
            raise _impossible(
                f"{state.current_player.name} has filled every box, yet the game goes on."
            )
    for player, boxes in zip(state.players, due, strict=True):
        if len(player.boxes) != boxes:
            raise _impossible(
                f"{player.name} has filled {len(player.boxes)} boxes where {boxes} "
                "are due at this point of the game."
            )


def _check_phase(state: GameState) -> None:
    _seat(state, state.current, "It is the turn of")
    for tie_round in state.tie_breaks:
        contenders = tie_round.contenders
        for seat in contenders:
            _seat(state, seat, "A tie-break is played by")
        if len(contenders) < 2 or list(contenders) != sorted(set(contenders)):
            raise _impossible(
                "A tie-break is played by two or more tied players, in seating order, "
                f"not by seats {[seat + 1 for seat in contenders]}."
            )
    for tie_round in state.tie_breaks[:-1]:
        if len(tie_round.scores) != len(tie_round.contenders):
            raise _impossible("A tie-break round ended before all its players had played.")
    winners = state.winners
    if state.phase is not Phase.OVER:
        if winners or state.ending is not None:
            raise _impossible("A game still being played has no winner and no ending yet.")
        if state.phase is Phase.PLAYING:
            if state.tie_breaks:
                raise _impossible("A tie-break comes only after every box is filled.")
            _filled_as_due(state, playing=True)
            return
        if not state.tie_breaks:
            raise _impossible("A tie-break is being played, but no tie-break round is saved.")
        tie_round = state.tie_breaks[-1]
        played = len(tie_round.scores)
        if played >= len(tie_round.contenders) or tie_round.contenders[played] != state.current:
            raise _impossible("It is not the turn of the next player of the tie-break round.")
        _filled_as_due(state, playing=False)
        return
    if state.ending is None or not winners:
        raise _impossible("A finished game names its winners and how it was decided.")
    for seat in winners:
        _seat(state, seat, "The game was won by")
    if list(winners) != sorted(set(winners)):
        raise _impossible("The winners are listed once each, in seating order.")
    if (len(winners) > 1) != (state.ending is Ending.SHARED):
        raise _impossible("Only a shared win has more than one winner.")
    if state.ending is Ending.TIE_BREAK and not state.tie_breaks:
        raise _impossible("A game won in a tie-break has a tie-break round.")
    in_rounds = state.ending is Ending.SERVED_GENERALA and not state.tie_breaks
    _filled_as_due(state, playing=in_rounds)


def _check_log(state: GameState) -> None:
    # The turns the state says were played bound its log: each ended turn logs at most
    # STEPS_PER_TURN steps, and so does the one being played (or the one a served
    # Generala won).
    ended = sum(len(player.boxes) for player in state.players)
    ended += sum(len(tie_round.scores) for tie_round in state.tie_breaks)
    most = (ended + 1) * STEPS_PER_TURN
    if len(state.log) > most:
        raise _impossible(
            f"A game {ended} turn{'s' if ended != 1 else ''} in holds at most {most:,} steps "
            f"in its log, not {len(state.log):,}."
        )
    possible = state.house_rules.possible_points()
    toggles, turn = 0, 1
    for number, entry in enumerate(state.log, start=1):
        _seat(state, entry.seat, f"Step {number} of the game's record is played by")
        if isinstance(entry, HoldToggled):
            toggles += 1
            if toggles > MAX_TOGGLES_PER_TURN:
                raise _impossible(
                    f"A turn holds or releases dice at most {MAX_TOGGLES_PER_TURN} times, "
                    f"but turn {turn} of the game's record does so more often."
                )
        elif isinstance(entry, Filled | TieBreakEnded):
            toggles, turn = 0, turn + 1
        if isinstance(entry, Filled):
            if entry.category not in possible:
                raise _impossible(
                    f"Step {number} of the game's record fills {box_name(entry.category)}, "
                    "which these house rules don't play."
                )
            if entry.points not in possible[entry.category]:
                raise _impossible(
                    f"Step {number} of the game's record scores {entry.points} points in "
                    f"{box_name(entry.category)}, which no dice can."
                )
