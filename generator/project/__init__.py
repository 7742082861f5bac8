"""A project's files loaded: the kit file, the contract every game implements, the registry
that finds a game by id, and loading paths into validated definitions with their findings."""
