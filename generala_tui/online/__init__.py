"""Online tables: one game played from many terminals, the server deciding (docs/server.md).

:mod:`.protocol` has the messages, :mod:`.tables` a table's record and its one way to
move, :mod:`.database` the server's SQLite file, :mod:`.server` the server and
:mod:`.client` one seat's connection.
"""
