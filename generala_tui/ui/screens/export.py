"""Save a game as a record file: a path to type (the store's records folder offered, and
said when saving will make it), a notice naming the file written, and a failure told
without closing the dialog (a file already there included: a record never replaces one).

In a served game (``generala-tui serve``: Textual's ``App.is_web``) the disk is the server's,
not the player's: no path is asked, and the record goes to the player's browser as a download
(``App.deliver_text``), so nothing a page types names a file on the server."""

from __future__ import annotations

import asyncio
import hashlib
import io
import tempfile
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
from ..host import own_keys
from . import export_words
from .modal import Modal

EXPORT_GROUP = "export"
RECORD_DELIVERY = "record"
"""The name a record's delivery to a browser goes by (Textual's ``DeliveryComplete``)."""


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


def _record_text(state: GameState) -> str:
    """The record file's text, as the store writes it: in a folder of its own, under a name
    of ours (the store writes records to paths only)."""
    with tempfile.TemporaryDirectory(prefix="generala-tui-record-") as folder:
        path = Path(folder) / "record.json"
        store.write_record(state, path)
        return path.read_text(encoding="utf-8")


class ExportDialog(Modal[Path | None]):
    """Ask where to save the record; dismiss with the file written, or None. In a served
    game, offer it as a download instead (no path asked) and dismiss with None."""

    # Parsed when a record is first saved (the dimmed backdrop is in generala.tcss, whose
    # `Screen` rule would win over this one's).
    DEFAULT_CSS = """
    ExportDialog {
        align: center middle;
        #export-dialog {
            width: 80;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: thick $primary;
            background: $surface;
            padding: 0 1;
            overflow-y: auto;
        }
        #export-title { margin-bottom: 1; }
        #export-error {
            height: auto;
            color: $error;
        }
        #export-buttons {
            height: auto;
            align-horizontal: center;
        }
        #export-buttons Button { margin: 0 1; }
    }
    """

    BINDINGS = [Binding("escape", "cancel", vocabulary.Keys.CANCEL, id="export.cancel")]

    def __init__(self, state: GameState, moment: datetime | None = None) -> None:
        super().__init__()
        self.state = state
        self.moment = moment or datetime.now()
        self.name_offered = record_name(state, self.moment)
        self._saving: Worker[None] | None = None
        """The save under way, or the last one."""

    @property
    def served(self) -> bool:
        """Whether the game is served to a browser: its record is a download, not a path."""
        return self.app.is_web

    def compose(self) -> ComposeResult:
        with Vertical(id="export-dialog"):
            yield Static(export_words.export_title(), id="export-title")
            if self.served:
                note = export_words.download_note(self.name_offered)
                yield Static(note, id="export-label", markup=False)
            else:
                yield Static(export_words.export_path_label(), id="export-label", markup=False)
                offered = default_record_path(self.state, self.moment)
                yield Input(str(offered), id="export-path")
                # Saving makes a folder that is not there: said, so nothing appears unannounced.
                folder_note = Static(id="export-note", markup=False)
                if not offered.parent.is_dir():
                    folder_note.update(export_words.folder_made())
                else:
                    folder_note.display = False
                yield folder_note
            yield Static(id="export-error", markup=False)
            with Horizontal(id="export-buttons"):
                save = (
                    export_words.export_download_button()
                    if self.served
                    else export_words.export_save_button()
                )
                yield Button(save, variant="primary", id="export-save")
                yield Button(export_words.export_cancel_button(own_keys(self)), id="export-cancel")

    def on_mount(self) -> None:
        if self.served:
            self.query_one("#export-save", Button).focus()  # Enter downloads
        else:
            self.query_one("#export-path", Input).focus()

    async def language_changed(self) -> None:
        """Say it all again in the current language, keeping the file name typed."""
        typed = None if self.served else self.query_one("#export-path", Input).value
        self.refresh_bindings()
        await self.recompose()
        if typed is not None:
            self.query_one("#export-path", Input).value = typed
        self.on_mount()

    @on(Input.Submitted, "#export-path")
    @on(Button.Pressed, "#export-save")
    def action_save(self) -> None:
        if self._saving is not None and not self._saving.is_finished:
            return  # one save at a time: a second would find the first's file and refuse
        if self.served:
            self._saving = self.app.run_worker(self._deliver, name="record", group=EXPORT_GROUP)
            return
        typed = self.query_one("#export-path", Input).value.strip()
        if not typed:
            return
        self._saving = self.app.run_worker(
            partial(self._save, typed), name="record", group=EXPORT_GROUP
        )

    async def _save(self, typed: str) -> None:
        try:
            path = await asyncio.to_thread(_write, self.state, typed, self.name_offered)
        except (store.RecordError, OSError) as error:
            self._not_saved(error)
            return
        self.app.notify(export_words.record_saved(str(path)), timeout=10, markup=False)
        self.dismiss(path)

    async def _deliver(self) -> None:
        """The record to the player's browser, named as offered."""
        try:
            text = await asyncio.to_thread(_record_text, self.state)
        except (store.RecordError, OSError) as error:
            self._not_saved(error)
            return
        self.app.deliver_text(
            io.StringIO(text),
            save_filename=self.name_offered,
            mime_type="application/json",
            encoding="utf-8",
            name=RECORD_DELIVERY,
        )
        self.app.notify(export_words.record_delivered(self.name_offered), timeout=10, markup=False)
        self.dismiss(None)

    def _not_saved(self, error: store.RecordError | OSError) -> None:
        # The store's sentences, or the system's reason in the same words as the store's.
        said = store.why(error) if isinstance(error, OSError) else str(error)
        message = export_words.record_not_saved(said)
        if self.is_attached:
            self.query_one("#export-error", Static).update(message)
        self.app.notify(message, severity="error", timeout=10, markup=False)

    @on(Button.Pressed, "#export-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
