"""The shell around the game: what any window of it does, whatever is played in it.

:class:`Shell` is the Textual app without the game: the player's files and preferences
(:class:`~.keeper.Keeper`), the language, the theme, the command palette's own commands,
screenshots, the key names the Footer shows, and quitting on SIGTERM or SIGHUP.
:class:`~.app.GeneralaApp` is this shell with the game's tables and screens in it.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from .. import collector, i18n, store
from . import app_words, vocabulary
from .keeper import Keeper
from .translated import TranslatedBindings


class Shell(App[None]):
    """A window of the game: its files, language, theme, palette and screenshots."""

    def __init__(self, *, language: str | None, startup_warning: str | None) -> None:
        super().__init__()
        self.keeper = Keeper(self._file_trouble, held=True)
        """The autosave, the history and the preferences."""
        # --lang, else the saved setting, else the environment as gettext reads it, else English.
        i18n.set_language(i18n.choose_language(language, self.keeper.preferences.language))
        self._startup_warnings = [
            w for w in (self.keeper.startup_warning, startup_warning) if w is not None
        ]
        """What the player is told once the first screen shows."""
        self._screenshot_folder: Path | None = None
        """The folder the last screenshot was to be saved in."""

    def open_window(self) -> None:
        """The window's part of mounting (called first by the app's ``on_mount``): the
        garbage collector and the disk after the first frame, the theme, the signals."""
        # Start-up is over once the first frame is drawn (see generala_tui.collector).
        self.call_after_refresh(collector.resume)
        self.keeper.attach(asyncio.get_running_loop())
        # The first autosave builds a schema and syncs a file: after the first frame.
        self.call_after_refresh(self.keeper.release)
        theme = self.keeper.preferences.theme
        if theme in self.available_themes:
            self.theme = theme
        else:
            # Told once: the default is remembered in its place.
            self._startup_warnings.append(app_words.unknown_theme(theme))
            self.keeper.remember(theme=self.theme)
        self.watch(self, "theme", self._theme_changed, init=False)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            # SIGTERM and SIGHUP quit like ctrl+q answered yes: the game is saved, the
            # terminal restored.
            loop = asyncio.get_running_loop()
            for number in (signal.SIGTERM, signal.SIGHUP):
                loop.add_signal_handler(number, self.exit)

    def tell_startup_warnings(self, *more: str | None) -> None:
        """What the player is told once, as the first screen shows: the files', the command
        line's and the theme's warnings, this window's saved game beside another's, the
        games waiting, and ``more``."""
        if self.keeper.beside_another:
            self._startup_warnings.append(app_words.beside_another_window())
        if self.keeper.waiting:
            self._startup_warnings.append(app_words.games_waiting(self.keeper.waiting))
        for message in [*self._startup_warnings, *more]:
            if message:
                self.notify(message, severity="warning", timeout=10, markup=False)

    @on(Worker.StateChanged)
    def _worker_failed(self, event: Worker.StateChanged) -> None:
        """The one place a failed worker is reported to the player (:meth:`failure_told`)."""
        if event.state is WorkerState.ERROR:
            message = self.failure_told(event.worker)
            if message is not None:
                self.notify(message, severity="error", timeout=10, markup=False)

    def failure_told(self, worker: Worker[Any]) -> str | None:
        """What the player is told of a worker that failed (None: nothing, told already)."""
        return app_words.worker_failed(worker.name, str(worker.error))

    def _file_trouble(self, warning: str) -> None:
        self.notify(warning, severity="warning", timeout=10, markup=False)

    def _theme_changed(self, theme: str) -> None:
        self.keeper.remember(theme=theme)

    # --- the command palette -----------------------------------------------

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette as TextualCommandPalette

        from .screens.modal import CommandPalette

        palette_open = any(isinstance(s, TextualCommandPalette) for s in self.screen_stack)
        if self.use_command_palette and not palette_open:
            self.push_screen(
                CommandPalette(id="--command-palette", placeholder=app_words.palette_placeholder())
            )

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The window's commands in the palette, in the current language (Textual's own,
        which speak English only, are said again here): the languages, the theme, a
        screenshot, quit."""
        for lang in i18n.LANGUAGES:
            if lang != i18n.language():
                yield SystemCommand(
                    i18n.LANGUAGE_NAMES[lang],
                    app_words.command_language_help(),
                    lambda lang=lang: self.set_language(lang),
                )
        yield SystemCommand(
            app_words.command_theme(), app_words.command_theme_help(), self.search_themes
        )
        yield SystemCommand(
            app_words.command_screenshot(),
            app_words.command_screenshot_help(),
            lambda: self.set_timer(0.1, self._deliver_screenshot),
        )
        yield SystemCommand(
            app_words.command_quit(), app_words.command_quit_help(), self.action_quit
        )

    def search_themes(self) -> None:
        """The themes to choose from, in a command palette that speaks the current language."""
        from textual.theme import ThemeProvider

        from .screens.modal import CommandPalette

        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=app_words.theme_placeholder())
        )

    def get_key_display(self, binding: Binding) -> str:
        """A key as the Footer shows it, named as the current language's keyboards print it
        (Textual names keys in English: "space", "esc")."""
        return vocabulary.key_name(super().get_key_display(binding))

    # --- screenshots --------------------------------------------------------

    def _deliver_screenshot(self) -> None:
        """The palette's screenshot, into the downloads folder where Textual would save it,
        or, where that folder does not exist, the current folder (where Textual's
        ``save_screenshot`` writes): no folder is made for a screenshot."""
        from platformdirs import user_downloads_path

        folder = user_downloads_path()
        if not folder.is_dir():
            folder = Path(".").absolute()  # said in full: the player may not know where it is
        self._screenshot_folder = folder
        self.deliver_screenshot(path=str(folder))

    # The screenshot command's notices in the player's language: Textual's own handlers
    # (on ``App``, after this class in the order handlers run) say them in English.
    @on(events.DeliveryComplete)
    def _screenshot_saved(self, event: events.DeliveryComplete) -> None:
        if event.name == "screenshot":
            event.prevent_default()
            path = None if event.path is None else str(event.path)
            self.notify(
                app_words.screenshot_saved(path), title=app_words.screenshot_title(), markup=False
            )

    @on(events.DeliveryFailed)
    def _screenshot_failed(self, event: events.DeliveryFailed) -> None:
        if event.name == "screenshot":
            event.prevent_default()
            error = event.exception
            reason = store.why(error) if isinstance(error, OSError) else str(error)
            self.notify(
                app_words.screenshot_failed(str(self._screenshot_folder or "."), reason),
                title=app_words.screenshot_title(),
                severity="error",
                markup=False,
            )

    # --- the language -------------------------------------------------------

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on, on every screen at once (those under the one in front
        too, the Footer and the command palette), and remember it for next time."""
        if lang not in i18n.LANGUAGES:
            return
        i18n.set_language(lang)
        self.keeper.remember(language=lang)
        self.say_it_all_again()
        self.refresh_bindings()

    def say_it_all_again(self) -> None:
        """Every screen of the stack says its words again, as the screen says them now: in
        the language of the moment, naming the keys in use."""
        for screen in self.screen_stack:
            if isinstance(screen, TranslatedBindings):
                self.call_later(screen.say_again)
