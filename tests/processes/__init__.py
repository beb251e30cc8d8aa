"""The program as a process: a real ``generala-tui`` on a pseudo-terminal (killed,
terminated, started on corrupted files), what start-up imports (each check in a fresh
interpreter), and the garbage collector paused while it starts."""
