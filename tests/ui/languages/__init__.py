"""The screens in Spanish and Swedish: the language chosen, no word past the catalogs, keys
named as the language names them, nothing cut by longer words.
"""
