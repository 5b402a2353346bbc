"""Where each service lives and how politely to ask it: base URLs from the environment or the settings."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tui import __version__
from tui.core.fetch.cache import ResponseCache
from tui.core.fetch.http import HttpClient, Notice

#: Each service: its display name, the environment variable for its base URL, its public base URL.
SERVICES = {
    "arxiv": ("arXiv", "PAPERDESK_ARXIV_API", "https://export.arxiv.org"),
    "openreview": ("OpenReview", "PAPERDESK_OPENREVIEW_API", "https://api2.openreview.net"),
    "crossref": ("Crossref", "PAPERDESK_CROSSREF_API", "https://api.crossref.org"),
}
#: Seconds between two arXiv API requests, as arXiv's terms of use ask; $PAPERDESK_ARXIV_DELAY or `arxiv_delay` change it.
ARXIV_DELAY = 3.0
DELAY_ENV = "PAPERDESK_ARXIV_DELAY"


@dataclass
class FetchOptions:
    """What every fetch needs to know: base URLs, arXiv's pace, the cache, how to tell the user of waits."""

    arxiv_api: str = SERVICES["arxiv"][2]
    openreview_api: str = SERVICES["openreview"][2]
    crossref_api: str = SERVICES["crossref"][2]
    arxiv_delay: float = ARXIV_DELAY
    cache_dir: Path | None = None
    refresh: bool = False
    """Ask the services again even when a fresh cached answer exists."""
    notice: Notice | None = None
    retries: int = 4
    backoff: float = 2.0

    @classmethod
    def from_settings(cls, settings: Any = None, **overrides: Any) -> FetchOptions:
        """Base URLs from $PAPERDESK_*_API, else the settings' `*_api` keys, else the public services."""
        values: dict[str, Any] = {}
        for key, (_, env, default) in SERVICES.items():
            values[f"{key}_api"] = os.environ.get(env) or getattr(settings, f"{key}_api", "") or default
        delay = getattr(settings, "arxiv_delay", ARXIV_DELAY)
        env_delay = os.environ.get(DELAY_ENV)
        if env_delay:
            try:
                delay = max(0.0, float(env_delay))
            except ValueError:
                pass
        values["arxiv_delay"] = delay
        values.update(overrides)
        return cls(**values)

    def client(self, key: str) -> HttpClient:
        """An HTTP client for one service ("arxiv", "openreview", "crossref")."""
        from tui.core.paths import cache_dir

        name = SERVICES[key][0]
        folder = self.cache_dir or cache_dir()
        return HttpClient(
            service=name,
            base_url=getattr(self, f"{key}_api"),
            cache=ResponseCache(folder / "http"),
            min_interval=self.arxiv_delay if key == "arxiv" else 0.0,
            retries=self.retries,
            backoff=self.backoff,
            refresh=self.refresh,
            notice=self.notice,
            user_agent=f"paperdesk/{__version__}",
        )
