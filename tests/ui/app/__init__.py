"""The app as a whole: dialogs, help, failures and the computers' pause, the game never lost
(autosave, the saved game offered, match play), small screens across the screens, the words
modules, the workarounds of Textual and the monkey.
"""
