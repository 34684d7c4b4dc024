"""The streams a subcommand talks to: :class:`Console` (injectable for tests)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import IO, Any


@dataclass
class Console:
    """Standard input, output and error of a subcommand."""

    inp: IO[str] = field(default_factory=lambda: sys.stdin)
    out: IO[str] = field(default_factory=lambda: sys.stdout)
    err: IO[str] = field(default_factory=lambda: sys.stderr)

    def print(self, *parts: Any, end: str = "\n") -> None:
        self.out.write(" ".join(str(p) for p in parts) + end)
        self.out.flush()

    def error(self, message: str) -> None:
        self.err.write(f"donjon: {message}\n")
        self.err.flush()

    def json(self, obj: Any, indent: int | None = None) -> None:
        self.print(json.dumps(obj, ensure_ascii=False, sort_keys=False, indent=indent))

    def read_command(self) -> tuple[str, list[str]] | None:
        """Prompt ``> `` until a non-blank line comes: ``(line, words)``; None when the input
        ends or the person types quit, exit or q (the prompt loop of ``donjon play``)."""
        while True:
            self.print("> ", end="")
            line = self.inp.readline()
            if not line:
                self.print()
                return None
            words = line.split()
            if not words:
                continue
            if words[0].lower() in ("quit", "exit", "q"):
                return None
            return line, words
