"""The fourth game (tests/fourth_game) is installed for the whole run through its entry
point, as a game living in a package of its own would be: every suite that goes over the
registered games (the conformance suite, the CLI, the league) takes it too."""

from tests.fourth_game import plugin

plugin.install()
