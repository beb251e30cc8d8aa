"""The setup and settings screens: the player list and its validation, the house rules, save
and cancel, and their use from 40x12 to 250x70.
"""
