"""The program as a process: a real ``generala-tui`` on a pseudo-terminal (killed,
terminated, started on corrupted files), what start-up imports (each check in a fresh
interpreter), the garbage collector paused while it starts, and two windows on one home,
each a process of its own."""
