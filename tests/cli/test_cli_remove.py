"""`paperdesk remove` / `restore`: papers and their annotations go to a trash inside the library and come back."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import FIXTURES
from tui.cli import main
from tui.core.library import Library, LibraryFolder
from tui.core.store.trash_file import read_trash
from tui.core.usecases.imports import import_paths

CONF = FIXTURES / "conference"


def _ids(library_dir: Path, capsys) -> list[str]:
    capsys.readouterr()
    assert main(["list", "--db", str(library_dir), "--json"]) == 0
    return [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]


def test_the_first_import_says_the_example_lists_are_there(library_dir: Path, capsys) -> None:
    assert main(["import", "--db", str(library_dir), str(CONF / "nips2018.json")]) == 0
    out = capsys.readouterr().out
    assert "note: this library also holds the 33 bundled example papers; remove them with: paperdesk remove --list" in out
    # Said once: the library no longer holds only the examples.
    assert main(["import", "--db", str(library_dir), str(CONF / "icml2019.json")]) == 0
    assert "note:" not in capsys.readouterr().out


def test_the_note_about_the_examples_comes_once_per_library(library_dir: Path) -> None:
    """Said when an import first adds papers beside the examples, and never again: not for imports that add
    nothing (every paper merged), nor once the new list is removed and another import comes."""
    from tests.cli.clirun import REPO, run

    bundled = REPO / "data" / "icml2025-papers.txt"
    said = []
    for command in (["import", str(bundled)], ["import", str(CONF / "nips2018.json")], ["import", str(bundled)],
                    ["remove", "--list", "NeurIPS 2018"], ["import", str(CONF / "icml2019.json")]):
        out = run(*command, "--db", str(library_dir))
        assert out.returncode == 0, out.stderr
        said.append(out.stdout.count("bundled example papers"))
    assert said == [0, 1, 0, 0, 0]


def test_remove_a_list_then_restore_it(library_dir: Path, capsys) -> None:
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    before = _ids(library_dir, capsys)
    assert main(["remove", "--db", str(library_dir), "--list", "ICML 2025 Papers", "--list", "icml 2025 论文列表"]) == 0
    assert "removed 33 papers to the trash" in capsys.readouterr().out
    with Library.open(library_dir) as lib:
        assert {p.list for p in lib.papers} == {"NeurIPS 2018"} and len(read_trash(lib.folder)) == 1
    assert (library_dir / "trash.json").exists()
    assert main(["restore", "--db", str(library_dir)]) == 0
    assert "restored 33 papers" in capsys.readouterr().out
    assert sorted(_ids(library_dir, capsys)) == sorted(before)
    assert _ids(library_dir, capsys) == before  # back in their places
    assert main(["restore", "--db", str(library_dir)]) == 1  # nothing came back: bad input, as the exit table says
    out, err = capsys.readouterr()
    assert out == "" and err == "paperdesk: restore: the trash is empty; nothing to bring back\n"


def test_removing_a_paper_already_in_the_trash_says_so(library_dir: Path, capsys) -> None:
    pid = _ids(library_dir, capsys)[0]
    assert main(["remove", "--db", str(library_dir), pid]) == 0
    capsys.readouterr()
    with Library.open(library_dir) as lib:
        before = (lib.folder / "trash.json").read_bytes()
    assert main(["remove", "--db", str(library_dir), pid]) == 1
    out, err = capsys.readouterr()
    (line,) = err.splitlines()
    assert out == "" and line.startswith(f"paperdesk: {pid} is already in the trash (removed 20")
    assert line.endswith("`paperdesk restore` brings it back")
    assert (library_dir / "trash.json").read_bytes() == before
    assert main(["remove", "--db", str(library_dir), "0" * 12]) == 1  # an id never seen is still "no paper"
    assert "no paper has the id 000000000000" in capsys.readouterr().err


def test_annotated_papers_need_force_and_their_notes_come_back(library_dir: Path, capsys) -> None:
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        mine = [p.id for p in lib.papers if p.list == "NeurIPS 2018"]
        lib.save_annotation(mine[0], notes="keep me", rating=4, tags=["x"])
        lib.save_annotation(mine[1], rating=2)
    assert main(["remove", "--db", str(library_dir), "--query", "list:neurips"]) == 1
    err = capsys.readouterr().err
    assert "2 of the 7 papers carry notes, highlights, a rating or tags; nothing removed" in err
    with Library.open(library_dir) as lib:
        assert len([p for p in lib.papers if p.list == "NeurIPS 2018"]) == 7
    assert main(["remove", "--db", str(library_dir), "--query", "list:neurips", "--force"]) == 0
    with Library.open(library_dir) as lib:
        assert lib.get(mine[0]) is None and lib.annotation(mine[0]).notes == ""
    assert main(["restore", "--db", str(library_dir)]) == 0
    with Library.open(library_dir) as lib:
        note = lib.annotation(mine[0])
        assert (note.notes, note.rating, note.tags) == ("keep me", 4, ("x",))
        assert lib.annotation(mine[1]).rating == 2


def test_remove_by_id_and_clear_errors(library_dir: Path, capsys) -> None:
    ids = _ids(library_dir, capsys)
    assert main(["remove", "--db", str(library_dir), ids[0], ids[1]]) == 0
    assert "removed 2 papers" in capsys.readouterr().out
    assert main(["remove", "--db", str(library_dir), "ffffffffffff"]) == 1
    assert "no paper has the id ffffffffffff" in capsys.readouterr().err
    assert main(["remove", "--db", str(library_dir), "--list", "Nope"]) == 1
    assert 'no list is called "Nope"; the lists are:' in capsys.readouterr().err
    assert main(["remove", "--db", str(library_dir)]) == 1
    assert "say what to remove" in capsys.readouterr().err


def test_removing_and_restoring_a_paper_twice_keeps_every_other_paper(library_dir: Path, capsys) -> None:
    """Two `remove ID --force` / `restore` rounds on a proceedings file: each paper once, every abstract as it was
    (the second round used to drop the record after the restored paper's old place and store the paper twice)."""
    assert main(["import", "--db", str(library_dir), str(FIXTURES / "pmlr_l4dc2026.bib")]) == 0
    before = {doc["id"]: doc for doc in json.loads((library_dir / "papers.json").read_bytes())["papers"].values()}
    target = _ids(library_dir, capsys)[49]
    for _ in range(3):
        assert main(["remove", "--db", str(library_dir), target, "--force"]) == 0
        assert main(["restore", "--db", str(library_dir)]) == 0
        records = list(json.loads((library_dir / "papers.json").read_bytes())["papers"].values())
        assert sorted(r["id"] for r in records) == sorted(before)
        assert {r["id"]: r.get("abstract") for r in records} == {pid: d.get("abstract") for pid, d in before.items()}
    with Library.open(library_dir) as lib:
        assert {p.id: p.abstract for p in lib.papers} == {pid: d.get("abstract", "") for pid, d in before.items()}


def test_a_paper_imported_again_gets_its_trashed_notes_back_without_a_second_copy(library_dir: Path, capsys) -> None:
    """Remove an annotated paper, import its file again (the paper is back, unannotated), restore: the notes and
    rating come back onto it, nothing is stored twice, and the trash is empty."""
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        pid = next(p.id for p in lib.papers if p.list == "NeurIPS 2018")
        lib.save_annotation(pid, notes="old notes", rating=2, tags=["keep"])
    assert main(["remove", "--db", str(library_dir), pid, "--force"]) == 0
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        assert lib.get(pid) is not None and lib.annotation(pid).notes == ""
        lib.save_annotation(pid, rating=5)  # rated again since: the newer rating stays
    assert main(["restore", "--db", str(library_dir)]) == 0
    assert "were in the library again" in capsys.readouterr().out
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers]
        assert len(ids) == len(set(ids))
        back = lib.annotation(pid)
        assert (back.notes, back.rating, back.tags) == ("old notes", 5, ("keep",))
        assert read_trash(lib.folder) == []


def test_a_restore_keeps_the_note_written_on_the_paper_imported_again(library_dir: Path, capsys) -> None:
    """Remove an annotated paper, import it again (stored anew under its id), annotate it, restore: the newer note
    and rating stay, the old note follows below it.

    Guards that a trashed paper stored again meanwhile is not restored over it
    (two records of one id) and that its old annotation neither replaces the new one nor is lost.
    """
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        pid = next(p.id for p in lib.papers if p.list == "NeurIPS 2018")
        lib.save_annotation(pid, notes="before the removal", rating=2)
        count = len(lib.papers)
    assert main(["remove", "--db", str(library_dir), "--force", pid]) == 0
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        assert lib.get(pid) is not None and lib.annotation(pid).notes == ""
        lib.save_annotation(pid, notes="after the import", rating=5)
    assert main(["restore", "--db", str(library_dir)]) == 0
    with Library.open(library_dir) as lib:
        assert len(lib.papers) == count and [p.id for p in lib.papers].count(pid) == 1
        note = lib.annotation(pid)
        assert (note.notes, note.rating) == ("after the import\n\nbefore the removal", 5)
    stored = json.loads((library_dir / "papers.json").read_bytes())["papers"].values()
    assert [doc["id"] for doc in stored].count(pid) == 1
