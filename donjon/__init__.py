"""donjon — an online board-game platform whose server referees every game."""

__version__ = "0.1.0"
