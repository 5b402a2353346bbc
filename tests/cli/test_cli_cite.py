"""`paperdesk export --format bibtex|csl-json|ris`, `paperdesk cite` and `paperdesk key`, run as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import bibtexparser
import pytest
import rispy

from tests.cli.clirun import run
from tests.conftest import FIXTURES

PMLR = FIXTURES / "pmlr_l4dc2026.bib"
ICML = FIXTURES / "conference" / "icml2019.json"


@pytest.fixture
def library(tmp_path: Path) -> Path:
    folder = tmp_path / "library"
    done = run("import", str(PMLR), str(ICML), "--db", str(folder))
    assert done.returncode == 0, done.stderr
    return folder


def test_export_writes_each_citation_format(library: Path, tmp_path: Path) -> None:
    bib = run("export", "--format", "bibtex", "--query", "venue:l4dc", "--db", str(library))
    assert bib.returncode == 0, bib.stderr
    entries = bibtexparser.parse_string(bib.stdout).entries
    assert len(entries) == 106 and entries[0].key == "chakraborty26b" and "annote" not in entries[0].fields_dict
    csl = run("export", "-f", "csl-json", "--query", "key:pmlr", "--out", "-", "--db", str(library))
    items = json.loads(csl.stdout)
    assert [i["id"] for i in items] == ["pmlr-v97-doe19a"] and items[0]["author"][0] == {"family": "Doe", "given": "Jane"}
    out = tmp_path / "papers.ris"
    ris = run("export", "--format", "ris", "--all", "--out", str(out), "--db", str(library))
    assert ris.returncode == 0 and ris.stdout.startswith(f"wrote 141 papers to {out}")
    assert len(rispy.loads(out.read_text(encoding="utf-8"))) == 141
    again = run("export", "--format", "ris", "--all", "--out", str(out), "--db", str(library))
    assert again.returncode == 1 and "already exists" in again.stderr and len(again.stderr.splitlines()) == 1
    assert run("export", "--format", "bibtex", "--per-paper", "--out", str(tmp_path / "v"), "--db", str(library)).returncode == 2


def test_export_takes_the_notes_when_asked(library: Path) -> None:
    shown = run("key", "chakraborty26b", "--db", str(library))
    assert shown.stdout == "chakraborty26b\n"
    pid = run("list", "--query", "key:chakraborty26b", "--format", "ids", "--db", str(library)).stdout.strip()
    assert run("note", pid, "--set", "cite for the bandit setting", "--db", str(library)).returncode == 0
    bib = run("export", "--format", "bibtex", "--with-notes", "--db", str(library))
    entry = bibtexparser.parse_string(bib.stdout).entries[0]
    assert entry.key == "chakraborty26b" and entry.fields_dict["annote"].value == "cite for the bandit setting"


def test_cite_prints_references_in_a_style(library: Path) -> None:
    apa = run("cite", "chakraborty26b", "--style", "apa", "--db", str(library))
    assert apa.returncode == 0, apa.stderr
    assert apa.stdout.startswith("Chakraborty, S., Rege, A. K., Monteleoni, C., & Chen, L. (2026). Flickering Multi-Armed Bandits.")
    several = run("cite", "venue:icml", "--style", "ieee", "--format", "markdown", "--db", str(library))
    lines = [line for line in several.stdout.split("\n\n") if line.strip()]
    assert len(lines) == 2 and any("*Proceedings of the 36th International Conference on Machine Learning*" in x for x in lines)
    html = run("cite", "pmlr-v97-doe19a", "-f", "html", "--db", str(library))
    assert "<i>Proceedings of the 36th International Conference on Machine Learning</i>" in html.stdout
    unknown = run("cite", "chakraborty26b", "--style", "nope", "--db", str(library))
    assert unknown.returncode == 1 and unknown.stderr.startswith("paperdesk: nope: not a citation style") and len(unknown.stderr.splitlines()) == 1
    none = run("cite", "zzzz-no-such-thing-anywhere", "--db", str(library))
    assert none.returncode == 1 and "no paper" in none.stderr


def test_cite_takes_the_style_from_the_settings(library: Path, tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "paperdesk").mkdir(parents=True)
    (config / "paperdesk" / "config.toml").write_text('cite_style = "nature"\n', encoding="utf-8")
    out = run("cite", "chakraborty26b", "--db", str(library), env={"XDG_CONFIG_HOME": str(config)})
    assert out.stdout.startswith("Chakraborty, S., Rege, A. K., Monteleoni, C. & Chen, L. Flickering Multi-Armed Bandits. in"), out.stderr


def test_key_changes_a_key_and_refuses_one_another_paper_holds(library: Path) -> None:
    taken = run("key", "chakraborty26b", "nath26", "--db", str(library))
    assert taken.returncode == 1 and taken.stderr.count("\n") == 1 and "holds this key; nothing changed" in taken.stderr
    bad = run("key", "chakraborty26b", "two words", "--db", str(library))
    assert bad.returncode == 1 and "cannot be a citation key" in bad.stderr
    done = run("key", "chakraborty26b", "chakraborty2026flickering", "--db", str(library))
    assert done.returncode == 0 and done.stdout.rstrip().endswith("key chakraborty26b → chakraborty2026flickering")
    again = run("import", str(PMLR), "--db", str(library))  # a re-import merges: the reader's key stays
    assert again.returncode == 0
    shown = run("show", "chakraborty2026flickering", "--db", str(library)).stdout
    assert "  key chakraborty2026flickering\n" in shown
    record = json.loads(run("show", "chakraborty2026flickering", "--json", "--db", str(library)).stdout)
    assert record["citekey"] == "chakraborty2026flickering" and record["title"] == "Flickering Multi-Armed Bandits"
    listed = [json.loads(line) for line in run("list", "--query", "key:nath26", "--json", "--db", str(library)).stdout.splitlines()]
    assert [r["citekey"] for r in listed] == ["nath26"]


def test_citation_exports_to_stdout_and_files_carry_no_terminal_control(tmp_path: Path) -> None:
    """Issue 41: an RIS record whose title sets the clipboard (OSC 52) when printed; every format, stdout and --out."""
    import re

    source = tmp_path / "evil.ris"
    source.write_text("TY  - JOUR\nID  - evil2020\nTI  - Evil\x1b]52;c;ZXZpbA==\x07 title\nAU  - Bee, Ann\x07\nPY  - 2020\n"
                      "AB  - An abstract\x1b[2J.\nER  - \n", encoding="utf-8")
    library = tmp_path / "lib"
    assert run("import", str(source), "--db", str(library)).returncode == 0
    acting = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")
    for fmt in ("bibtex", "csl-json", "ris"):
        out = subprocess.run([sys.executable, "-m", "tui", "export", "--format", fmt, "--query", "evil", "--db", str(library)],
                             capture_output=True, timeout=120)
        assert out.returncode == 0 and b"Evil title" in out.stdout and not acting.search(out.stdout), (fmt, out.stdout)
        target = tmp_path / f"out-{fmt}"
        assert run("export", "--format", fmt, "--query", "evil", "--out", str(target), "--db", str(library)).returncode == 0
        written = b"".join(p.read_bytes() for p in sorted(tmp_path.glob(f"out-{fmt}*")) if p.is_file())
        assert b"Evil title" in written and not acting.search(written), fmt
