"""generala-tui: the Latin-American dice game Generala in the terminal."""

__version__ = "0.1.0"
"""The one place the version is written: pyproject.toml reads it from here
(``[tool.setuptools.dynamic]``), so the package and its metadata agree, and
importing the package costs nothing to know it."""
