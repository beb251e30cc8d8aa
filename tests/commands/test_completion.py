"""``generala-tui completion bash|zsh|fish``: a script each shell runs, completing the
commands, the options and their values (a record's file name, a language), tried in the
shells themselves where they are installed (bash always is)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from generala_tui.commands.main import main

BASH_TRY = r"""
source "$1"
function=$(complete -p generala-tui | sed -E 's/.* -F ([^ ]+) .*/\1/')
shift
COMP_WORDS=("$@")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
COMPREPLY=()
"$function" generala-tui "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
printf '%s\n' "${COMPREPLY[@]}"
"""


def _script(shell: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["completion", shell]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.endswith("\n")
    path = tmp_path / f"generala-tui.{shell}"
    path.write_text(out, encoding="utf-8")
    return path


def _bash(script: Path, words: list[str], cwd: Path) -> list[str]:
    done = subprocess.run(
        ["bash", "-c", BASH_TRY, "bash", str(script), "generala-tui", *words],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=30,
        check=True,
    )
    assert done.stderr == ""
    return sorted(done.stdout.split())


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        (["s"], ["serve", "simulate"]),
        (["d"], ["docs"]),
        (["--l"], ["--lang"]),
        (["--lang", ""], ["en", "es", "sv"]),
        (["simulate", "--r"], ["--records", "--rule"]),
        (["host", "--away", ""], ["computer", "pause"]),
        (["docs", ""], ["analysis", "rules"]),
        (["completion", ""], ["bash", "fish", "zsh"]),
        (["replay", "g"], ["game.json"]),  # a file's name
        (["simulate", "--records", ""], ["records"]),  # a folder's only
    ],
)
def test_bash_completes_the_commands_their_options_and_values(
    words: list[str], offered: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script("bash", tmp_path, capsys)
    here = tmp_path / "here"
    (here / "records").mkdir(parents=True)
    (here / "game.json").write_text("{}")
    assert _bash(script, words, here) == offered


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_the_commands_with_their_help(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script("fish", tmp_path, capsys)

    def offered(line: str) -> dict[str, str]:
        done = subprocess.run(
            ["fish", "--no-config", "-c", f"source {script}; complete -C '{line}'"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        return dict(each.split("\t", 1) for each in done.stdout.splitlines())

    commands = offered("generala-tui s")
    assert sorted(commands) == ["serve", "simulate"]
    assert commands["serve"].startswith("Serve the game to a web browser.")
    assert sorted(offered("generala-tui docs --lang ")) == ["en", "es", "sv"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_takes_the_script_as_the_commands_completion_function(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Put where zsh looks (a folder of its fpath, named _generala-tui), compinit finds it
    for the command, and it reads as a function without an error."""
    script = _script("zsh", tmp_path, capsys)
    folder = tmp_path / "zfunc"
    folder.mkdir()
    script.rename(folder / "_generala-tui")
    found = (
        f"fpath=({folder} $fpath); autoload -U compinit && compinit -u -d {tmp_path}/zcompdump"
        " && print -r -- $_comps[generala-tui] && autoload +X _generala-tui"
        " && whence -w _generala-tui"
    )
    done = subprocess.run(
        ["zsh", "-f", "-c", found], capture_output=True, text=True, timeout=30, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.split() == ["_generala-tui", "_generala-tui:", "function"]
    syntax = subprocess.run(["zsh", "-n", str(folder / "_generala-tui")], capture_output=True)
    assert (syntax.returncode, syntax.stderr) == (0, b"")


def test_the_script_speaks_the_language_chosen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "es", "completion", "zsh"]) == 0
    assert "serve:'Sirve el juego a un navegador web." in capsys.readouterr().out


def test_a_shell_it_does_not_write_for_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["completion", "cmd"])
    assert done.value.code == 2
    assert "invalid choice: 'cmd'" in capsys.readouterr().err
