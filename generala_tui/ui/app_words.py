"""The app's own words: the command palette, the notices of the app and its workers (paces,
pauses, failures, the saved game's slot), the screenshot.
"""

from __future__ import annotations

from textual.content import Content

from ..game.model import printable
from ..i18n import _, ngettext


def pace_names() -> tuple[str, ...]:
    """The computer players' paces, slowest first (see ``GeneralaApp.COMPUTER_SPEEDS``)."""
    return (_("very slow"), _("slow"), _("normal"), _("fast"), _("instant"))


def roll_animation_command(on: bool) -> str:
    """The command palette's entry that turns the roll animation on or off."""
    return _("Turn the roll animation on") if on else _("Turn the roll animation off")


def pace_notice(index: int) -> str:
    """Said when the player changes the computers' pace."""
    return _("Computer pace: {pace}.").format(pace=pace_names()[index])


def paused_notice(paused: bool) -> str:
    """Said when the player pauses or resumes the computers."""
    return _("Computer players paused: p resumes.") if paused else _("Computer players resume.")


def computer_failed(name: str, error: str) -> str:
    """Said when a computer player could not choose its move."""
    return _("{name} could not choose a move ({error}): press f to try again.").format(
        name=name, error=error
    )


def worker_failed(work: str, error: str) -> str:
    """Said when some background work failed."""
    return _("Something went wrong in {work}: {error}").format(work=work, error=error)


def strategy_failed(error: str) -> str:
    """Said when the strategy tables could not be computed."""
    return _("The optimal strategy could not be computed ({error}). {hint}").format(
        error=error, hint=retry_hint()
    )


def retry_hint() -> str:
    return _("Press f on the turn screen, or r on the analysis, to try again.")


def nothing_to_resume() -> str:
    """Said when --resume finds no game in progress."""
    return _("There is no game in progress to resume: set up a new one.")


def no_game_slot(folder: object) -> str:
    """Said when every saved game's file in the state folder is held by another window."""
    return _(
        "Every saved game in {folder} is held by another window; this game goes on unsaved."
    ).format(folder=printable(str(folder)))


def beside_another_window() -> str:
    """Said when another window is playing the saved game, so this one keeps its own."""
    return _(
        "Another window is playing the saved game: this window's game is saved apart, and "
        "both can be resumed."
    )


def games_waiting(count: int) -> str:
    """Said when more unfinished games are saved than the one this window goes on with."""
    return ngettext(
        "{count} more unfinished game is saved: another window (generala-tui --resume) "
        "goes on with it.",
        "{count} more unfinished games are saved: another window (generala-tui --resume) "
        "goes on with the one saved last.",
        count,
    ).format(count=count)


def unknown_theme(theme: str) -> str:
    """Said when the preferences name a theme this Textual does not have."""
    # repr: a name read from a file, with any character that does not show escaped.
    return _(
        "The preferences name a theme this generala-tui does not know ({theme}); "
        "the default theme applies."
    ).format(theme=repr(theme))


# The command palette's commands (GeneralaApp.get_system_commands): a title and a help each.
def command_roll() -> str:
    return _("Roll")


def command_roll_help() -> str:
    return _("Roll the dice that are not held")


def command_scorecard() -> str:
    return _("Scorecard")


def command_scorecard_help() -> str:
    return _("Show every player's boxes")


def command_help() -> str:
    return _("Rules and keys")


def command_help_help() -> str:
    return _("How to play, and every key")


def command_new_game() -> str:
    return _("New game")


def command_new_game_help() -> str:
    return _("Leave this game and set up a new one")


def command_quit() -> str:
    return _("Quit")


def command_quit_help() -> str:
    return _("Quit the game (asks first during a game)")


def command_theme() -> str:
    return _("Theme")


def command_theme_help() -> str:
    return _("Change the colours")


def command_screenshot() -> str:
    return _("Screenshot")


def command_screenshot_help() -> str:
    return _("Save an SVG picture of the screen")


def command_language_help() -> str:
    return _("Speak this language from now on")


def palette_placeholder() -> str:
    return _("Search for commands…")


def theme_placeholder() -> str:
    return _("Search for themes…")


def no_command_matches() -> str:
    """In the command palette, when no command matches what the player typed."""
    return _("No command matches")


def screenshot_title() -> str:
    return _("Screenshot")


def screenshot_failed(folder: str, reason: str) -> str:
    """Said when the screenshot could not be saved in ``folder``, and the system's reason."""
    return _("The screenshot could not be saved in {folder}: {reason}.").format(
        folder=folder, reason=reason
    )


