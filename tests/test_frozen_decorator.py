"""``frozen``: a frozen dataclass compiled lazily, which behaves as ``@dataclass(frozen=True)``.

Each check builds the same class twice, once with ``frozen`` and once with the standard
library's decorator, and asks both the same things.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generala_tui.game.frozen import frozen
from generala_tui.game.model import GameState, HouseRules, Player


def _twins(kw_only: bool, slots: bool) -> tuple[Any, Any]:
    made = []
    for decorate in (
        frozen(kw_only=kw_only, slots=slots),
        dataclass(frozen=True, kw_only=kw_only, slots=slots),
    ):

        @decorate
        class Point:
            """A point with a label and tags."""

            x: int
            y: int = 0
            tags: list[str] = field(default_factory=list)
            hidden: str = field(default="h", repr=False, compare=False)
            kind: ClassVar[str] = "point"

            def __post_init__(self) -> None:
                if self.x < 0:
                    raise ValueError("x is not negative")

        made.append(Point)
    return made[0], made[1]


SHAPES = [(False, False), (False, True), (True, False), (True, True)]


@pytest.mark.parametrize(("kw_only", "slots"), SHAPES)
def test_instances_are_built_compared_shown_and_hashed_as_a_dataclass_does(
    kw_only: bool, slots: bool
) -> None:
    ours, theirs = _twins(kw_only, slots)
    for args, kwargs in [((), {"x": 1}), ((), {"x": 1, "y": 2, "tags": ["a"], "hidden": "z"})]:
        a, b = ours(*args, **kwargs), theirs(*args, **kwargs)
        assert repr(a) == repr(b).replace(theirs.__qualname__, ours.__qualname__)
        assert dataclasses.asdict(a) == dataclasses.asdict(b)
    assert ours(x=1, hidden="a") == ours(x=1, hidden="b")  # compare=False is not compared
    assert ours(x=1) != ours(x=2)
    assert ours(x=1) != theirs(x=1)  # another class is never equal, as with dataclasses
    assert ours(x=1).__eq__(object()) is NotImplemented
    assert ours(x=1).tags is not ours(x=1).tags  # each instance its own default list
    with pytest.raises(ValueError, match="not negative"):
        ours(x=-1)
    if not kw_only:
        assert ours(3, 4) == ours(x=3, y=4)
        assert inspect.signature(ours(1).__init__).parameters.keys() == {"x", "y", "tags", "hidden"}
    for bad in [{}, {"x": 1, "z": 2}]:
        with pytest.raises(TypeError) as our_error:
            ours(**bad)
        with pytest.raises(TypeError) as their_error:
            theirs(**bad)
        assert str(our_error.value).split("()")[1] == str(their_error.value).split("()")[1]
    if kw_only:
        with pytest.raises(TypeError):
            ours(1)


@pytest.mark.parametrize(("kw_only", "slots"), SHAPES)
def test_instances_are_frozen_and_survive_pickle_copy_and_replace(
    kw_only: bool, slots: bool
) -> None:
    ours, _ = _twins(kw_only, slots)
    point = ours(x=1, y=2, tags=["a"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y
    assert point.x == 1 and point.y == 2
    globals()["Point"] = ours  # pickle finds a class by its module and name
    ours.__qualname__ = "Point"
    try:
        assert pickle.loads(pickle.dumps(point)) == point
    finally:
        del globals()["Point"]
    assert copy.deepcopy(point) == point
    assert copy.copy(point) == point
    assert dataclasses.replace(point, y=7) == ours(x=1, y=7, tags=["a"])
    assert [f.name for f in dataclasses.fields(ours)] == ["x", "y", "tags", "hidden"]
    assert ("__slots__" in ours.__dict__) == slots


@given(st.integers(0, 10), st.integers(-5, 5), st.lists(st.sampled_from("abc"), max_size=3))
def test_equal_instances_hash_alike(x: int, y: int, tags: list[str]) -> None:
    @frozen(kw_only=True)
    class Point:
        x: int
        y: int
        tags: tuple[str, ...]

    a, b = Point(x=x, y=y, tags=tuple(tags)), Point(x=x, y=y, tags=tuple(tags))
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1


def test_a_class_keeps_the_methods_it_defines() -> None:
    @frozen
    class Named:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Named) and other.name.lower() == self.name.lower()

        def __hash__(self) -> int:
            return hash(self.name.lower())

    assert repr(Named("Ana")) == "<Ana>"
    assert Named("Ana") == Named("ANA")
    assert hash(Named("Ana")) == hash(Named("ana"))


def test_a_field_without_a_default_after_one_with_is_refused_at_once() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

        @frozen
        class Bad:
            a: int = 0
            b: int


def test_an_undecorated_subclass_is_built_as_its_parent() -> None:
    @frozen(kw_only=True)
    class Parent:
        a: int
        b: int = 2

    class Child(Parent):
        def total(self) -> int:
            return self.a + self.b

    assert Child(a=1).total() == 3  # the child first: its parent's __init__ is written for it
    assert Parent(a=1, b=5) == Parent(a=1, b=5)
    assert Child(a=1) != Parent(a=1)


def test_the_games_models_are_built_with_it() -> None:
    for model in (HouseRules, Player, GameState):
        assert model.__setattr__ is frozen.__globals__["_refuse_setattr"]
        assert model.__dict__["__slots__"]


def test_a_class_without_a_docstring_is_described_by_its_fields() -> None:
    @frozen(kw_only=True)
    class Bare:
        a: int
        b: str = ""

    assert Bare.__doc__ == "Bare(a, b)"
