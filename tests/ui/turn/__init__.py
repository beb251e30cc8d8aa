"""The turn screen: play by keys and by mouse, what it shows built from the state alone, its
layout at every size, the roll animation, undo, the computer players and the coach.
"""
