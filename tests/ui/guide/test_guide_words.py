"""Every word of the guided game is said in Spanish and Swedish: each lesson (full and
brief), the offer, the help's button and key, the notice."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from textual.content import Content

from generala_tui import i18n
from generala_tui.ui import guide_words
from generala_tui.ui.screens import help_words
from generala_tui.ui.vocabulary import KEY_CONTEXT


def _plain(said: object) -> str:
    if isinstance(said, tuple):
        return " | ".join(_plain(part) for part in said)
    return said.plain if isinstance(said, Content) else str(said)


def _words() -> Iterator[tuple[str, Callable[[], object]]]:
    for brief in (False, True):
        how = "brief" if brief else "full"
        yield f"dice {how}", lambda b=brief: guide_words.dice(b)
        yield f"hold {how}", lambda b=brief: guide_words.hold(b)
        for beside in (False, True):
            yield (
                f"roll {how} {beside}",
                lambda b=brief, s=beside: guide_words.roll_again(b, s),
            )
        yield f"boxes {how}", lambda b=brief: guide_words.boxes(b)
        for first in (False, True):
            yield (
                f"served {how} {first}",
                lambda b=brief, f=first: guide_words.served(b, "Generala", 25, 20, f),
            )
        yield f"scratch {how}", lambda b=brief: guide_words.scratch(b, "Generala")
        yield f"waiting {how}", lambda b=brief: guide_words.waiting(b)
        yield f"done {how}", lambda b=brief: guide_words.done(b)
    yield "leave", lambda: guide_words.leave_button(False)
    yield "close", lambda: guide_words.leave_button(False, done=True)
    yield "left", guide_words.left_notice
    yield "offer", guide_words.offer_button
    yield "offer tooltip", guide_words.offer_tooltip
    yield "decline", guide_words.decline_button
    yield "decline tooltip", guide_words.decline_tooltip
    yield "help button", guide_words.help_button
    yield "key", lambda: i18n.pgettext(KEY_CONTEXT, guide_words.GUIDED_GAME_KEY)
    yield "help's key", lambda: help_words.turn_keys()["leave_guide"][1]


WORDS = dict(_words())


@pytest.mark.parametrize("lang", ["es", "sv"])
@pytest.mark.parametrize("name", list(WORDS))
def test_the_guides_words_are_translated(lang: str, name: str) -> None:
    english = _plain(WORDS[name]())
    i18n.set_language(lang)
    try:
        translated = _plain(WORDS[name]())
    finally:
        i18n.set_language("en")
    assert translated != english, f"{name} in {lang}: {translated}"
    for part_en, part in zip(english.split(" | "), translated.split(" | "), strict=True):
        assert bool(part_en) == bool(part)
        if part_en and len(part_en) > 8:  # a word, not a mark or a key ("✕ esc")
            assert part != part_en, f"{name} in {lang}: {part!r} untranslated"


@pytest.mark.parametrize("lang", ["en", "es", "sv"])
def test_the_brief_words_fit_the_guides_line_at_40_columns(lang: str) -> None:
    # 40 columns less the margins and the button ("✕ Esc"): 30 cells a line, two lines.
    i18n.set_language(lang)
    try:
        brief = [_plain(say()) for name, say in WORDS.items() if " brief" in name]
    finally:
        i18n.set_language("en")
    assert len(brief) == 10
    for said in brief:
        assert len(said.removesuffix(" | ")) <= 60, said
