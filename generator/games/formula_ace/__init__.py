"""Formula Ace Racing Pods (freewargamesrules.co.uk): hover-pod racing in centimetres. A team
file holds pilots, ships, purchases and the season's log; Paddock checks every purchase and
allocation, replays the season's credits, and prints the roster, ship and pilot cards, the
reference tables and the centimetre templates the game is played with."""

from __future__ import annotations

from generator.games.formula_ace.baseline import baseline
from generator.games.formula_ace.catalogues import formula_data, listings
from generator.games.formula_ace.circuit import CIRCUIT_SCHEMA
from generator.games.formula_ace.circuit_print import circuit_scaffold, with_circuits
from generator.games.formula_ace.circuit_rules import RULES as CIRCUIT_RULES
from generator.games.formula_ace.components import outputs, print_findings
from generator.games.formula_ace.model import TEAM_SCHEMA
from generator.games.formula_ace.scaffold import scaffold
from generator.games.formula_ace.season_rules import RULES
from generator.project.game import Game, Kind, lazy_balance

GAME = Game(
    id="formula-ace",
    title="Formula Ace Racing Pods",
    book=RULES.book,
    kinds={"team": Kind("team", TEAM_SCHEMA, RULES, formula_data(),
                        print_check=print_findings),
           "circuit": Kind("circuit", CIRCUIT_SCHEMA, CIRCUIT_RULES)},
    outputs=with_circuits(outputs),
    scaffold=scaffold,
    default_folder="vehicles/formula-ace",
    catalogues=lambda: listings(RULES.book),
    balance_loader=lazy_balance("generator.games.formula_ace", baseline, kind="team"),
    kind_scaffolds={"circuit": circuit_scaffold},
)
