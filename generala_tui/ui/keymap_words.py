"""The words of the player's own keys (:mod:`.keymap`): what the app says at start-up of
the keys it can't honour."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..game.model import printable
from ..i18n import _
from .keymap import Refusal


def refusal(refused: Refusal) -> str:
    """Why one entry of the player's keys is not honoured, and what happens instead (what
    the player wrote shown as printable text)."""
    refused = replace(
        refused, binding_id=printable(refused.binding_id), keys=printable(refused.keys)
    )
    if refused.kind == "unknown":
        return _("“{id}” names no key of the game (docs/keys.md lists them): left out.").format(
            id=refused.binding_id
        )
    if refused.kind == "fixed":
        return _("{id} keeps its keys: ctrl+q and ctrl+c always quit.").format(
            id=refused.binding_id
        )
    if refused.kind == "malformed":
        return _(
            "“{keys}” for {id} is not a key (write x, ctrl+x, f5 or space, several with "
            "commas): {id} keeps its own keys."
        ).format(keys=refused.keys, id=refused.binding_id)
    if refused.kind == "reserved":
        return _("{key} for {id} is kept for {other}: {id} keeps its own keys.").format(
            key=refused.keys, id=refused.binding_id, other=refused.other
        )
    if refused.kind == "field":
        return _(
            "{key} for {id} is taken by a field or list of that screen ({widget}): {id} keeps "
            "its own keys."
        ).format(key=refused.keys, id=refused.binding_id, widget=refused.other)
    return _(
        "{key} for {id} already does {other} on the same screen: {id} keeps its own keys."
    ).format(key=refused.keys, id=refused.binding_id, other=refused.other)


def refusals(refused: Sequence[Refusal], path: str) -> str:
    """The start-up notice of every entry of the player's keys that is not honoured."""
    heading = _("Some of your keys (“keys” in {path}) can't be used:").format(path=path)
    return "\n".join([heading, *(f"• {refusal(r)}" for r in refused)])
