"""Bringing papers in from web services: arXiv, OpenReview, Crossref (one HTTP client with retry and cache)."""
