"""The UnfairChess bots and what the generic bots of :mod:`donjon.bots` ask of this game.

* :mod:`.search`: :class:`~.search.UnfairChessSearchBot`, the easy, normal and hard levels.
* :mod:`.greedy`: the static evaluation and the one-turn scores of the ``greedy`` bot
  (the game's ``greedy_scores`` hook).
* :mod:`.random_play`: a random legal action drawn without listing every card targeting
  (the game's ``random_action`` hook, used by the ``random`` bot).

Nothing is imported here, so that loading one of them does not load the others.
"""
