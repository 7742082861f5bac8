"""Outrider's palette. The layout machinery (Pen, Slot, Plan...) is ``generator.paper.layout``."""

from __future__ import annotations

from generator.paper.drawing import colour, mix

RULE = colour("#7a7a7a")
PAPER = colour("#ffffff")
SAND = colour("#efe6d2")
ASPHALT = colour("#8d8a85")
ARC_RED = colour("#c62828")
ENTRY_GREEN = colour("#2e7d32")
LIGHT_ON = colour("#43c443")
LIGHT_OFF = colour("#d9d6cf")
SIGN_YELLOW = colour("#f6c700")
HAZARD_YELLOW = colour("#f2c500")
STOP_RED = colour("#c0271d")
# The card seat is tinted green, and so is the road where it crosses the seat (solid
# colours: transparency is lost inside the PDF forms that identical faces are drawn as).
SEAT_TINT = mix(ENTRY_GREEN, colour("#ffffff"), 0.75)
SEAT_ROAD = mix(colour("#8d8a85"), ENTRY_GREEN, 0.4)


