"""The command line: options and their errors, what it prints, ``simulate``, ``analyse`` and
``serve`` (a real server on a loopback port), and the analysis page's figures."""
