"""``python -m generala_tui`` runs the ``generala-tui`` command."""

import sys

from .cli import main

sys.exit(main())
