"""``generala-tui completion bash|zsh|fish``: the shell's completion script, printed.

The script is written by shtab from the command's own parser (every command, option and
choice, with their help in the language chosen), so it says what ``--help`` says and
nothing else; a file's or a folder's name (:data:`.arguments.FILES`,
:data:`.arguments.FOLDERS`) completes as one, and ``--lang`` as a language the game
speaks. The description says where each shell reads it from.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from .. import i18n
from ..i18n import NP_, _, metavar
from .arguments import COMPLETES, FILES, FOLDERS, LANG
from .output import PROG, write_output

__all__ = ["SHELLS", "configure_parser", "run", "script"]

SHELLS = ("bash", "zsh", "fish")
"""The shells a script is written for."""


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``completion`` arguments to ``parser``."""
    parser.description = _(
        "Print the script that completes {prog}'s commands, options and values\n"
        "in a shell when Tab is pressed. Put it where the shell reads them from:\n"
        "  bash: {prog} completion bash > ~/.local/share/bash-completion/completions/{prog}\n"
        "  zsh:  {prog} completion zsh > ~/.zfunc/_{prog}  (with fpath+=~/.zfunc before\n"
        "        compinit in ~/.zshrc)\n"
        "  fish: {prog} completion fish > ~/.config/fish/completions/{prog}.fish"
    ).format(prog=PROG)
    parser.add_argument(
        "shell",
        choices=SHELLS,
        metavar=metavar(NP_("metavar", "SHELL")),
        help=_("the shell: {shells}").format(shells=", ".join(SHELLS)),
    )


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every command's parser under it."""
    yield parser
    for action in parser._actions:
        if isinstance(action.choices, dict):
            for command in action.choices.values():
                if isinstance(command, argparse.ArgumentParser):
                    yield from _parsers(command)


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script for ``shell`` of the finished ``parser`` (every command's
    arguments in it: :func:`.main.finished_parser`)."""
    import shtab

    kinds: dict[str, Any] = {FILES: shtab.FILE, FOLDERS: shtab.DIRECTORY}
    # One a line: fish takes each line of the command's output as one value.
    spoken = shtab.cmd("printf '%s\\n' " + " ".join(i18n.LANGUAGES))
    for each in _parsers(parser):
        for action in each._actions:
            kind = getattr(action, COMPLETES, None)
            if kind is not None:
                action.complete = kinds[kind]  # type: ignore[attr-defined]
            elif LANG in action.option_strings:
                action.complete = spoken  # type: ignore[attr-defined]
    text: str = shtab.complete(parser, shell=shell)
    return text if text.endswith("\n") else text + "\n"


def run(parser: argparse.ArgumentParser, shell: str) -> int:
    """Print the completion script for ``shell``; return the exit status."""
    return write_output(script(parser, shell), "completion")
