"""The command line: ``generala-tui`` itself (:mod:`.main`, its arguments and the language,
then the game or a command) and the commands that run without the game's screens.

- :mod:`.simulate`: computer-only games and their statistics;
- :mod:`.analyse`: a game record's luck and decisions, in the words of :mod:`.report`;
- :mod:`.serve`: the game in a web browser, each page its own ``python -m generala_tui``;
  :mod:`.page`, what its pages may send; :mod:`.listening`, what it shares with ``host``;
- :mod:`.host`, :mod:`.join`: an online table's server, and a seat at it;
- :mod:`.documents`: ``docs``, the pages the help points at, shipped in the package;
- :mod:`.completion`: the shells' completion scripts, written from the parser;
- :mod:`.arguments`: the options several commands share, each declared once;
- :mod:`.options`: house rules and players read from command-line text;
- :mod:`.output`: what they print (escaped, one line for a problem, a closed pipe).

Each command's module is imported only when it runs or its help is asked for.
"""
