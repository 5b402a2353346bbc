"""`paperdesk rename-list OLD NEW`: one atomic write, annotations and saved views keep working, one-line errors."""

from __future__ import annotations

from pathlib import Path

from tui.cli import main
from tui.core.library import Library
from tui.core.list_rename import rename_in_query
from tui.core.usecases.list import papers_matching
from tui.core.usecases.rename import rename_list

EN, ZH = "ICML 2025 Papers", "ICML 2025 论文列表"


def test_rename_a_list_keeps_annotations_and_views(library_dir: Path, capsys) -> None:
    with Library.open(library_dir) as lib:
        en = [p.id for p in lib.papers if p.list == EN]
        lib.save_annotation(en[0], rating=5, notes="keep me", tags=["x"])
        lib.save_view("english", "list:papers rating:>=4")
        lib.save_view("both", "list:icml")
        lib.save_view("not english", '-list:"icml 2025 papers" lora')
        lib.save_view("other", "list:论文 tag:x")
    assert main(["rename-list", "--db", str(library_dir), "papers", "ICML-en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f'renamed list "{EN}" to "ICML-en" ({len(en)} papers)'
    with Library.open(library_dir) as lib:
        assert {p.list for p in lib.papers} == {"ICML-en", ZH}
        assert [p.id for p in lib.papers if p.list == "ICML-en"] == en  # same papers, same order
        ann = lib.annotation(en[0])
        assert (ann.rating, ann.notes, ann.tags) == (5, "keep me", ("x",))
        views = lib.views()
        assert views["english"] == 'list:"ICML-en" rating:>=4'
        assert views["not english"] == '-list:"ICML-en" lora'
        assert views["other"] == "list:论文 tag:x"  # picked the other list: left alone
        assert views["both"] == "list:icml"  # still picks both lists
        assert [p.id for p in papers_matching(lib, views["english"])] == [en[0]]
        assert len(papers_matching(lib, views["both"])) == len(lib.papers)
        assert not (library_dir / "papers.json.tmp").exists()


def test_a_view_that_cannot_follow_the_rename_is_reported(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_view("both", "list:icml")
        lines = rename_list(lib, ZH, "Chinese")
        assert lib.views()["both"] == "list:icml"
        assert any("'both'" in line and "check it" in line for line in lines)


def test_unknown_ambiguous_and_taken_names_are_one_line_errors(library_dir: Path, capsys) -> None:
    Library.open(library_dir).close()
    papers = (library_dir / "papers.json").read_bytes()
    for args, says in (
        (["nope", "x"], 'no list is called "nope"; the lists are: "ICML 2025 Papers", "ICML 2025 论文列表"'),
        (["icml", "x"], '"icml" could mean 2 lists'),
        (["papers", ZH.upper()], f'a list called "{ZH}" exists already'),
        (["papers", "  "], "the new name is empty"),
        (["papers", 'a "b"'], "cannot hold a double quote"),
    ):
        assert main(["rename-list", "--db", str(library_dir), *args]) == 1
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert (library_dir / "papers.json").read_bytes() == papers  # nothing written


def test_a_rename_on_a_held_library_changes_nothing(library_dir: Path, capsys) -> None:
    with Library.open(library_dir):
        papers = (library_dir / "papers.json").read_bytes()
        assert main(["rename-list", "--db", str(library_dir), "papers", "EN"]) == 3
        assert "nothing renamed" in capsys.readouterr().err
        assert (library_dir / "papers.json").read_bytes() == papers


def test_rename_in_query_keeps_the_rest_of_the_text() -> None:
    names = [EN, ZH]
    assert rename_in_query('lora  list:"icml 2025 papers" "a phrase"', names, EN, "EN") == ('lora  list:"EN" "a phrase"', True)
    assert rename_in_query("list:", names, EN, "EN") == ("list:", True)
