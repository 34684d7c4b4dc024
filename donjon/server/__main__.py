"""``python -m donjon.server`` — the same as ``donjon serve``."""

from donjon.server.cli_serve import main

raise SystemExit(main())
