"""Frozen dataclasses with the few pydantic-like methods the game uses.

The game's models are stdlib dataclasses, not pydantic models, so that
building them (and drawing the first frame) imports no pydantic: pydantic
alone costs a bare Textual app a third more time and memory to start. Pydantic
stays for what it is for, checking data read from files: :meth:`Frozen.model_validate`,
:meth:`Frozen.model_validate_json` and the dump methods import it when first
called and use a cached ``pydantic.TypeAdapter`` of the class (pydantic
validates a stdlib dataclass field by field, then calls its ``__post_init__``).

Constraints pydantic must know (a discriminated union, bounds, a serialiser)
go in ``Annotated`` metadata as a :class:`Lazy` marker, which builds its
pydantic metadata only when pydantic asks for a schema.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, Self, TypeVar, overload

if TYPE_CHECKING:
    from pydantic import TypeAdapter
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorated: decorated


__all__ = ["FieldSpec", "Frozen", "Impossible", "KeepsExtra", "Lazy", "frozen"]

_C = TypeVar("_C", bound=type)
_new = object.__new__
_set = object.__setattr__


@overload
def frozen(cls: _C, /) -> _C: ...
@overload
def frozen(*, kw_only: bool = False, slots: bool = False) -> Callable[[_C], _C]: ...
@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(
    cls: _C | None = None, /, *, kw_only: bool = False, slots: bool = False
) -> _C | Callable[[_C], _C]:
    """``@dataclass(frozen=True)``, built for a quick start: a frozen dataclass whose
    ``__init__`` is written the first time the class is called.

    Python 3.11's ``dataclasses`` compiles six functions for each frozen class
    (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
    ``__delattr__``): for the twenty classes imported before the first frame,
    about 10 ms, a twentieth of a bare Textual app's start-up. Here the class is
    a dataclass without those (``dataclasses.fields``, ``replace`` and pydantic
    see it as one); ``__repr__``, ``__eq__``, ``__hash__`` and the frozen
    ``__setattr__``/``__delattr__`` are shared functions reading the fields
    (a tuple of them, through :func:`operator.attrgetter`), and ``__init__`` is
    compiled the first time the class is called, as ``dataclasses`` writes it
    (defaults, default factories, keyword-only fields, ``__post_init__``). A
    method the class defines itself is kept (a class with its own ``__eq__``
    and no ``__hash__`` is hashed by its fields, as ``dataclasses`` does), and
    ``__dataclass_params__`` says what the class does (frozen, with ``__init__``,
    ``__repr__`` and ``__eq__``). Until the class is first called,
    ``inspect.signature`` sees ``(*args, **kwargs)``. ``InitVar`` is not supported.
    """

    def wrap(cls: _C) -> _C:
        return _frozen(cls, kw_only=kw_only, slots=slots)

    return wrap if cls is None else wrap(cls)


def _frozen(cls: _C, *, kw_only: bool, slots: bool) -> _C:
    own = set(cls.__dict__)
    undocumented = not cls.__doc__
    if undocumented:  # else dataclasses writes the signature of an __init__ not there yet
        cls.__doc__ = cls.__name__
    made: Any = dataclasses.dataclass(
        init=False, repr=False, eq=False, frozen=False, kw_only=kw_only, slots=slots
    )(cls)
    fields = dataclasses.fields(made)
    _check_order(made, fields)
    params = made.__dataclass_params__  # what the class does, for dataclasses' own checks
    params.init = params.repr = params.eq = params.frozen = True
    if undocumented:
        made.__doc__ = f"{made.__name__}({', '.join(field.name for field in fields)})"
    made._field_values = staticmethod(_getter(tuple(f.name for f in fields if f.compare)))
    made._hashed_values = staticmethod(
        _getter(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))
    )
    made.__init__ = _init_on_first_call(made)
    shared: dict[str, Any] = {
        "__repr__": _repr,
        "__setattr__": _refuse_setattr,
        "__delattr__": _refuse_delattr,
    }
    if "__eq__" not in own:
        shared |= {"__eq__": _eq, "__hash__": _hash}
    elif made.__dict__.get("__hash__") is None:  # Python set it to None for the own __eq__
        own.discard("__hash__")
        shared["__hash__"] = _hash
    if slots:
        shared |= {"__getstate__": _getstate, "__setstate__": _setstate}
    for name, function in shared.items():
        if name not in own:
            setattr(made, name, function)
    result: _C = made
    return result


def _getter(names: tuple[str, ...]) -> Callable[[Any], Any]:
    if len(names) == 1:  # attrgetter of one name gives the value, not a tuple of it
        one = names[0]
        return lambda model: (getattr(model, one),)
    return attrgetter(*names) if names else (lambda model: ())


def _check_order(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> None:
    # What dataclasses checks when it writes __init__: no positional field without a
    # default after one with.
    defaulted = False
    for field in fields:
        if not field.init or field.kw_only:
            continue
        has_default = not (
            field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        )
        if defaulted and not has_default:
            raise TypeError(f"non-default argument {field.name!r} follows default argument")
        defaulted = defaulted or has_default


def _init_on_first_call(cls: Any) -> Callable[..., None]:
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _write_init(cls)
        cls.__init__ = init
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


_FACTORY = object()
"""The default of a field with a default factory, in a written ``__init__``."""


def _write_init(cls: Any) -> Callable[..., None]:
    """``cls.__init__`` as ``dataclasses`` writes it for a frozen class (its helpers'
    names, like ``dataclasses``', are none a field would have)."""
    space: dict[str, Any] = {"__dataclass_set__": _set, "__dataclass_factory__": _FACTORY}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    annotations: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        name = field.name
        default_name, factory_name = f"__dataclass_default_{name}__", f"__dataclass_make_{name}__"
        if field.default is not dataclasses.MISSING:
            space[default_name] = field.default
            default = f"={default_name}"
            value = name if field.init else default_name
        elif field.default_factory is not dataclasses.MISSING:
            space[factory_name] = field.default_factory
            default = "=__dataclass_factory__"
            value = (
                f"{factory_name}() if {name} is __dataclass_factory__ else {name}"
                if field.init
                else f"{factory_name}()"
            )
        elif field.init:
            default, value = "", name
        else:
            continue  # not set by __init__, as dataclasses leaves it
        if field.init:
            (keywords if field.kw_only else positional).append(f"{name}{default}")
            annotations[name] = field.type
        body.append(f"    __dataclass_set__(__dataclass_self__, {name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    __dataclass_self__.__post_init__()")
    parameters = ", ".join(
        ["__dataclass_self__", *positional, *(["*", *keywords] if keywords else [])]
    )
    source = "\n".join([f"def __init__({parameters}):", *body, "    pass"])
    exec(source, space)
    init: Callable[..., None] = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {**annotations, "return": None}
    return init


def _repr(self: Any) -> str:
    shown = ", ".join(
        f"{field.name}={getattr(self, field.name)!r}"
        for field in dataclasses.fields(self)
        if field.repr
    )
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = self._field_values
    return values(self) == values(other)


def _hash(self: Any) -> int:
    return hash(self._hashed_values(self))


def _refuse_setattr(self: object, name: str, value: Any) -> None:
    # As dataclasses: refused on the class made frozen, and on a field of a subclass.
    cls: Any = type(self)
    if cls.__dict__.get("__setattr__") is _refuse_setattr or name in cls.__dataclass_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    base: type[Any] = _made_frozen(cls, "__setattr__", _refuse_setattr)
    super(base, self).__setattr__(name, value)


def _refuse_delattr(self: object, name: str) -> None:
    cls: Any = type(self)
    if cls.__dict__.get("__delattr__") is _refuse_delattr or name in cls.__dataclass_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    base: type[Any] = _made_frozen(cls, "__delattr__", _refuse_delattr)
    super(base, self).__delattr__(name)


def _made_frozen(cls: type, method: str, function: object) -> type:
    """The class ``frozen`` gave ``function`` as ``method``, among ``cls`` and its bases."""
    return next(base for base in cls.__mro__ if base.__dict__.get(method) is function)


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, field.name) for field in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for field, value in zip(dataclasses.fields(self), state, strict=True):
        _set(self, field.name, value)


