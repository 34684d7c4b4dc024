"""``python -m donjon.cli``: the ``donjon`` command."""

import sys

from donjon.cli import main

sys.exit(main())
