"""Text made fit to show: terminal controls made visible, LaTeX turned into Unicode runs, links found."""
