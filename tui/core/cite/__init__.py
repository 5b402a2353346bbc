"""Citing what was read: citation keys, BibTeX, CSL-JSON and RIS written out, formatted references."""
