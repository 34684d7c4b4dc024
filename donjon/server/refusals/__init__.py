"""The sentences of the server's refusals, in English, French and Spanish, one module per part
of the site (``auth``, ``lobby``, ``play``, ``social``...). Each module holds one
:class:`~donjon.said.Sayer`, ``say``; the code that refuses raises its :class:`~donjon.said.Said`
and the edge that answers renders it in the reader's language (:func:`donjon.said.in_lang`):
the HTTP error handlers and the socket's refusals. A code stays the same in every language.

The sentences of malformed requests, which only a program of one's own sends (a socket message
that is not JSON, an unknown field), stay in English; so do a game's rules' own reasons.
"""
