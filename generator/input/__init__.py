"""Reading input: YAML with the file, line and column of every value, declared schemas,
catalogues, and findings (rules kept as data) with how they are reported."""
