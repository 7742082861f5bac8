"""``paddock serve``: the designer's studio, a local page that follows every save."""
