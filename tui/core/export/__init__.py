"""Papers leaving paperdesk and coming back: Markdown documents, per-paper files, notes imported from them."""
