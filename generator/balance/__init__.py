"""Balance: measure builds exactly, compare them axis by axis, say plainly which dominate.

Game-neutral. A game plugs in a :class:`~generator.balance.hook.BalanceHook` on its ``Game``
(``balance=``): axes as data with one measure each (``axes``), verdict rules as data
(``verdicts``), and its own report pages as sections of tables and charts (``report``).
``run`` measures and judges, ``summary`` prints, ``document`` and ``pdf`` write the report
with vector charts (``charts``). Nothing here imports a game.
"""
