"""Outrider battles: the rulebook's vehicle combat played out by an engine, phase by phase.

- ``setup``: battle.yaml (map, scenarios, readings, what is not played), maneuver faces as
  moves, the cars at the start.
- ``geometry``: poses and rectangles on the map.
- ``initiative``: the initiative phase (4).
- ``chain``, ``control``, ``action``, ``attacks``, ``collisions``: the action phase (5-7).
- ``engine``: rounds, the end phase (8) and the result.
- ``gain``, ``driver``: the expected-gain driver.
"""
