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
nothing, so play stays fast; :func:`generala_tui.words.refusal` gives a refusal's
reason in words for the player. The law of a whole game (whose turn it is, the phase,
the winners, the log's length) lives in :mod:`generala_tui.game.law`, which the state's
check calls.

Each model's schema is built the first time one is validated (``defer_build``), not at
import; and the annotations are not postponed (no ``from __future__ import annotations``):
pydantic takes the field types as they are, without compiling and evaluating strings (a
quarter of this module's import time).
"""

import functools
import itertools
from collections.abc import Iterable, Iterator, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    SerializerFunctionWrapHandler,
    StringConstraints,
    model_serializer,
    model_validator,
)
from pydantic_core import CoreSchema, core_schema

from . import law
from .boxes import (
    BOX_NAMES,
    FACES,
    MAX_ROLLS,
    NO_SUCH_DIE,
    NUMBER_CATEGORIES,
    NUMBER_OF_DICE,
    WRONG_FACE,
    Category,
    box_name,
)
from .law import MAX_LOG_STEPS, MAX_TAKE_BACKS, MAX_TIE_BREAK_ROUNDS, Ending, Phase
from .names import MAX_NAME_LENGTH, MAX_PLAYERS, WRONG_PLAYER_COUNT, check_names
from .points import (
    DOUBLE_GENERALA_POINTS,
    DOUBLE_GENERALA_SERVED_POINTS,
    FIXED_POINTS,
    TWO_PAIRS_POINTS,
    TWO_PAIRS_SERVED_BONUS,
    ServedRoll,
    StraightRule,
)
from .refusals import JOINERS, Refusal, error_place, printable, refused, shows
from .words import N_

__all__ = [  # the dice, boxes, points, refusals and phases are the models' words: importable here
    "BOX_NAMES",
    "DOUBLE_GENERALA_POINTS",
    "DOUBLE_GENERALA_SERVED_POINTS",
    "FIXED_POINTS",
    "JOINERS",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MAX_ROLLS",
    "NUMBER_CATEGORIES",
    "NUMBER_OF_DICE",
    "TWO_PAIRS_POINTS",
    "TWO_PAIRS_SERVED_BONUS",
    "Category",
    "Ending",
    "Phase",
    "Refusal",
    "ServedRoll",
    "StraightRule",
    "box_name",
    "check_names",
    "error_place",
    "printable",
    "refused",
    "shows",
]


class Level(StrEnum):
    """The strength of a computer player."""

    EASY = "easy"
    MEDIUM = "medium"
    EXPERT = "expert"
    CHAMPION = "champion"


# The rules build a Turn and a Rolled at every roll, so their checks start
# with a quick test made of set lookups, and look for the words only when
# it fails.
_FACES = frozenset(range(1, FACES + 1))
_HELD_AND_LOCKED = frozenset(
    # Each die free (0), held (1) or held and locked (2): 243 pairs, built at import.
    (tuple(mark != 0 for mark in marks), tuple(mark == 2 for mark in marks))
    for marks in itertools.product((0, 1, 2), repeat=NUMBER_OF_DICE)
)
"""Every ``(held, locked)`` pair of a turn: a locked die is held."""
_ROLL_HOLDS = frozenset(
    held
    for count in range(NUMBER_OF_DICE)
    for held in itertools.combinations(range(NUMBER_OF_DICE), count)
)
"""Every ``Rolled.held``: positions in order, each once, at least one die thrown."""


def _bad_face(dice: tuple[int, ...]) -> Refusal | None:
    for value in dice:
        if value not in _FACES:
            return Refusal(WRONG_FACE, faces=FACES, value=value)
    return None


# --- house rules ------------------------------------------------------------


class FrozenModel(BaseModel):
    """The base of the game's models and of the files': frozen, unknown fields refused.

    Each schema is built the first time the class validates (``defer_build``):
    importing the game builds none, and a first frame builds only those it uses.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class _Bounded(FrozenModel):
    """A model of the game whose lists are refused, before any of their items is validated,
    when longer than a game can make them: ``_sizes`` maps a field to its most items and the
    sentence refusing more (with ``{count}`` and ``{most}``). Otherwise pydantic would build
    a model, or an error, for each of millions of items before the model's own checks see
    the first."""

    _sizes: ClassVar[Mapping[str, tuple[int, str]]] = {}

    @model_validator(mode="before")
    @classmethod
    def _not_too_many(cls, data: Any) -> Any:
        _check_sizes(data, cls._sizes)
        return data


def _check_sizes(data: Any, sizes: Mapping[str, tuple[int, str]]) -> None:
    if not isinstance(data, dict):
        return
    for field, (most, sentence) in sizes.items():
        value = data.get(field)
        if isinstance(value, list | tuple | dict) and len(value) > most:
            raise Refusal(sentence, count=len(value), most=most)


NonNegative = Annotated[int, Field(ge=0)]
"""0 or more."""


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
            raise Refusal(N_("A scratched box holds 0 points, not {points}."), points=self.points)
        raise Refusal(N_("A box filled with 0 points is a scratch."))


class Boxes(Mapping[Category, Box]):
    """A player's filled boxes: a read-only mapping from category to box, a copy of the
    boxes it is built from (``Boxes({**player.boxes, category: box})`` makes new ones),
    saved as the plain object of boxes the files have always had."""

    __slots__ = ("_boxes",)

    def __init__(self, boxes: Mapping[Category, Box] | Iterable[tuple[Category, Box]] = ()):
        self._boxes = dict(boxes)

    def __getitem__(self, category: Category) -> Box:
        return self._boxes[category]

    def __iter__(self) -> Iterator[Category]:
        return iter(self._boxes)

    def __len__(self) -> int:
        return len(self._boxes)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Boxes):
            return self._boxes == other._boxes
        return self._boxes == other if isinstance(other, Mapping) else NotImplemented

    def __repr__(self) -> str:
        return f"Boxes({self._boxes!r})"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        plain = handler.generate_schema(dict[Category, Box])
        return core_schema.no_info_after_validator_function(
            cls,
            plain,
            serialization=core_schema.wrap_serializer_function_ser_schema(
                lambda boxes, serialize: serialize(boxes._boxes), schema=plain
            ),
        )


class Player(_Bounded):
    """A player's name, strength (``None`` for a human) and filled boxes.

    ``boxes`` is read-only; a new box makes a new player (``model_copy`` with
    ``update={"boxes": Boxes({**player.boxes, category: box})}``).
    """

    _sizes = {"boxes": (len(Category), N_("A scorecard has at most {most} boxes, not {count:,}."))}

    name: PlayerName
    level: Level | None = None
    boxes: Boxes = Field(default_factory=Boxes)

    @property
    def total(self) -> int:
        """The sum of the player's boxes."""
        return sum(box.points for box in self.boxes.values())

    def holds_points(self, category: Category) -> bool:
        """Whether the box is filled with points (not open, not scratched)."""
        box = self.boxes.get(category)
        return box is not None and not box.scratched


class Turn(_Bounded):
    """The dice of the turn in progress.

    ``dice`` is empty before the first roll. ``held`` marks the dice the player
    keeps for the next roll; ``locked`` marks, under house rule
    ``locked_holds``, the dice that were held when a roll was thrown and so
    stay held. ``served`` tells whether the last roll taken was served.
    """

    _sizes = {
        "dice": (
            NUMBER_OF_DICE,
            N_("A turn shows {most} dice, or none before its first roll, not {count:,}."),
        ),
        "held": (
            NUMBER_OF_DICE,
            N_("A turn marks which of its {most} dice are held, not {count:,}."),
        ),
        "locked": (
            NUMBER_OF_DICE,
            N_("A turn marks which of its {most} dice are locked, not {count:,}."),
        ),
    }

    dice: tuple[int, ...] = ()
    held: tuple[bool, ...] = (False,) * NUMBER_OF_DICE
    locked: tuple[bool, ...] = (False,) * NUMBER_OF_DICE
    rolls: Annotated[int, Field(ge=0, le=MAX_ROLLS)] = 0
    served: bool = False

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if (self.held, self.locked) in _HELD_AND_LOCKED and (
            len(self.dice) == NUMBER_OF_DICE and _FACES.issuperset(self.dice)
            if self.rolls
            else not (self.dice or self.served or True in self.held)
        ):
            return self
        raise _turn_problem(self)


def _turn_problem(turn: Turn) -> Refusal:
    for field in ("dice", "held", "locked"):
        marks = getattr(turn, field)
        if len(marks) != NUMBER_OF_DICE and (field != "dice" or marks):
            return Refusal(Turn._sizes[field][1], most=NUMBER_OF_DICE, count=len(marks))
    if turn.rolls and not turn.dice:
        return Refusal(N_("A turn shows its dice once it has rolled, but this one shows none."))
    if not turn.rolls and turn.dice:
        return Refusal(N_("A turn shows no dice before its first roll."))
    if not turn.rolls and (True in turn.held or True in turn.locked or turn.served):
        return Refusal(N_("Before the first roll of a turn no die is held or served."))
    return _bad_face(turn.dice) or Refusal(
        N_("A locked die is a held die, but here one is locked and not held.")
    )


class TieBreakRound(_Bounded):
    """One tie-break round: who plays it, in seating order, and their scores so far."""

    _sizes = {
        "contenders": (
            MAX_PLAYERS,
            N_("A tie-break is played by at most {most} players, not {count:,}."),
        ),
        "scores": (MAX_PLAYERS, N_("A tie-break round has at most {most} scores, not {count:,}.")),
    }

    contenders: tuple[int, ...]
    scores: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if len(self.scores) > len(self.contenders) or any(score < 0 for score in self.scores):
            raise Refusal(
                N_("A tie-break round of {count} players can't have the scores {scores}."),
                count=len(self.contenders),
                scores=str(list(self.scores)),
            )
        return self


# --- the log ----------------------------------------------------------------


class HoldToggled(FrozenModel):
    """A die held or released between rolls: a step towards a roll, not a decision."""

    kind: Literal["hold"] = "hold"
    seat: NonNegative
    die: int
    """The die's position, from 0."""
    held: bool
    """Whether the die is held after the step."""

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        if not 0 <= self.die < NUMBER_OF_DICE:
            raise Refusal(NO_SUCH_DIE, die=self.die, last=NUMBER_OF_DICE - 1)
        return self


class Rolled(_Bounded):
    """A roll: the dice that were held, and what the five dice show after it."""

    _sizes = {
        "dice": (NUMBER_OF_DICE, N_("A roll shows {most} dice, not {count:,}.")),
        "held": (
            NUMBER_OF_DICE,
            N_("A roll holds dice 0 to 4, each once at most, not {count:,} dice."),
        ),
    }

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
            raise Refusal(self._sizes["dice"][1], most=NUMBER_OF_DICE, count=len(self.dice))
        if self.held not in _ROLL_HOLDS:
            raise Refusal(
                N_(
                    "A roll throws at least one die and holds dice 0 to 4, each once in order, "
                    "not {held}."
                ),
                held=str(list(self.held)),
            )
        raise _bad_face(self.dice) or Refusal(N_("Only a Generala on a served roll wins at once."))

    @property
    def thrown(self) -> tuple[int, ...]:
        """The positions the roll threw."""
        return tuple(i for i in range(NUMBER_OF_DICE) if i not in self.held)


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
        box = self.category
        if self.scratch and self.points:
            raise Refusal(
                N_("A scratch of {box} takes 0 points, not {points}."), box=box, points=self.points
            )
        if not self.scratch and not self.points and self.category not in NUMBER_CATEGORIES:
            raise Refusal(N_("{box} is scored with points, or else scratched."), box=box)
        raise Refusal(
            N_("A served bonus of {bonus} can't be part of {points} points."),
            bonus=self.served_bonus,
            points=self.points,
        )


class TieBreakEnded(FrozenModel):
    """A tie-break turn ended, with the tie-break score its dice earned (docs/rules.md)."""

    kind: Literal["tie_break"] = "tie_break"
    seat: NonNegative
    points: NonNegative


LogEntry = Annotated[HoldToggled | Rolled | Filled | TieBreakEnded, Field(discriminator="kind")]
"""One step of the game's log, appended by the rules functions."""


class TakeBack(FrozenModel):
    """A human's fill taken back with the computers' turns played on from it, kept by the record
    though the log lost those steps (docs/rules.md): ``step``, the log's length after it;
    ``undone``, the steps that went. The turn goes on without a roll, so once a turn at most."""

    seat: NonNegative
    step: NonNegative
    undone: Annotated[int, Field(ge=2)]


# --- the game ---------------------------------------------------------------


class GameState(_Bounded):
    """Everything about a game in progress or finished.

    ``current`` is the index of the player whose turn it is. ``winners`` is empty until the
    game is over. ``log`` is the game's record: every step taken since the start, in order,
    appended by the rules functions (the hold presses since the last roll one by one, those
    before it settled into their net change), so the game can be replayed from its start
    (:func:`generala_tui.game.rules.replay`); its length is bounded by the turns played
    (:data:`~generala_tui.game.law.STEPS_PER_TURN` a turn). ``taken_back``: the fills taken
    back with computers' turns after them (:class:`TakeBack`). ``seed`` makes the dice
    reproducible: the n-th roll of a game is drawn from the seed and n.

    Building a state checks that it could have arisen in play (see the
    module's docstring); ``model_copy`` checks nothing.
    """

    _sizes = {
        "players": (MAX_PLAYERS, WRONG_PLAYER_COUNT),
        "winners": (MAX_PLAYERS, N_("A game has at most {most} winners, not {count:,}.")),
        "tie_breaks": (
            MAX_TIE_BREAK_ROUNDS,
            N_("A game has at most {most} tie-break rounds, not {count:,}."),
        ),
        "log": (MAX_LOG_STEPS, N_("A game's log holds at most {most:,} steps, not {count:,}.")),
        "taken_back": (MAX_TAKE_BACKS, N_("A game has {most} take-backs at most, not {count:,}.")),
    }

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
    taken_back: tuple[TakeBack, ...] = ()  # left out of the JSON when empty (_serialize)

    @model_validator(mode="before")
    @classmethod
    def _not_too_many(cls, data: Any) -> Any:
        # In place of _Bounded's (the same name): the lists first, then, within their
        # bounds, the keys: an object anywhere in the game with a million unknown keys (an
        # error each) is refused in one sentence too.
        _check_sizes(data, cls._sizes)
        _check_keys(data)
        return data

    @model_validator(mode="after")
    def _could_arise(self) -> Self:
        players = self.players
        check_names([player.name for player in players])
        possible = self.house_rules.possible_points()
        law.check_boxes(
            [(p.name, {box: filled.points for box, filled in p.boxes.items()}) for p in players],
            possible,
        )
        law.check_locks(self.turn.locked, self.house_rules.locked_holds)
        law.check_course(
            players=[(player.name, len(player.boxes)) for player in players],
            rounds=self.rounds,
            current=self.current,
            phase=self.phase,
            ending=self.ending,
            winners=self.winners,
            tie_breaks=[(tie.contenders, tie.scores) for tie in self.tie_breaks],
        )
        law.check_log(
            [
                (entry.kind, entry.seat, (entry.category, entry.points))
                if isinstance(entry, Filled)
                else (entry.kind, entry.seat, None)
                for entry in self.log
            ],
            seats=len(players),
            turns_ended=sum(len(p.boxes) for p in players)
            + sum(len(tie.scores) for tie in self.tie_breaks),
            possible=possible,
        )
        if self.taken_back:
            steps = [entry.seat for entry in self.log]
            law.check_take_backs([(t.seat, t.step) for t in self.taken_back], len(players), steps)
        return self

    @model_serializer(mode="wrap")
    def _serialize(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)  # nothing taken back: written as releases before take-backs
        if not self.taken_back and isinstance(data, dict):
            del data["taken_back"]
        return data

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
    them), its lists already within their bounds (:class:`_Bounded`)."""

    def check(value: Any, model: type[FrozenModel], where: Refusal) -> None:
        if isinstance(value, dict) and len(value) > len(model.model_fields) + _FEW_UNKNOWN_KEYS:
            unknown = next(key for key in value if key not in model.model_fields)
            raise Refusal(
                N_(
                    "{where} holds {count:,} keys, where {known} at most are known "
                    "({unknown} is not one of them)."
                ),
                where=where,
                count=len(value),
                known=len(model.model_fields),
                unknown=repr(unknown),
            )

    def items(value: Any) -> list[Any]:
        return list(value) if isinstance(value, list | tuple) else []

    if not isinstance(data, dict):
        return
    check(data, GameState, Refusal(N_("The game")))
    check(data.get("house_rules"), HouseRules, Refusal(N_("The game's house rules")))
    check(data.get("turn"), Turn, Refusal(N_("The game's turn")))
    for seat, player in enumerate(items(data.get("players"))):
        check(player, Player, Refusal(N_("Player {seat}"), seat=seat + 1))
        boxes = player.get("boxes") if isinstance(player, dict) else None
        if isinstance(boxes, dict):
            for box in boxes.values():
                check(box, Box, Refusal(N_("A box of player {seat}"), seat=seat + 1))
    for step, entry in enumerate(items(data.get("log"))):
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if isinstance(kind, str):
            model = _ENTRIES.get(kind)
            if model is not None:
                check(entry, model, Refusal(N_("Step {step} of the game's log"), step=step + 1))
    for round_, tie_break in enumerate(items(data.get("tie_breaks"))):
        check(tie_break, TieBreakRound, Refusal(N_("Tie-break round {round}"), round=round_ + 1))
