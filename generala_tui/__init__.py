"""generala-tui: the Latin-American dice game Generala in the terminal."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("generala-tui")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
