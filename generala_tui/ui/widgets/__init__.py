"""Widgets: they render what they are given and post messages about what the player did."""
