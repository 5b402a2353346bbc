"""Where `paperdesk import --zotero` looks for zotero.sqlite: each profile's chosen data folder, then ~/Zotero."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import InputFileError
from tui.core.ingest.zotero.locate import data_dirs, find_database


def profile(home: Path, prefs: bytes | str, name: str = "abcd.default") -> Path:
    folder = home / ".zotero" / "zotero" / name
    folder.mkdir(parents=True)
    (folder / "prefs.js").write_bytes(prefs.encode() if isinstance(prefs, str) else prefs)
    return folder


def pref(name: str, value: str) -> str:
    return f'user_pref("extensions.zotero.{name}", {value});\n'


def test_a_chosen_data_folder_comes_before_home(tmp_path: Path) -> None:
    profile(tmp_path, pref("dataDir", '"/data/Zotero"') + pref("useDataDir", "true"))
    assert data_dirs(tmp_path) == [Path("/data/Zotero"), tmp_path / "Zotero"]


def test_a_data_folder_without_use_data_dir_is_taken(tmp_path: Path) -> None:
    profile(tmp_path, pref("dataDir", '"~/papers/Zotero"'))
    assert data_dirs(tmp_path) == [Path("~/papers/Zotero").expanduser(), tmp_path / "Zotero"]


@pytest.mark.parametrize(
    "prefs",
    [
        pref("dataDir", '"/data/Zotero"') + pref("useDataDir", "false"),  # chosen once, then given up
        pref("useDataDir", "true"),  # no folder named
        pref("dataDir", '"   "') + pref("useDataDir", "true"),  # a blank one
        pref("dataDir", "42"),  # not a path
    ],
)
def test_a_data_folder_not_in_use_is_not_looked_in(tmp_path: Path, prefs: str) -> None:
    profile(tmp_path, prefs)
    assert data_dirs(tmp_path) == [tmp_path / "Zotero"]


def test_an_unreadable_pref_is_passed_over_and_the_next_read(tmp_path: Path) -> None:
    """A value that is not JSON (a JavaScript expression) is skipped; the prefs after it still count,
    and bytes that are not UTF-8 elsewhere in the file change nothing."""
    prefs = b'user_pref("browser.caf\xe9", "\xff");\n' + (pref("useDataDir", "tru") + pref("dataDir", '"/data/Zot\u00e9ro"')).encode()
    profile(tmp_path, prefs)
    assert data_dirs(tmp_path) == [Path("/data/Zotéro"), tmp_path / "Zotero"]


def test_an_unreadable_prefs_file_is_passed_over(tmp_path: Path) -> None:
    folder = profile(tmp_path, "")
    (folder / "prefs.js").unlink()
    (folder / "prefs.js").mkdir()  # a folder where the file goes: reading it fails
    assert data_dirs(tmp_path) == [tmp_path / "Zotero"]


def test_home_is_the_user_s_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dirs() == [tmp_path / "Zotero"]


def test_not_found_says_where_it_looked(tmp_path: Path) -> None:
    profile(tmp_path, pref("dataDir", f'"{tmp_path / "moved"}"'))
    with pytest.raises(InputFileError) as raised:
        find_database(tmp_path)
    assert str(raised.value) == (
        f"{tmp_path / 'Zotero' / 'zotero.sqlite'}: not found (looked in {tmp_path / 'moved'}, {tmp_path / 'Zotero'}); "
        "give the path: paperdesk import PATH/zotero.sqlite"
    )
