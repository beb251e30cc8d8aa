"""``frozen``: a frozen dataclass compiled lazily, which behaves as ``@dataclass(frozen=True)``.

Each check builds the same class twice, once with ``frozen`` and once with the standard
library's decorator, and asks both the same things.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from concurrent.futures import ThreadPoolExecutor
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


@pytest.mark.parametrize(("kw_only", "slots"), SHAPES)
def test_instances_hash_as_a_dataclasss_do(kw_only: bool, slots: bool) -> None:
    hashes = []
    for decorate in (
        frozen(kw_only=kw_only, slots=slots),
        dataclass(frozen=True, kw_only=kw_only, slots=slots),
    ):

        @decorate
        class Point:
            x: int
            label: str = "p"
            hidden: str = field(default="h", compare=False)
            weight: int = field(default=1, hash=False)

        hashes.append([hash(Point(x=x, label=label)) for x in range(3) for label in "ab"])
        assert hash(Point(x=1, hidden="a")) == hash(Point(x=1, hidden="b"))
        assert hash(Point(x=1, weight=2)) == hash(Point(x=1, weight=3))
    assert hashes[0] == hashes[1]  # the same values hashed, in the same order


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


def test_a_class_with_its_own_eq_and_no_hash_is_hashed_by_its_fields() -> None:
    @frozen
    class Word:
        text: str

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Word) and other.text.lower() == self.text.lower()

    @dataclass(frozen=True)
    class Twin:
        text: str

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Twin) and other.text.lower() == self.text.lower()

    assert Word("a") == Word("A")
    assert hash(Word("a")) == hash(Twin("a"))


def test_dataclasses_see_a_frozen_class_with_its_methods() -> None:
    @frozen(kw_only=True)
    class Parent:
        a: int

    params = Parent.__dataclass_params__  # type: ignore[attr-defined]
    assert (params.init, params.repr, params.eq, params.frozen) == (True, True, True, True)

    @dataclass(frozen=True, kw_only=True)
    class Child(Parent):  # refused ("cannot inherit frozen dataclass from a non-frozen one")
        b: int = 0  # if the parent said it was not frozen

    assert Child(a=1, b=2) == Child(a=1, b=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Child(a=1).b = 3  # type: ignore[misc]


def test_an_undecorated_subclass_may_set_what_is_not_a_field() -> None:
    @frozen(kw_only=True)
    class Parent:
        a: int

    class Child(Parent):
        pass

    child = Child(a=1)
    child.note = "kept"  # type: ignore[attr-defined]
    assert child.note == "kept"  # type: ignore[attr-defined]
    del child.note  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        child.a = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Parent(a=1).note = "refused"  # type: ignore[attr-defined]


def test_fields_may_have_the_names_the_written_init_uses() -> None:
    @frozen
    class Odd:
        self: int
        MISSING: int = 1
        _set: int = 2
        _FACTORY: list[int] = field(default_factory=list)

    odd = Odd(5)
    assert (odd.self, odd.MISSING, odd._set, odd._FACTORY) == (5, 1, 2, [])


def test_a_field_left_out_of_init_takes_its_default() -> None:
    @frozen
    class Counted:
        name: str
        count: int = field(default=0, init=False)
        seen: list[str] = field(default_factory=list, init=False)

    counted = Counted("a")
    assert (counted.name, counted.count, counted.seen) == ("a", 0, [])
    with pytest.raises(TypeError):
        Counted("a", 1)  # type: ignore[call-arg]
    assert list(inspect.signature(Counted).parameters) == ["name"]


def test_the_written_init_is_typed_as_dataclasses_types_it() -> None:
    @frozen(kw_only=True)
    class Typed:
        a: int
        b: str = ""

    Typed(a=1)
    assert Typed.__init__.__annotations__ == {"a": "int", "b": "str", "return": None}


def test_threads_building_a_class_first_all_get_instances() -> None:
    for _ in range(20):

        @frozen(kw_only=True)
        class Raced:
            a: int
            b: int = 2

        with ThreadPoolExecutor(8) as pool:
            built = list(pool.map(lambda n: Raced(a=n), range(64)))
        assert [(r.a, r.b) for r in built] == [(n, 2) for n in range(64)]
