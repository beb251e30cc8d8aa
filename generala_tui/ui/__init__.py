"""The Textual user interface of generala-tui.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``roll_button()``) that looks its message up in the
catalogs each time it is called, each table a function that builds it in the current language.
The words live in the ``*_words`` modules beside the screens and widgets they serve (a module
with only a few words writes them itself, through ``_()``), and in
:mod:`~generala_tui.ui.vocabulary` those that more than one of them names; no word bypasses
the catalogs (``tests/ui/test_words.py``, ``docs/words.md``).
"""
