"""The analysis of a finished game (its charts, decisions and keys) and the trainer."""
