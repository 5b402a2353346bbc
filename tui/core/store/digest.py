"""blake2b, the hash the store keys files and catalogs with, without importing hashlib on the way to the first frame.

`hashlib.blake2b` is `_blake2.blake2b` (hashlib never takes blake2 from
OpenSSL), but importing hashlib also loads OpenSSL's `_hashlib` and wraps
its constructors: ~5 M instructions of every start. A Python built
without `_blake2` gets hashlib's.
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython always builds it
    from hashlib import blake2b

__all__ = ["blake2b"]
