"""The game of Generala: models and rules, free of any user interface."""
