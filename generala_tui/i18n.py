"""The language the game speaks: English, Spanish or Swedish, from gettext catalogs.

Every word a player reads goes through :func:`_` (or :func:`ngettext` for a
count) at the moment it is shown, so a change of language (:func:`set_language`)
takes effect on the next redraw. Words are written once, in English, as the
catalogs' message ids; :func:`N_` marks a word for the catalogs where it is
defined and leaves the translation to the place it is shown.

The catalogs are ``generala_tui/locale/<lang>/LC_MESSAGES/generala_tui.po``
(with the template ``generala_tui/locale/generala_tui.pot``), compiled to
``.mo`` files beside them; ``scripts/catalogs.py`` extracts and compiles them.
Only the chosen language's catalog is read, with the standard library's
:mod:`gettext`; Babel, for numbers and dates in each language's conventions, is
imported the first time a number is formatted.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

DOMAIN = "generala_tui"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "es", "sv")
"""The languages the game speaks; English is the catalogs' source."""
LANGUAGE_NAMES = {"en": "English", "es": "Español", "sv": "Svenska"}
"""Each language in its own words (never translated: a player looks for their own)."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in the order it reads them (:func:`gettext.find`)."""
BABEL_LOCALES = {"en": "en_US", "es": "es_AR", "sv": "sv_SE"}
"""The conventions for numbers and dates: Spanish as played in Argentina and Uruguay."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_changes = 0


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (it is translated where shown)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogs (translated where shown, with
    :func:`pgettext` in the same context); return it unchanged."""
    return message


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the current language ("1 game", "2 games")."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in a ``context`` that tells apart words spelt alike
    in English (a "Roll" button, the "Roll" of a coach's line)."""
    return _translations.pgettext(context, message)


def metavar(name: str) -> str:
    """A command-line option's value as the help names it (``FILE``, ``NAMES``; marked with
    ``NP_("metavar", ...)``), in the current language."""
    return pgettext("metavar", name)


def after_colon(message: str) -> str:
    """``message`` as it goes on after a colon ("error: ..."): Spanish and Swedish begin it in
    lower case (as argparse's own errors do there), unless its first word is an abbreviation
    ("JSON"); English keeps its sentences as they are."""
    if _language == "en" or not message[:1].isupper() or message[1:2].isupper():
        return message
    return message[0].lower() + message[1:]


def genitive(name: str) -> str:
    """``name`` owning what follows, as the current language writes it before a noun: English
    "Ana's"; Swedish "Anas", but "Lars" and "Felix" (a name ending in s, x or z takes no
    other s) and "Spelare 1:s" (after a digit or a sign, a colon); Spanish has no such form
    and says "de Ana" in its sentence, so the name stays as it is."""
    if not name or _language == "es":
        return name
    if _language == "sv":
        last = name[-1]
        if last.lower() in "sxz":
            return name
        return name + ("s" if last.isalpha() else ":s")
    return name + "'s"


def language() -> str:
    """The language the game speaks now: one of :data:`LANGUAGES`."""
    return _language


def changes() -> int:
    """How many times the language was set: a key for what was said in the current one."""
    return _changes


def catalog(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: none, the words as written)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def set_language(lang: str, translations: gettext.NullTranslations | None = None) -> None:
    """Speak ``lang`` from now on (``translations``: a catalog of a test's own)."""
    global _translations, _language, _changes
    if lang not in LANGUAGES and translations is None:
        raise ValueError(f"unknown language {lang!r}")
    _translations = translations if translations is not None else catalog(lang)
    _language = lang
    _changes += 1


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language whose catalog gettext itself finds from the environment, as
    :func:`gettext.translation` would: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``
    and ``LANG`` that is set decides alone, its value a list of languages by preference
    (``fr:es``: French, else Spanish), each expanded as gettext expands it (``es_AR.UTF-8``,
    ``es_AR``, ``es``), ``C`` ending the list. English has no catalog (its words are the
    catalogs' own), so an English entry ends the list as ``C`` does: ``en:es`` is English.
    None when the list ends without a catalog: the game then speaks English, as gettext
    would.

    ``environ`` stands in for the process's environment (a test's)."""
    environ = os.environ if environ is None else environ
    value = next((environ[name] for name in ENVIRONMENT if environ.get(name)), "")
    languages = [
        "C" if name.split(".")[0].split("@")[0].split("_")[0] == "en" else name
        for name in value.split(":")
    ]
    found = gettext.find(DOMAIN, LOCALE_DIR, languages=[*languages, "C"])
    if found is None:
        return None
    lang = Path(found).parents[1].name  # <LOCALE_DIR>/<lang>/LC_MESSAGES/<DOMAIN>.mo
    return lang if lang in LANGUAGES else None


def choose_language(
    given: str | None, saved: str | None, environ: Mapping[str, str] | None = None
) -> str:
    """The language to speak: ``--lang``, else the saved setting, else the environment,
    else English."""
    for lang in (given, saved, language_from_environment(environ)):
        if lang in LANGUAGES:
            return lang
    return "en"


# --- numbers and dates, in the language's conventions ---------------------------------

_locales: dict[str, Locale] = {}


def _locale() -> Locale:
    lang = _language if _language in BABEL_LOCALES else "en"
    if lang not in _locales:
        from babel import Locale

        _locales[lang] = Locale.parse(BABEL_LOCALES[lang])
    return _locales[lang]


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, as the language writes it ("1.5", "1,5")."""
    from babel.numbers import format_decimal

    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(round(value, digits), format=pattern, locale=_locale())


def percent(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0 to 1) as a percentage with ``digits`` decimals (a whole one by default)
    in the language's conventions (Babel's CLDR data): "45%" in English and in Argentine
    Spanish, "45 %" in Swedish; "45.3%", "45,3 %" with one decimal."""
    from babel.numbers import format_percent

    if not digits:
        return format_percent(round(fraction, 2), locale=_locale())
    pattern = _locale().percent_formats[None].pattern
    # The language's pattern ("#,##0%", "#,##0 %") with the decimals after its last digit.
    whole = pattern.rindex("0") + 1
    pattern = pattern[:whole] + "." + "0" * digits + pattern[whole:]
    return format_percent(round(fraction, digits + 2), format=pattern, locale=_locale())


def number(value: int) -> str:
    """A whole number as the language writes it ("1,234", "1.234", "1 234")."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_locale())


def date(moment: datetime) -> str:
    """A date, short, as the language writes it: "2026-11-30" in English (the game's own
    choice, unambiguous), "30/11/2026" in Spanish, "2026-11-30" in Swedish: the language's
    short date, its year always in four digits."""
    if _language not in BABEL_LOCALES or _language == "en":
        return moment.strftime("%Y-%m-%d")
    import re

    from babel.dates import format_date

    pattern = re.sub(r"y+", "yyyy", _locale().date_formats["short"].pattern)
    return format_date(moment, pattern, locale=_locale())


def date_time(moment: datetime) -> str:
    """A date and time, short, as the language writes it: "2026-11-30 06:20" in English,
    "30/11/2026 06:20" in Spanish, "2026-11-30 06:20" in Swedish (the date as :func:`date`
    writes it)."""
    if _language not in BABEL_LOCALES or _language == "en":
        return moment.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_time

    return f"{date(moment)} {format_time(moment, 'short', locale=_locale())}"
