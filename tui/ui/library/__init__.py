"""The library screen as a package: the screen and the controllers it owns (filtering, annotating, layout, exporting)."""
