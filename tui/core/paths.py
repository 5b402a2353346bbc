"""Every filesystem location paperdesk uses, in one place, each overridable for tests."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "paperdesk"

#: Environment variable naming the library folder; `--db DIR` wins over it.
HOME_ENV = "PAPERDESK_HOME"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_REPO_DIR = _PACKAGE_DIR.parent


def library_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The library folder: `--db`, else $PAPERDESK_HOME, else the user's data dir."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """Where the user's settings file lives (platformdirs' config dir)."""
    from platformdirs import user_config_path

    return user_config_path(APP_NAME, appauthor=False)


#: Environment variable naming the folder for cached web responses (tests point it at a temp folder).
CACHE_ENV = "PAPERDESK_CACHE"


def cache_dir() -> Path:
    """Where responses from arXiv, OpenReview and Crossref are cached: $PAPERDESK_CACHE, else the user cache dir.

    Only a cache: deleting it loses nothing but the next run's speed.
    """
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_cache_path

    return user_cache_path(APP_NAME, appauthor=False)


def documents_dir() -> Path:
    """Default destination for exports: the user's documents folder."""
    from platformdirs import user_documents_path

    return user_documents_path()


def zotero_profile_roots(home: Path) -> list[Path]:
    """Where Zotero keeps its profiles (each a folder with a prefs.js) under `home`, on every platform, most likely first."""
    roots = [home / ".zotero" / "zotero", home / "Library" / "Application Support" / "Zotero" / "Profiles"]
    appdata = os.environ.get("APPDATA")
    if appdata:
        roots.append(Path(appdata) / "Zotero" / "Zotero" / "Profiles")
    return [root for root in roots if root.is_dir()]


def _shipped(name: str) -> Path:
    """A folder shipped with paperdesk: inside the wheel, or at the repo top in a checkout.

    The wheel maps the repo's top-level `data/` and `styles/` to `tui/_data`
    and `tui/_styles`; an editable install or a plain checkout has neither, so
    the repo folder is used.
    """
    packaged = _PACKAGE_DIR / f"_{name}"
    return packaged if packaged.is_dir() else _REPO_DIR / name


def bundled_data_dir() -> Path:
    """The folder of paper lists that ship with paperdesk."""
    return _shipped("data")


def styles_dir() -> Path:
    """The folder of Textual `.tcss` stylesheets."""
    return _shipped("styles")


def bundled_lists() -> list[Path]:
    """The bundled list files, in a stable order."""
    return sorted(bundled_data_dir().glob("*.txt"))
