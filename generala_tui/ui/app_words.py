"""The app's and the shell's own words: the command palette, the app's notices (the saved
game beside another window's, nothing to resume, a failure in the background, a theme not
known), the screenshot. The tables' words (local and online) are in
:mod:`generala_tui.ui.table_words`.
"""

from __future__ import annotations

from ..i18n import _, ngettext


def roll_animation_command(on: bool) -> str:
    """The command palette's entry that turns the roll animation on or off."""
    return _("Turn the roll animation on") if on else _("Turn the roll animation off")


def sorted_dice_command(on: bool) -> str:
    """The command palette's entry that shows the dice in order of their faces, or as thrown."""
    return _("Show the dice in order") if on else _("Show the dice as thrown")


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


def no_aids_rated() -> str:
    return _("This table is rated: no coach or win chances at it.")
