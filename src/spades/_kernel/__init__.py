"""The rules kernel: every rule of the table, card play and scoring arithmetic, once, on plain ints.

The engine, legality, the record verifier, the views and the computer players' playouts all call
these functions, so follow-suit, the trick winner, breaking spades, the bid range, who bids and
leads first, the next dealer and the contract, nil and bag arithmetic are each decided in exactly
one place. Everything here is a pure function of ints, tuples of ints and a rule set compiled once
into a :class:`~spades._kernel.table.Table`: cheap enough for a playout loop with mutable locals,
and free of the public state objects.

The modules, lowest first: :mod:`~spades._kernel.cards` (the card encoding), ``deck`` (a rule
set's deck and the order of its cards), ``table`` (the compiled table: the seats, the sides and
the flags the hot code reads), ``deal`` (real deals, the draw, the exchange, the redeal), ``play``
(leading, following, the trick winner, breaking spades, what a card reveals), ``bidding``,
``score`` (a side's score assembled once, as ints), ``end`` (the end of the game) and
``playout`` (the computer players' fast loop). This package's own module imports nothing, so that
the card encoding can be read alone.
"""
