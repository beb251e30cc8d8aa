"""The game records on the screen: the statistics, the history, a record saved and replayed,
and the replay's end; ``history.py`` fills a history of real games for them.
"""
