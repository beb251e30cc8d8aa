"""The tables' words: what the local table asks and tells (its quit and leave questions, the
computers' pace and pause, a computer's failure, a saved game's slot) and what an online one
does (the seat taken, who comes and goes, what the table does not do here).

Names from the server are escaped (:func:`~generala_tui.game.model.printable`) and shown
without markup. The app's own words (the command palette, its notices) are in
:mod:`generala_tui.ui.app_words`.
"""

from __future__ import annotations

from textual.content import Content

from ..game.model import printable
from ..i18n import _, decimal, genitive


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


def pace_names() -> tuple[str, ...]:
    """The computer players' paces, slowest first (see ``GeneralaApp.COMPUTER_SPEEDS``)."""
    return (_("very slow"), _("slow"), _("normal"), _("fast"), _("instant"))


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


def taken_back(name: str, computers: str) -> str:
    """Said when a human's fill is taken back with the turns of the computers after it
    (``computers``: their names, joined)."""
    return _(
        "{name}'s fill is taken back, with the turns {computers} played after it: fill a box "
        "again. They will throw the same dice."
    ).format(name=name, computers=computers)


def no_game_slot(folder: object) -> str:
    """Said when every saved game's file in the state folder is held by another window."""
    return _(
        "Every saved game in {folder} is held by another window; this game goes on unsaved."
    ).format(folder=printable(str(folder)))


# At an online table (ui/remote.py): the seat taken, who comes and goes, what the table
# does not do here. Names come from the server: escaped, and shown without markup.
def joining(server: str) -> str:
    """Shown while the first connection to a table is being made."""
    return _("Joining the table at {server}…").format(server=printable(server))


def seated(name: str) -> str:
    """Said once the server has given this window its seat."""
    return _("You play {name}'s seat at this table.").format(name=printable(name))


def clock_rule(seconds: float) -> str:
    """Said once at a table with a turn clock: the rule, so everyone knows it."""
    return _(
        "A turn here has {seconds:g} seconds: then a computer plays it for you, until you "
        "press a key."
    ).format(seconds=seconds)


def table_code(code: str, command: str, ssh: str | None = None) -> str:
    """Said once at a table with a code: how the others join it (``ssh``: how they come in
    over SSH too, in a game the server runs for an SSH visitor)."""
    if ssh is not None:
        return _(
            "This table's code is {code}: the others come in with {ssh} and take a seat in "
            "the lobby, or join with {command}"
        ).format(code=code, ssh=printable(ssh), command=printable(command))
    return _("This table's code is {code}: the others join with {command}").format(
        code=code, command=printable(command)
    )


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


def seat_not_kept(why: str) -> str:
    """Said when the seat a server gave could not be kept in the home (it is played all
    the same; only a later join by the table's code would need it)."""
    return _("Your seat could not be kept for next time ({why}): play on all the same.").format(
        why=printable(why)
    )


def chat_title() -> str:
    """The table talk's heading."""
    return _("Table talk")


def chat_placeholder() -> str:
    return _("Say something to the table, then Enter")


def chat_hint() -> str:
    """Under an empty talk: what is said shows here, and how to mute."""
    return _("What is said at the table shows here. /mute NAME hides a player's lines.")


def chat_watching() -> str:
    return _("You are watching: at this table only its players talk.")


def chat_muted(names: list[str]) -> str:
    return _("Muted: {names} (/unmute NAME to hear them again)").format(
        names=", ".join(printable(name) for name in names)
    )


def speaker(name: str | None) -> str:
    """Who said a line: their name, or a watcher without one."""
    return printable(name) if name is not None else _("a watcher")


def said_line(name: str | None, text: str) -> str:
    """A line said at the table while its talk is closed, as a notice."""
    return _("{name}: {text} (c to answer)").format(name=speaker(name), text=printable(text))


def would_play_again(name: str) -> str:
    """Said at a finished online table when another seat would play again."""
    return _("{name} would play another game here (a to agree).").format(name=printable(name))


def waiting_for_again(names: list[str]) -> str:
    """Said once this seat would play again: who is still to say so."""
    if not names:
        return _("Everyone agrees: the next game is being dealt…")
    return _("You would play again: waiting for {names}.").format(
        names=", ".join(printable(name) for name in names)
    )


def rated_table() -> str:
    """What a player is told at a rated table's start."""
    return _("This table is rated: its end moves every known player's rating.")


def rating_moved(name: str, mu: float, sigma: float, moved: float) -> str:
    """A player's rating after a rated game (``mu`` ± ``sigma``) and how much it moved."""
    change = ("+" if moved >= 0 else "−") + decimal(abs(moved))
    return _("{whose} rating: {rating} ± {uncertainty} ({change})").format(
        whose=genitive(printable(name)),
        rating=decimal(mu),
        uncertainty=decimal(sigma),
        change=change,
    )


def next_game(number: int) -> str:
    """Said when the next game at an online table is dealt."""
    return _("Game {number} at this table: the first seat moved on by one.").format(number=number)


def your_clock_ran_out() -> str:
    """Said to the seat whose turn clock ran out."""
    return _("Your time ran out: a computer plays for you until you press r, 1-5 or Enter.")


def back_at_the_keys() -> str:
    """Said when a key brings this seat back from the computer that stood in for it."""
    return _("Welcome back: your seat is yours again from the computer's next step.")


def turn_clock(seconds: float) -> str:
    """The turn's time left, in the top bar: "⏱ 0:25"."""
    whole = max(0, int(seconds + 0.999))
    return _("⏱ {minutes}:{seconds:02d}").format(minutes=whole // 60, seconds=whole % 60)


def your_turn() -> str:
    """The desktop notice when this window's turn comes at an online table."""
    return _("Your turn at the table.")


def watching_now(name: str) -> str:
    """Said when a watcher who gave their name comes to the table."""
    return _("{name} is watching the table.").format(name=printable(name))


def watching_no_more(name: str) -> str:
    return _("{name} is no longer watching.").format(name=printable(name))


def remove_command(name: str) -> str:
    """The palette's command that removes a player from the table (its opener's)."""
    return _("Remove {name} from the table").format(name=printable(name))


def remove_command_help() -> str:
    return _("their link ends; the seat is free to take by the table's code, played meanwhile")


def offline_banner() -> str:
    """Shown over the game while the table's server cannot be reached."""
    return _("The table's server cannot be reached: trying again… (ctrl+q quits)")
