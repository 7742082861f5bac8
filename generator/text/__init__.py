"""All human-facing text: the Jinja2 templates (the user's folder first, then ours), the
sandbox that renders them, and the paragraph markup and fonts they may use."""
