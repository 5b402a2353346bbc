"""The pure core: models, parsing, storage, search and export, with no terminal code.

Nothing under `tui.core` may import textual or rich (a test checks it), so the
core can be unit-tested, scripted and benchmarked without a UI.
"""
