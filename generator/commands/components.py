"""The names of what a build can print, for --only: a module of its own so the command line
can list them without loading the printing code."""

from __future__ import annotations

# Every component a build can print, by the name --only takes: the name of its file (tracks:
# of the part after the track's name). PNG previews and Tabletop Simulator decks go with the
# component they preview.
COMPONENTS: dict[str, str] = {
    "licences": "Frothy Races driving licences",
    "cards": "Frothy Races Whip & Reins cards",
    "tokens": "Frothy Races vehicle counters, Outrider tracking tokens",
    "dice-stickers": "each game's dice sticker sheet",
    "dashboards": "Joyride and Outrider dashboards",
    "ability-tokens": "Joyride driver ability tokens",
    "player-aids": "Joyride player aids",
    "car-tokens": "Joyride car counters, initiative tokens and gear knobs",
    "items": "Joyride item set: pick-ups and item cards",
    "vehicle-cards": "Outrider vehicle cards",
    "maneuver-cards": "Outrider maneuver cards",
    "reference-cards": "Outrider range, capstone, reference and speedometer cards",
    "track-tiles": "each track's map, in page-sized tiles",
    "track-layout": "each track's race layout page",
    "track-tokens": "each track's race tokens",
    "track-pieces": "the modular track pieces",
    "record-sheets": "Circus Maximus chariot record sheets",
    "reference-card": "Circus Maximus reference card of the second-edition changes",
    "team-rosters": "Formula Ace Racing Pods team rosters",
    "ship-cards": "Formula Ace Racing Pods ship cards",
    "pilot-cards": "Formula Ace Racing Pods pilot cards",
    "reference-tables": "Formula Ace Racing Pods reference tables",
    "cm-templates": "Formula Ace Racing Pods range rulers and manoeuvre gauges",
    "circuit": "each Formula Ace circuit's plan to scale, beacon and obstacle markers and width "
               "gauge",
}
