"""Every screen against its approved SVG (``__snapshots__/<module>/``), with seeded dice, in
English, Spanish and Swedish, from 40x12 to 200x60.
"""