class Impossible(ValueError):
    """Data no play could make: the message is a sentence for the player."""


class FieldSpec(NamedTuple):
    """A field of a model, as ``model_fields`` gives it: its type and default."""

    annotation: Any
    default: Any
    """The default value; :data:`dataclasses.MISSING` for a field without one."""


class Lazy:
    """``Annotated`` metadata that is pydantic metadata once pydantic asks for it.

    ``make`` returns the pydantic metadata (``Field(ge=0)``, ``Discriminator("kind")``...),
    imported inside it, so nothing imports pydantic until a schema is built.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], tuple[Any, ...]]) -> None:
        self.make = make

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        return handler.generate_schema(typing.Annotated[(source, *self.make())])

    def __repr__(self) -> str:
        return f"Lazy({self.make.__name__})"


class _Fields:
    """``model_fields``: each field's :class:`FieldSpec`, in order, built once per class."""

    def __get__(self, instance: object, owner: type) -> Mapping[str, FieldSpec]:
        specs = _FIELDS.get(owner)
        if specs is None:
            specs = _FIELDS[owner] = _fields_of(owner)
        return specs


# Built once per class, kept by class (functools.cache would want the classes hashable to mypy).
_FIELDS: dict[type, Mapping[str, FieldSpec]] = {}
_ADAPTERS: dict[type, TypeAdapter[Any]] = {}
_COPIERS: dict[type, Callable[[Any, Mapping[str, Any]], Any]] = {}


