"""Settings: defaults, validation with one line per bad key, and saving that keeps comments."""

from __future__ import annotations

from pathlib import Path

from tui.core.config import Settings, load_settings, save_setting


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "config.toml") == (Settings(), [])


def test_good_values_apply(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('theme = "nord"\nlayout = "stacked"\nautosave_delay = 2\nlibrary = "~/lib"\n[keys]\nrate_5 = "f5, ctrl+5"\n')
    settings, warnings = load_settings(path)
    assert warnings == []
    assert (settings.theme, settings.layout, settings.autosave_delay) == ("nord", "stacked", 2.0)
    assert settings.library == Path("~/lib").expanduser()
    assert settings.keys == {"rate_5": "f5,ctrl+5"}


def test_each_bad_key_gives_one_line_and_falls_back_alone(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('theme = 3\nlayout = "diagonal"\nautosave_delay = -1\ncolour = "red"\n[keys]\nquit = 5\n')
    settings, warnings = load_settings(path)
    assert settings == Settings()
    assert len(warnings) == 5
    for key in ("theme", "layout", "autosave_delay", "colour", "keys.quit"):
        assert any(f": {key}:" in w for w in warnings), key
    assert all("\n" not in w and str(path) in w for w in warnings)


def test_invalid_toml_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("theme = \n")
    settings, (warning,) = load_settings(path)
    assert settings == Settings() and "not valid TOML" in warning


def test_save_setting_keeps_comments(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("# my comment\nlayout = \"side\"\n")
    save_setting(path, "theme", "dracula")
    text = path.read_text()
    assert "# my comment" in text and 'theme = "dracula"' in text
    assert load_settings(path)[0].layout == "side"
    fresh = tmp_path / "sub" / "config.toml"
    save_setting(fresh, "theme", "nord")
    assert load_settings(fresh) == (Settings(theme="nord"), [])


def test_first_steps_is_a_boolean_and_saving_it_keeps_comments(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('# my note\ntheme = "nord"\n\n[keys]\nrate_5 = "f5"\n')
    save_setting(path, "first_steps", False)
    settings, warnings = load_settings(path)
    assert warnings == [] and settings.first_steps is False and settings.keys == {"rate_5": "f5"}
    assert "# my note" in path.read_text()
    path.write_text('first_steps = "no"\n')
    settings, (warning,) = load_settings(path)
    assert settings.first_steps is True and "first_steps" in warning


def test_vault_is_a_folder_and_off_by_default(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    assert load_settings(path)[0].vault is None
    path.write_text('vault = "~/notes/papers"\n')
    settings, warnings = load_settings(path)
    assert warnings == [] and settings.vault == Path("~/notes/papers").expanduser()
    path.write_text("vault = 3\n")
    settings, [warning] = load_settings(path)
    assert settings.vault is None and "vault" in warning