def screenshot_saved(path: str | None) -> str:
    """Said when the screenshot command saved its picture (``path``: where, when known)."""
    if path is None:
        return _("Screenshot saved")
    return _("Screenshot saved to {path}").format(path=path)


def trainer_command() -> str:
    return _("Trainer")


def trainer_command_help() -> str:
    return _("Decide in positions from your costliest decisions, and see what each costs")


# At an online table (ui/remote.py): the seat taken, who comes and goes, what the table
# does not do here. Names come from the server: escaped, and shown without markup.
def joining(server: str) -> str:
    """Shown while the first connection to a table is being made."""
    return _("Joining the table at {server}…").format(server=printable(server))


def seated(name: str) -> str:
    """Said once the server has given this window its seat."""
    return _("You play {name}'s seat at this table.").format(name=printable(name))


def watching() -> str:
    """Said once the server has let this window watch the table."""
    return _("You are watching this table.")


def connection_lost() -> str:
    """Said when the connection to the table drops (it is made again by itself)."""
    return _("The connection to the table was lost: reconnecting…")


def reconnected() -> str:
    """Said when the connection to the table is made again."""
    return _("Back at the table.")


def too_many_moves() -> str:
    """Said when moves are made faster than the table takes them (the server's words for it)."""
    return _("Too many messages: slow down.")


def not_connected() -> str:
    """Said when a move is made while the connection to the table is down."""
    return _("Not connected to the table: reconnecting…")


def seat_left(name: str) -> str:
    """Said when another seat's player leaves the table (or their connection drops)."""
    return _("{name} left the table.").format(name=printable(name))


def seat_back(name: str) -> str:
    """Said when another seat's player comes back to the table."""
    return _("{name} is back at the table.").format(name=printable(name))


def stand_in(name: str) -> str:
    """Said when the table has a computer play an away player's turns."""
    return _("{name} is away: a computer plays for them until they are back.").format(
        name=printable(name)
    )


def table_paused(name: str) -> str:
    """Said when the table waits for an away player."""
    return _("The game waits for {name} to come back.").format(name=printable(name))


def table_goes_on() -> str:
    """Said when a table that waited goes on."""
    return _("The game goes on.")


def server_plays_computers() -> str:
    """Said for the computers' keys (skip, pace, pause) at an online table."""
    return _("The table's server plays its computers, at its own pace.")


def no_undo_online() -> str:
    """Said for undo at an online table."""
    return _("Nothing is taken back at an online table: everyone has seen it.")


def could_not_join(server: str, error: str) -> str:
    """Said when the table's server can't be joined at all (not a table server there)."""
    return _("Could not join the table at {server}: {error}").format(
        server=printable(server), error=printable(error)
    )


def leave_table_question(hosting: bool) -> str:
    """Asked before leaving an online table for the setup screen (``hosting``: this game
    runs the table's server, which keeps running until it quits)."""
    if hosting:
        return _(
            "Leave the table and set up a game here? The table's server keeps running in "
            "this window, so the others play on, until it quits."
        )
    return _(
        "Leave the table and set up a game here? The game goes on without you, and your "
        "join command takes your seat again."
    )


def quit_table_question(hosting: bool) -> str:
    """Asked before quitting at an online table (``hosting``: this game runs its server)."""
    if hosting:
        return _("Quit now? The table's server runs in this window: the others' game stops too.")
    return _("Quit now? The game goes on without you, and your join command takes your seat again.")


def quit_question(unsaved_in: str | None = None) -> Content:
    """Asked before quitting a game in progress; ``unsaved_in`` names the folder the last
    autosave could not write in, when it failed."""
    if unsaved_in is not None:
        return Content(
            _(
                "Quit now? The game will be lost: it could not be saved in {folder}. "
                "Keep playing, or make that folder writable and play on: the next step saves it."
            ).format(folder=unsaved_in)
        )
    return Content(_("Quit now? The game is saved: generala-tui --resume goes on with it."))


def leave_question(unsaved_in: str | None = None) -> Content:
    """Asked before leaving a game in progress for the setup screen; ``unsaved_in`` names the
    folder the last autosave could not write in, when it failed."""
    if unsaved_in is not None:
        return Content(
            _(
                "Leave this game and set up a new one? The setup screen offers it again, "
                "but it could not be saved in {folder}: quitting the app will lose it."
            ).format(folder=unsaved_in)
        )
    return Content(
        _("Leave this game and set up a new one? It stays saved: the setup screen offers it again.")
    )
