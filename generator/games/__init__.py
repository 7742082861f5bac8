"""One subpackage per game; ``registry`` lists them in one place."""
