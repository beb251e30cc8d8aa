"""Save a game as a record file: a path to type (the store's records folder offered, and
said when saving will make it), a notice naming the file written, and a failure told
without closing the dialog (a file already there included: a record never replaces one)."""

from __future__ import annotations

import asyncio
import hashlib
from datetime import datetime
from functools import partial
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static
from textual.worker import Worker

from ... import store
from ...game.model import GameState
from .. import vocabulary
from . import export_words
from .modal import Modal

EXPORT_GROUP = "export"


def record_name(state: GameState, moment: datetime) -> str:
    """A file name for the game's record, file-safe and one per game: the time to the
    second, the players' names and a short hash of the game (two games exported in the
    same second still differ)."""
    names = "-".join(
        "".join(c for c in player.name if c.isalnum()) or f"p{seat + 1}"
        for seat, player in enumerate(state.players)
    )
    digest = hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:6]
    return f"generala-{moment:%Y%m%d-%H%M%S}-{names[:60]}-{digest}.json"


def default_record_path(state: GameState, moment: datetime) -> Path:
    """Where a record goes unless the player types elsewhere: in the store's records folder
    (:func:`~generala_tui.store.records_dir`)."""
    return store.records_dir() / record_name(state, moment)


def _write(state: GameState, typed: str, name: str) -> Path:
    """Write the record where the player typed (a folder takes the offered name); raise
    :class:`~generala_tui.store.RecordError`, the store's sentence or the system's reason in
    the store's words (:func:`~generala_tui.store.why`), when it can't be."""
    path = Path(typed).expanduser()
    try:
        folder = typed.endswith(("/", "\\")) or path.is_dir()
    except OSError as error:  # a name too long for the system, say: why, in a few words
        raise store.RecordError(store.why(error)) from None
    if folder:
        path = path / name
    store.write_record(state, path)
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # written, and then moved or looped: say it as written
        return path.absolute()


class ExportDialog(Modal[Path | None]):
    """Ask where to save the record; dismiss with the file written, or None."""

    BINDINGS = [Binding("escape", "cancel", vocabulary.Keys.CANCEL)]

    def __init__(self, state: GameState, moment: datetime | None = None) -> None:
        super().__init__()
        self.state = state
        self.moment = moment or datetime.now()
        self.name_offered = record_name(state, self.moment)
        self._saving: Worker[None] | None = None
        """The save under way, or the last one."""

    def compose(self) -> ComposeResult:
        with Vertical(id="export-dialog"):
            yield Static(export_words.export_title(), id="export-title")
            yield Static(export_words.export_path_label(), id="export-label", markup=False)
            offered = default_record_path(self.state, self.moment)
            yield Input(str(offered), id="export-path")
            # Saving makes a folder that is not there: said, so nothing appears unannounced.
            note = Static(id="export-note", markup=False)
            if not offered.parent.is_dir():
                note.update(export_words.folder_made())
            else:
                note.display = False
            yield note
            yield Static(id="export-error", markup=False)
            with Horizontal(id="export-buttons"):
                yield Button(export_words.export_save_button(), variant="primary", id="export-save")
                yield Button(export_words.export_cancel_button(), id="export-cancel")

    def on_mount(self) -> None:
        self.query_one("#export-path", Input).focus()

    async def language_changed(self) -> None:
        """Say it all again in the current language, keeping the file name typed."""
        typed = self.query_one("#export-path", Input).value
        self.refresh_bindings()
        await self.recompose()
        self.query_one("#export-path", Input).value = typed
        self.on_mount()

    @on(Input.Submitted, "#export-path")
    @on(Button.Pressed, "#export-save")
    def action_save(self) -> None:
        typed = self.query_one("#export-path", Input).value.strip()
        if not typed:
            return
        if self._saving is not None and not self._saving.is_finished:
            return  # one save at a time: a second would find the first's file and refuse
        self._saving = self.app.run_worker(
            partial(self._save, typed), name="record", group=EXPORT_GROUP
        )

    async def _save(self, typed: str) -> None:
        try:
            path = await asyncio.to_thread(_write, self.state, typed, self.name_offered)
        except (store.RecordError, OSError) as error:
            # The store's sentences, or the system's reason in the same words as the store's.
            said = store.why(error) if isinstance(error, OSError) else str(error)
            message = export_words.record_not_saved(said)
            if self.is_attached:
                self.query_one("#export-error", Static).update(message)
            self.app.notify(message, severity="error", timeout=10, markup=False)
            return
        self.app.notify(export_words.record_saved(str(path)), timeout=10, markup=False)
        self.dismiss(path)

    @on(Button.Pressed, "#export-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
