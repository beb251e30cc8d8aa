"""The game's data: categories, house rules, players and the whole game state.

Every model is a frozen pydantic model. The rules functions in
:mod:`generala_tui.game.rules` take a state and return a new one; nothing here
changes after it is built, so a state can be kept for undo, saved as JSON and
compared by value.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

NUMBER_OF_DICE = 5
MAX_ROLLS = 3
MAX_PLAYERS = 8
MAX_NAME_LENGTH = 20


class Category(StrEnum):
    """A box of the scorecard, in scorecard order (RULES.md section 4)."""

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
    """Which rolls are served (house rule ``served_roll``, RULES.md section 3)."""

    FIRST_ROLL = "first_roll"
    ANY_FULL_ROLL = "any_full_roll"


class StraightRule(StrEnum):
    """Which dice make a straight (house rule ``straight``, RULES.md section 4)."""

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
    """A Generala on a served roll won at once (RULES.md section 6)."""
    TIE_BREAK = "tie_break"
    """Tied leaders played tie-break rounds and one won them."""
    SHARED = "shared"
    """Tied leaders share the win (house rule ``tie_break`` off)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class HouseRules(_Frozen):
    """The house rules of RULES.md section 8, with the same names and defaults."""

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
        return tuple(
            category
            for category in Category
            if (category is not Category.DOUBLE_GENERALA or self.double_generala)
            and (category is not Category.TWO_PAIRS or self.two_pairs)
        )


PlayerName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME_LENGTH)
]


class Box(_Frozen):
    """A filled box: the points it holds, or a scratch (always 0 points)."""

    points: int = Field(ge=0)
    scratched: bool = False


class Player(_Frozen):
    """A player's name, strength (``None`` for a human) and filled boxes."""

    name: PlayerName
    level: Level | None = None
    boxes: dict[Category, Box] = Field(default_factory=dict)

    @property
    def total(self) -> int:
        """The sum of the player's boxes."""
        return sum(box.points for box in self.boxes.values())

    def holds_points(self, category: Category) -> bool:
        """Whether the box is filled with points (not open, not scratched)."""
        box = self.boxes.get(category)
        return box is not None and not box.scratched


class Turn(_Frozen):
    """The dice of the turn in progress.

    ``dice`` is empty before the first roll. ``held`` marks the dice the player
    keeps for the next roll; ``locked`` marks, under house rule
    ``locked_holds``, the dice that were held when a roll was thrown and so
    stay held. ``served`` tells whether the last roll taken was served.
    """

    dice: tuple[int, ...] = ()
    held: tuple[bool, ...] = (False,) * NUMBER_OF_DICE
    locked: tuple[bool, ...] = (False,) * NUMBER_OF_DICE
    rolls: int = Field(default=0, ge=0, le=MAX_ROLLS)
    served: bool = False


class TieBreakRound(_Frozen):
    """One tie-break round: who plays it, in seating order, and their scores so far."""

    contenders: tuple[int, ...]
    scores: tuple[int, ...] = ()


class HoldToggled(_Frozen):
    """A die held or released between rolls: a step towards a roll, not a decision."""

    kind: Literal["hold"] = "hold"
    seat: int = Field(ge=0)
    die: int = Field(ge=0, lt=NUMBER_OF_DICE)
    held: bool
    """Whether the die is held after the step."""


class Rolled(_Frozen):
    """A roll: the dice that were held, and what the five dice show after it."""

    kind: Literal["roll"] = "roll"
    seat: int = Field(ge=0)
    held: tuple[int, ...] = ()
    """Positions (0 to 4) of the dice held when the roll was thrown."""
    dice: tuple[int, ...]
    """All five dice after the roll, in position order."""
    served: bool = False
    """Whether the roll was served (RULES.md section 3)."""
    won: bool = False
    """Whether the roll won the game at once: a served Generala (RULES.md section 6)."""

    @property
    def thrown(self) -> tuple[int, ...]:
        """The positions the roll threw."""
        return tuple(i for i in range(NUMBER_OF_DICE) if i not in self.held)


class Filled(_Frozen):
    """A box filled, ending the turn: the points it took, 0 for a scratch."""

    kind: Literal["fill"] = "fill"
    seat: int = Field(ge=0)
    category: Category
    scratch: bool = False
    """Whether the player chose to scratch the box (a 0 scored in Ones to Sixes is not)."""
    points: int = Field(default=0, ge=0)
    served_bonus: int = Field(default=0, ge=0)
    """The part of ``points`` the served roll added."""


class TieBreakEnded(_Frozen):
    """A tie-break turn ended, with the tie-break score its dice earned (RULES.md section 7)."""

    kind: Literal["tie_break"] = "tie_break"
    seat: int = Field(ge=0)
    points: int = Field(ge=0)


LogEntry = Annotated[HoldToggled | Rolled | Filled | TieBreakEnded, Field(discriminator="kind")]
"""One step of the game's log, appended by the rules functions."""


class GameState(_Frozen):
    """Everything about a game in progress or finished.

    ``current`` is the index of the player whose turn it is. ``winners`` is
    empty until the game is over. ``log`` is the game's record: every step
    taken since the start, in order, appended by the rules functions, so the
    game can be replayed from its start (:func:`generala_tui.game.rules.replay`).
    ``seed`` makes the dice reproducible: the n-th roll of a game is drawn from
    the seed and n, so a saved game goes on with the same dice.
    """

    players: tuple[Player, ...]
    house_rules: HouseRules = HouseRules()
    current: int = 0
    turn: Turn = Turn()
    phase: Phase = Phase.PLAYING
    winners: tuple[int, ...] = ()
    ending: Ending | None = None
    tie_breaks: tuple[TieBreakRound, ...] = ()
    seed: int = 0
    log: tuple[LogEntry, ...] = ()

    @property
    def dice_thrown(self) -> int:
        """How many rolls the game has thrown so far."""
        return sum(1 for entry in self.log if isinstance(entry, Rolled))

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
