"""This player's secret at each table server (issue 37): made once a server, kept private
in the home, never the same for two servers; none in a game run for an SSH visitor."""

from __future__ import annotations

import stat

import pytest

from generala_tui.online.protocol import RELAY_VARIABLE
from generala_tui.store import identities, paths
from generala_tui.ui.lobby import own_token


def test_a_secret_is_made_once_a_server_and_kept_private() -> None:
    first = identities.token_for("ws://a.example:8765")
    assert first is not None and len(first) >= 43
    assert identities.token_for("ws://a.example:8765") == first
    other = identities.token_for("ws://b.example:8765")
    assert other is not None and other != first
    kept = paths.data_dir() / identities.FILE_NAME
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert first not in repr(identities._read())  # never in a log line or a repr


def test_a_file_that_does_not_read_is_set_aside_and_a_new_secret_made() -> None:
    kept = paths.data_dir() / identities.FILE_NAME
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text("not json")
    assert identities.token_for("ws://a.example:8765") is not None


def test_a_game_run_for_an_ssh_visitor_presents_no_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(RELAY_VARIABLE, "a-relay-token")
    assert own_token("ws://127.0.0.1:8765") is None
    assert not (paths.data_dir() / identities.FILE_NAME).exists()
