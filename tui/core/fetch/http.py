"""One small HTTP client for every service: a base URL, a polite pace, retries with a visible wait, a disk cache.

Plain urllib: the services need one GET each, and owning the loop is what
lets a 429/503 be retried with a wait the user sees, a cached page be
served without waiting for the pace, and every failure become one line
naming the service.
"""

from __future__ import annotations

import http.client
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tui.core.errors import PaperdeskError
from tui.core.fetch.cache import ResponseCache
from tui.core.words import plural

#: HTTP statuses that mean "busy, try again later".
RETRY_STATUSES = (429, 502, 503, 504)
#: A response larger than this is refused (no listing page is this big).
MAX_BODY = 64 * 1024 * 1024
#: The longest wait a Retry-After header may impose.
MAX_WAIT = 300.0

T = TypeVar("T")

#: Told about every wait the user should know of: a retry after a busy answer, a stale cache used.
Notice = Callable[[str], None]


class ServiceError(PaperdeskError):
    """A service could not give what was asked; the message starts with the service's name."""

    def __init__(self, service: str, problem: str) -> None:
        self.service = service
        self.problem = problem
        super().__init__(f"{service}: {problem}")


class NotFound(ServiceError):
    """The service answered that the thing asked for does not exist (HTTP 404, or an empty answer)."""


class Malformed(ServiceError):
    """The service answered with something that is not what its API returns."""

    def __init__(self, service: str, why: str) -> None:
        super().__init__(service, f"malformed response ({why})")


@dataclass
class HttpClient:
    """GET requests to one service under `base_url`.

    `min_interval` seconds pass between two network requests (arXiv asks
    for 3); cached answers younger than the asked-for age are returned at
    once and never count. A busy answer (429, 502-504) is retried up to
    `retries` times after Retry-After seconds, else `backoff` doubled each
    time, each wait announced through `notice`. When the network fails and
    a cached answer of any age exists, that answer is used (and announced):
    re-running a command works offline.
    """

    service: str
    base_url: str
    cache: ResponseCache | None = None
    min_interval: float = 0.0
    retries: int = 4
    backoff: float = 2.0
    timeout: float = 30.0
    refresh: bool = False
    notice: Notice | None = None
    sleep: Callable[[float], None] = time.sleep
    user_agent: str = "paperdesk"
    requests: int = field(default=0, init=False)
    """Network requests made (cache hits excluded): tests and benchmarks read it."""
    _last: float = field(default=0.0, init=False, repr=False)

    def url(self, path: str, params: dict[str, str | int] | None = None) -> str:
        """The full URL of `path` under the base URL, parameters in a stable order (the cache key)."""
        url = self.base_url.rstrip("/") + "/" + path.lstrip("/")
        if params:
            url += "?" + urllib.parse.urlencode(sorted((k, str(v)) for k, v in params.items()))
        return url

    def get(self, path: str, params: dict[str, str | int] | None = None, *, max_age: float = 86400.0, parse: Callable[[bytes], T] | None = None) -> Any:
        """The body of `path` (or `parse(body)`); ServiceError (or NotFound) with one line on failure."""
        return self.get_url(self.url(path, params), max_age=max_age, parse=parse)

    def get_url(self, url: str, *, max_age: float = 86400.0, parse: Callable[[bytes], T] | None = None) -> Any:
        """The body at a full URL, from the cache when fresh enough, else from the network.

        With `parse`, returns what it makes of the body, and a body is cached
        only once `parse` accepted it: a malformed answer (it raises) is
        never kept to be served again, and a cached copy it refuses is
        dropped and asked for anew.
        """
        check: Callable[[bytes], Any] = parse or (lambda body: body)
        if self.cache is not None and not self.refresh:
            hit = self.cache.get(url, max_age)
            if hit is not None:
                try:
                    return check(hit[0])
                except ServiceError:
                    self.cache.drop(url)
        try:
            body = self._fetch(url)
        except ServiceError as exc:
            stale = self.cache.get(url, None) if self.cache is not None and not isinstance(exc, NotFound) else None
            if stale is None:
                raise
            try:
                result = check(stale[0])
            except ServiceError:
                raise exc from None
            self._tell(f"{exc}; using the copy cached {_age(stale[1])} ago")
            return result
        result = check(body)
        if self.cache is not None:
            self.cache.put(url, body)
        return result

    def _tell(self, message: str) -> None:
        if self.notice is not None:
            self.notice(message)

    def _pace(self) -> None:
        wait = self._last + self.min_interval - time.monotonic()
        if wait > 0:
            self.sleep(wait)

    def _fetch(self, url: str) -> bytes:
        attempt = 0
        while True:
            self._pace()
            self._last = time.monotonic()
            self.requests += 1
            request = urllib.request.Request(url, headers={"User-Agent": self.user_agent, "Accept-Encoding": "identity"})
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    body = response.read(MAX_BODY + 1)
                if len(body) > MAX_BODY:
                    raise ServiceError(self.service, f"response larger than {MAX_BODY // (1024 * 1024)} MiB refused")
                return body
            except urllib.error.HTTPError as exc:
                status = exc.code
                retry_after = exc.headers.get("Retry-After") if exc.headers else None
                exc.close()
                if status in RETRY_STATUSES and attempt < self.retries:
                    attempt += 1
                    wait = _retry_after(retry_after, self.backoff * 2 ** (attempt - 1))
                    why = "rate limited" if status == 429 else "busy"
                    self._tell(f"{self.service}: {why} (HTTP {status}); waiting {wait:.0f} s, then retry {attempt} of {self.retries}")
                    self.sleep(wait)
                    continue
                if status == 404:
                    raise NotFound(self.service, f"not found (HTTP 404: {url})") from None
                gave_up = f" after {plural(attempt, 'retry', 'retries')}" if attempt else ""
                raise ServiceError(self.service, f"HTTP {status}{gave_up} ({url})") from None
            except TimeoutError:
                raise ServiceError(self.service, f"no answer within {self.timeout:g} s (timed out)") from None
            except urllib.error.URLError as exc:
                if isinstance(exc.reason, (socket.timeout, TimeoutError)):
                    raise ServiceError(self.service, f"no answer within {self.timeout:g} s (timed out)") from None
                raise ServiceError(self.service, "could not connect (offline?)") from None
            except (ConnectionError, OSError, http.client.HTTPException) as exc:
                raise ServiceError(self.service, f"the connection failed ({exc.__class__.__name__})") from None


def _retry_after(header: str | None, default: float) -> float:
    """Seconds to wait: the Retry-After header's when it holds a number, else `default`; capped."""
    if header:
        try:
            return max(0.0, min(float(header.strip()), MAX_WAIT))
        except ValueError:
            pass
    return min(default, MAX_WAIT)


def _age(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.0f} h"
    return f"{seconds / 86400:.0f} days"