def _fields_of(cls: type) -> Mapping[str, FieldSpec]:
    hints = typing.get_type_hints(cls)
    specs: dict[str, FieldSpec] = {}
    for field in dataclasses.fields(cls):
        default: Any = field.default
        factory: Any = field.default_factory
        if default is dataclasses.MISSING and factory is not dataclasses.MISSING:
            default = factory()
        specs[field.name] = FieldSpec(hints[field.name], default)
    return specs


def _adapter(cls: type) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        from pydantic import TypeAdapter

        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def _copier(cls: type) -> Callable[[Any, Mapping[str, Any]], Any]:
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _make_copier(cls)
    return copier


def _make_copier(cls: type) -> Callable[[Any, Mapping[str, Any]], Any]:
    """A function copying an instance of ``cls`` with some fields replaced, checking nothing."""
    names = tuple(field.name for field in dataclasses.fields(cls))
    known = frozenset(names)
    if "__slots__" not in cls.__dict__:

        def copy_dict(model: Any, update: Mapping[str, Any]) -> Any:
            new: Any = _new(cls)
            fields = new.__dict__
            fields.update(model.__dict__)
            fields.update(update)
            return new

        return copy_dict
    # One line a field, as dataclasses builds __init__: the rules copy a state at every move.
    lines = ["def copy_slots(model, update):", "    new = _new(cls)"]
    lines += [
        f"    _set(new, {name!r}, update[{name!r}] if {name!r} in update else model.{name})"
        for name in names
    ]
    lines.append("    return new")
    space: dict[str, Any] = {"_new": _new, "_set": _set, "cls": cls}
    exec("\n".join(lines), space)
    copy_slots: Callable[[Any, Mapping[str, Any]], Any] = space["copy_slots"]

    def checked(model: Any, update: Mapping[str, Any]) -> Any:
        if not known.issuperset(update):
            unknown = ", ".join(sorted(set(update) - known))
            raise TypeError(f"{cls.__name__} has no field {unknown}")
        return copy_slots(model, update)

    return checked


