"""What the online dialogs say (ui/screens/online.py)."""

from __future__ import annotations

from ...i18n import _
from ..vocabulary import GAME_KEYS, KeyMap, shown_key


def choice_title() -> str:
    return _("Play online")


def choice_host_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Host this table ({key})").format(key=shown_key("online.host", keys, "h"))


def choice_join_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Join a table ({key})").format(key=shown_key("online.join", keys, "j"))


def join_title() -> str:
    return _("Join a table online")


def join_label() -> str:
    return _("A table's link, a server (HOST:PORT) for its lobby, or a server and a code:")


def password_label() -> str:
    return _("The server's password (a private server's only):")


def join_button() -> str:
    return _("Join")


def cancel_button() -> str:
    return _("Cancel")


def host_title() -> str:
    return _("Host this table online")


def host_intro(name: str) -> str:
    return _(
        "The table runs in this game: you play {name}'s seat, and each of the others takes a "
        "seat with the command shown next (the table's code). It closes when this game quits."
    ).format(name=name)


def address_label() -> str:
    return _("Listen on (127.0.0.1: this machine only; 0.0.0.0: every machine that reaches it):")


def port_label() -> str:
    return _("Port:")


def open_button() -> str:
    return _("Open the table")


def copy_button() -> str:
    return _("Copy the commands")


def sit_down_button() -> str:
    return _("Sit down")


def copied() -> str:
    return _("The join commands are copied: send each player theirs.")


def bad_port(typed: str) -> str:
    return _("{value!r} is not a port: give a number from 1 to 65535").format(value=typed)


def cannot_listen(host: str, port: int, why: str) -> str:
    return _("cannot listen on {host}:{port}: {error}").format(host=host, port=port, error=why)
