"""The pure core: the use cases (`library`) over ingest, store, search, render and export, with no terminal code.

Nothing under `tui.core` may import textual or rich, and its parts import
downward only (a test checks both), so the core can be unit-tested,
scripted and benchmarked without a UI. `docs/architecture.md` draws the layers.
"""
