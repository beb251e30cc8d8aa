"""The house rules' explanations, for the command line's ``--help``.

Every screen's words live beside that screen now (``screens/<screen>_words.py``), a widget's
beside the widget, and what every screen names in :mod:`generala_tui.ui.vocabulary`. This
module keeps only :data:`RULE_TEXT` for ``generala_tui.commands.options``, which reads it:
a mapping that builds each rule's title and explanation in the current language when read
(:func:`generala_tui.ui.screens.settings_words.rule_text` is the same table, as a function).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .screens.settings_words import rule_text


class _RuleText(Mapping[str, tuple[str, str]]):
    """:func:`rule_text`, built in the current language on each read."""

    def __getitem__(self, key: str) -> tuple[str, str]:
        return rule_text()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(rule_text())

    def __len__(self) -> int:
        return len(rule_text())


RULE_TEXT: Mapping[str, tuple[str, str]] = _RuleText()
"""Each house rule's title and one-line explanation, by the rule's name."""