_NOTHING: Mapping[str, Any] = {}


class Frozen:
    """The base of the frozen models: pydantic's ``model_*`` methods the game uses.

    A subclass is a ``@frozen(kw_only=True)`` dataclass (with ``slots=True``
    unless it keeps unknown keys) whose ``__post_init__`` checks what
    pydantic's validators checked, raising :class:`Impossible`.
    """

    __slots__ = ()
    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}
    model_fields: ClassVar[_Fields] = _Fields()
    """Each field's :class:`FieldSpec` by name, in order (as pydantic's ``model_fields``)."""

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied, checked by nothing (as pydantic's).

        ``deep`` changes nothing: every part of a model is immutable already.
        """
        copier = _COPIERS.get(type(self)) or _copier(type(self))
        copied: Self = copier(self, update or _NOTHING)
        return copied

    @classmethod
    def model_construct(cls, **values: Any) -> Self:
        """An instance of ``values`` and the other fields' defaults, checked by nothing."""
        return cls._construct(values)

    @classmethod
    def _construct(cls, values: Mapping[str, Any]) -> Self:
        # For subclasses: a dataclass with slots is a new class, so super() can't find it.
        fields = cls.model_fields
        defaults = {name: spec.default for name, spec in fields.items() if name not in values}
        new: Self = _copier(cls)(_new(cls), {**defaults, **values})
        return new

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """``data`` (a dict, say from JSON) checked and made a model.

        Raises ``pydantic.ValidationError``; :func:`refusal` words it for a player.
        """
        validated: Self = _adapter(cls).validate_python(data)
        return validated

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """JSON text checked and made a model (``pydantic.ValidationError`` if it can't be)."""
        validated: Self = _adapter(cls).validate_json(text)
        return validated

    def model_dump(self, *, mode: Literal["json", "python"] = "python", **options: Any) -> Any:
        """The model as a dict (of JSON values with ``mode="json"``)."""
        return _adapter(type(self)).dump_python(self, mode=mode, **options)

    def model_dump_json(self, *, indent: int | None = None, **options: Any) -> str:
        """The model as JSON text, as pydantic writes it."""
        return _adapter(type(self)).dump_json(self, indent=indent, **options).decode()


class KeepsExtra(Frozen):
    """A model that keeps unknown keys (a newer version's): read into, and dumped from,
    the instance's ``__dict__`` (so the subclass is a dataclass without slots)."""

    __slots__ = ()
    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "allow"}

    @property
    def model_extra(self) -> dict[str, Any]:
        """The unknown keys read with the model, and their values."""
        known = type(self).model_fields
        return {key: value for key, value in vars(self).items() if key not in known}

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        schema = handler(source)

        def with_extra(model: KeepsExtra, serialize: Callable[[Any], Any]) -> Any:
            dumped = serialize(model)
            extra = model.model_extra
            return {**dumped, **extra} if extra and isinstance(dumped, dict) else dumped

        schema["serialization"] = core_schema.wrap_serializer_function_ser_schema(with_extra)
        return schema


def refusal(error: ValueError) -> str:
    """The first reason a refusal gives, in words for a player.

    ``error`` is an :class:`Impossible` raised building a model, or a
    ``pydantic.ValidationError`` from ``model_validate*``. The models' own
    refusals are sentences already; pydantic's (a missing field, a word where
    a number belongs) are prefixed with where they were found.
    """
    if isinstance(error, Impossible):
        return str(error)
    errors = getattr(error, "errors", None)
    details = errors(include_url=False) if callable(errors) else []
    if not details:
        return str(error)
    first = details[0]
    reason = first.get("ctx", {}).get("error")
    if first["type"] == "value_error" and isinstance(reason, Impossible):
        return str(reason)
    where = ".".join(str(part) for part in first["loc"])
    message: str = first["msg"]
    return f"{where}: {message}" if where else message
