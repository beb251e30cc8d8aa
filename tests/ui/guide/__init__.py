"""The guided first game: its lessons (pure), its guide on the turn screen, the setup
screen's offer on a first launch and the help's way in."""
