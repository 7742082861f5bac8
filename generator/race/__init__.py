"""The race core, game-neutral: the interface a racing game implements (``game``), seeded
sweeps over local workers or a Dask cluster (``sweep``, ``cluster``), Wilson intervals and
the head-to-head (``stats``), the sequential verdict (``verdict``) and the progress bar. It
never imports a game: ``commands`` hands it each game's ``RACE_GAME`` from the registry."""
