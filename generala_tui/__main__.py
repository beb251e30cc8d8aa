"""``python -m generala_tui`` runs the ``generala-tui`` command."""

import sys

from .commands.main import main

sys.exit(main())
