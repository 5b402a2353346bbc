"""paperdesk: read, filter and annotate research-paper abstracts in the terminal."""

__version__ = "0.1.0"
