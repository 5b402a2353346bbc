"""Citation keys: one per paper, the source's own or the pattern's, given once and kept through everything."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, stored_annotations
from tui.core.cite.keys import KeyPattern
from tui.core.errors import LibraryError
from tui.core.library import Library, LibraryFolder
from tui.core.models import Paper
from tui.core.store.formats import CITEKEYS, CURRENT
from tui.core.usecases.cite import set_key
from tui.core.usecases.imports import import_paths
from tui.core.usecases.list import papers_matching
from tui.core.usecases.remove import remove_papers
from tui.core.usecases.rename import rename_list
from tui.core.usecases.restore import restore_papers

PMLR = FIXTURES / "pmlr_l4dc2026.bib"
CONF = FIXTURES / "conference"
REFS = FIXTURES / "refs"


def paper(title: str = "", authors: tuple[str, ...] = (), year: str = "", **fields) -> Paper:
    return Paper("0" * 12, "", "L", title=title, authors=authors, year=year, **fields)


@pytest.mark.parametrize(
    ("made", "key"),
    [
        (paper("Fast and Accurate Sketches", ("Anders Aamand", "B C"), "2026"), "aamand2026fast"),
        (paper("On the Erdős–Rényi Graph", ("Łukasz Dvořák",), "2019"), "dvorak2019erdosrenyi"),
        (paper(r"$\epsilon$-VAE: Tight Bounds", ("Claude Shannon Jr.",), "2018"), "shannon2018evae"),
        (paper("The $k$-Means Problem", ("Smith, John",), "2020"), "smith2020kmeans"),
        (paper("Графы и сети", ("Дмитрий Иванов",), "2021"), "ivanov2021grafy"),
        (paper("A Study", (), ""), "study"),
        (paper("", (), ""), "paper"),
    ],
)
def test_the_default_pattern_makes_ascii_lower_case_keys(made: Paper, key: str) -> None:
    assert KeyPattern().key(made) == key


def test_a_pattern_of_the_settings_is_checked_and_followed() -> None:
    made = paper("Learning to Rank with Partial Feedback", ("Ada Lovelace",), "2018")
    assert KeyPattern("{auth}_{year}_{title3}").key(made) == "lovelace_2018_learningrankpartial"
    for bad in ("{auth} {year}", "{author}{year}", "{title9}", "plain"):
        with pytest.raises(ValueError):
            KeyPattern(bad)


def test_an_author_less_paper_s_key_starts_from_its_title_as_better_bibtex_does() -> None:
    """Not "2018loss": the title's words take the author's place (as many as the pattern's title takes), once."""
    made = paper("Loss Functions for Deep Networks", (), "2018")
    assert KeyPattern().key(made) == "loss2018"
    assert KeyPattern("{auth}{year}{title2}").key(made) == "lossfunctions2018"
    assert KeyPattern("{year}{title}").key(made) == "2018loss"  # no {auth} in the pattern: nothing moves
    assert KeyPattern().key(paper("Loss Functions", ("et al.",), "2018")) == "loss2018"
    assert KeyPattern().key(paper("Loss Functions", ("Ada Lovelace",), "2018")) == "lovelace2018loss"


def test_keys_stored_by_an_older_rule_never_change(library_dir: Path) -> None:
    """A library holding an author-less paper keyed `2018loss` (the rule before) keeps that key through reopening
    and an import beside it; only the paper that comes in gets the new rule's key."""
    from tui.core.ingest.parsed import ParsedFile

    def file(*papers: Paper) -> ParsedFile:
        return ParsedFile(Path("refs.json"), "json", "L", papers=list(papers))

    old = Paper("1" * 12, "An abstract about losses.", "L", title="Loss Functions", year="2018", citekey="2018loss")
    with Library.open(library_dir, seed=False) as lib:
        lib.add_papers([file(old)])
    new = Paper("2" * 12, "Another abstract, on surfaces.", "L", title="Loss Surfaces of Deep Nets", year="2018")
    with Library.open(library_dir, seed=False) as lib:
        assert [p.citekey for p in lib.papers] == ["2018loss"]
        lib.add_papers([file(new)])
    with Library.open(library_dir, seed=False) as lib:
        assert {p.title: p.citekey for p in lib.papers} == {"Loss Functions": "2018loss", "Loss Surfaces of Deep Nets": "loss2018"}


def keys(library: Library) -> dict[str, str]:
    return {p.id: p.citekey for p in library.papers}


def test_every_source_gives_its_own_key(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR, CONF / "icml2019.json", REFS / "betterbibtex.json", REFS / "mendeley.json", REFS / "mendeley.ris"])
    with Library.open(library_dir) as lib:
        by_key = {p.citekey: p for p in lib.papers}
        assert len(by_key) == len(lib.papers)  # one each, none shared
        assert by_key["chakraborty26b"].title == "Flickering Multi-Armed Bandits"  # a BibTeX key
        assert by_key["pmlr-v97-doe19a"].title == "Sparse Coding with ADMM"  # a paper list's embedded BibTeX key
        assert by_key["vaswani2017attention"].list == "betterbibtex"  # a CSL citation-key
        # Ids a program made (Mendeley's ITEM-1, a UUID, an RIS number) are no keys: the pattern's instead.
        assert "ITEM-1" not in by_key and "3" not in by_key
        assert "berg2019scaling" in by_key and "hu2021lowrank" in by_key  # "Low-Rank": one word


def test_a_newcomer_with_a_key_taken_gets_a_letter_and_the_first_holder_keeps_it(library_dir: Path, tmp_path: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR])
    clash = tmp_path / "clash.bib"
    clash.write_text(
        "@article{chakraborty26b, title = {Another Paper Entirely}, author = {Other, Ann}, year = 2020, journal = {J}}\n"
        "@article{chakraborty26ba, title = {A Third Paper}, author = {Third, Tom}, year = 2021, journal = {J}}\n"
        "@article{x, title = {Fourth}, author = {Fourth, Fay}, year = 2022, journal = {J}}\n",
        encoding="utf-8",
    )
    again = tmp_path / "again.bib"
    again.write_text("@article{chakraborty26b, title = {Yet Another}, author = {Yet, Yan}, year = 2023, journal = {J}}\n", encoding="utf-8")
    with Library.open(library_dir) as lib:
        before = keys(lib)
    import_paths(LibraryFolder(library_dir), [clash])
    import_paths(LibraryFolder(library_dir), [again])
    with Library.open(library_dir) as lib:
        assert {pid: k for pid, k in keys(lib).items() if pid in before} == before  # the holders kept theirs
        by_title = {p.title: p.citekey for p in lib.papers}
        # The first newcomer takes "a"; its neighbour's own key is that very "a": it gets the next free letter.
        assert by_title["Another Paper Entirely"] == "chakraborty26ba"
        assert by_title["A Third Paper"] == "chakraborty26baa"
        assert by_title["Yet Another"] == "chakraborty26bb"


def test_keys_survive_merges_re_imports_renames_restores_and_the_readers_edit(library_dir: Path, tmp_path: Path) -> None:
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        first = next(p for p in lib.papers if p.title == "Learning to Rank with Partial Feedback")
        assert first.citekey == "lovelace2018learning"
        print(set_key(lib, first.id, "lovelace2018rank"))
        generated = {p.id: p.citekey for p in lib.papers if p.list == "NeurIPS 2018"}
    same = tmp_path / "same.bib"  # the same paper again, from BibTeX with a key of its own: a merge
    same.write_text("@inproceedings{LovelaceTuring18, title = {Learning to Rank with Partial Feedback}, "
                    "author = {Lovelace, Ada and Turing, Alan}, booktitle = {NeurIPS}, year = 2018, pages = {1--9}}\n", encoding="utf-8")
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json", same])  # a re-import and a merge
    with Library.open(library_dir) as lib:
        assert {p.id: p.citekey for p in lib.papers if p.id in generated} == generated
        merged = lib.get(first.id)
        assert merged.citekey == "lovelace2018rank" and merged.extra["bibtex_key"] == "LovelaceTuring18"
        rename_list(lib, "NeurIPS 2018", "NIPS-18")
        assert {p.id: p.citekey for p in lib.papers if p.id in generated} == generated
        remove_papers(lib, lists=["NIPS-18"])
        assert not any(p.id in generated for p in lib.papers)
    # While they are in the trash their keys stay theirs: a different paper wanting one gets a letter.
    other = tmp_path / "other.bib"
    other.write_text("@article{lovelace2018rank, title = {Not the Same}, author = {Else, Someone}, year = 2018, journal = {J}}\n", encoding="utf-8")
    import_paths(LibraryFolder(library_dir), [other])
    with Library.open(library_dir) as lib:
        assert next(p for p in lib.papers if p.title == "Not the Same").citekey == "lovelace2018ranka"
        restore_papers(lib)
        assert {p.id: p.citekey for p in lib.papers if p.id in generated} == generated
    with Library.open(library_dir) as lib:  # as stored (the catalog read back)
        assert {p.id: p.citekey for p in lib.papers if p.id in generated} == generated
        assert len({p.citekey.casefold() for p in lib.papers}) == len(lib.papers)


def test_the_reader_cannot_take_a_key_another_paper_holds(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR])
    with Library.open(library_dir) as lib:
        a, b = lib.papers[-2], lib.papers[-1]
        raw = (library_dir / "papers.json").read_bytes()
        with pytest.raises(LibraryError, match="holds this key"):
            set_key(lib, a.id, b.citekey.upper())  # keys are told apart case aside, as BibTeX tools do
        with pytest.raises(LibraryError, match="cannot be a citation key"):
            set_key(lib, a.id, "has space")
        assert (library_dir / "papers.json").read_bytes() == raw
        remove_papers(lib, ids=[b.id])
        with pytest.raises(LibraryError, match="a paper in the trash holds this key"):
            set_key(lib, a.id, b.citekey)
        assert "key" in set_key(lib, a.citekey, "mine2026")  # found by its key
    with Library.open(library_dir) as lib:
        assert lib.get(a.id).citekey == "mine2026"
        assert [p.id for p in papers_matching(lib, "key:MINE")] == [a.id]
        assert {p.id for p in papers_matching(lib, "key:chakra")} == {p.id for p in lib.papers if p.citekey.startswith("chakra")}


@pytest.mark.parametrize("name", ["library_main", "legacy_library"])
def test_a_library_written_before_keys_gets_them_once_ids_and_annotations_untouched(tmp_path: Path, name: str) -> None:
    folder = tmp_path / name
    shutil.copytree(FIXTURES / name, folder)
    before = json.loads((folder / "papers.json").read_bytes())["papers"]
    notes = stored_annotations(folder)
    assert not any("citekey" in doc for doc in before.values())  # what the old version wrote
    raw = (folder / "papers.json").read_bytes()
    with Library.open(folder, read_only=True) as lib:  # read-only: keys in memory, nothing written
        shown = keys(lib)
    assert (folder / "papers.json").read_bytes() == raw
    with Library.open(folder) as lib:
        assert keys(lib) == shown  # the same keys: made from the papers, in list order
    after = json.loads((folder / "papers.json").read_bytes())
    assert after["formats"]["1"][CITEKEYS] == CURRENT[CITEKEYS]
    docs = after["papers"]
    assert {d["id"] for d in docs.values()} == {d["id"] for d in before.values()}
    assert all(d["citekey"] for d in docs.values()) and len({d["citekey"] for d in docs.values()}) == len(docs)
    assert stored_annotations(folder) == notes
    written = (folder / "papers.json").read_bytes()
    Library.open(folder).close()
    assert (folder / "papers.json").read_bytes() == written  # once


def test_a_paper_an_older_version_wrote_again_without_its_key_gets_one(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR])
    path = library_dir / "papers.json"
    data = json.loads(path.read_bytes())
    doc = next(d for d in data["papers"].values() if d.get("citekey") == "nath26")
    del doc["citekey"]  # the previous release replaced this record: it writes only the fields it knows
    path.write_text(json.dumps(data), encoding="utf-8")
    with Library.open(library_dir) as lib:
        assert next(p for p in lib.papers if p.id == doc["id"]).citekey == "nath26"  # its source's key, again
    assert any(d.get("citekey") == "nath26" for d in json.loads(path.read_bytes())["papers"].values())


def test_the_settings_pattern_makes_the_keys_and_a_bad_one_falls_back(library_dir: Path) -> None:
    from tui.core.config import config_path, load_settings

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('citekey_pattern = "{year}-{auth}"\ncite_style = "ieee"\n', encoding="utf-8")
    settings, warnings = load_settings(path)
    assert (settings.citekey_pattern, settings.cite_style, warnings) == ("{year}-{auth}", "ieee", [])
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        assert "2018-lovelace" in {p.citekey for p in lib.papers}
    path.write_text('citekey_pattern = "{auth} {year}"\ncite_style = "Not A Style!"\n', encoding="utf-8")
    settings, warnings = load_settings(path)
    assert settings.citekey_pattern == "{auth}{year}{title}" and settings.cite_style == "apa"
    assert len(warnings) == 2 and all("using the default" in w for w in warnings)


def test_many_papers_wanting_one_key_get_the_letters_in_order_across_imports(library_dir: Path, tmp_path: Path) -> None:
    """Every newcomer gets the first free letter, also when a clash walk starts where the last one stopped."""
    from tui.core.cite.keys import KeyBook, _suffix

    book = KeyBook({"smith2020": "held", "smith2020c": "other"}, reserved={"smith2020aa": "trashed"})
    got = [book.take("Smith2020", f"p{i}") for i in range(30)]
    naive = [s for s in ("smith2020" + _suffix(n) for n in range(40)) if s not in {"smith2020c", "smith2020aa"}][:30]
    assert [k.casefold() for k in got] == naive
    assert book.take("smith2020", "held") == "smith2020"  # a paper keeps the key it holds
    assert book.take("smith2020c", "other") == "smith2020c"

    rows = [{"title": f"Paper {i}", "author": "Ann Lee", "abstract": f"Abstract {i} about graphs."} for i in range(60)]
    (tmp_path / "a.json").write_text(json.dumps(rows[:30]))
    (tmp_path / "b.json").write_text(json.dumps(rows[30:]))
    with Library.open(library_dir) as lib:
        import_paths(lib, [tmp_path / "a.json"])
        import_paths(lib, [tmp_path / "b.json"])
        keys = sorted(p.citekey for p in lib.papers if p.citekey.startswith("lee"))
    assert len(keys) == len(set(keys)) == 60
    assert set(keys) == {"leepaper"} | {"leepaper" + _suffix(n) for n in range(59)}


def test_the_key_edit_says_what_it_did_and_who_holds_a_key(library_dir: Path) -> None:
    """The lines `paperdesk key` and `K` show: the paper holding a key, its title cut at 50 characters; a paper
    without a key before says (none)."""
    import_paths(LibraryFolder(library_dir), [PMLR])
    with Library.open(library_dir) as lib:
        long = next(p for p in lib.papers if len(p.shown_title) > 60)
        short = next(p for p in lib.papers if len(p.shown_title) <= 50 and p.id != long.id)
        edge = Paper("e" * 12, "x", "L", title="t" * 50)
        with pytest.raises(LibraryError) as caught:
            set_key(lib, short.id, long.citekey)
        assert str(caught.value) == f"{long.citekey}: paper {long.id} ({long.shown_title[:49]}…) holds this key; nothing changed"
        with pytest.raises(LibraryError) as caught:
            set_key(lib, long.id, short.citekey)
        assert str(caught.value) == f"{short.citekey}: paper {short.id} ({short.shown_title}) holds this key; nothing changed"
        from tui.core.usecases.cite import _short

        assert _short(edge.title) == "t" * 50 and _short("t" * 51) == "t" * 49 + "…"
        assert set_key(lib, short.id, short.citekey) == f"{short.id}  key already {short.citekey}"
        old = short.citekey
        assert set_key(lib, short.id, "  fresh2026 ") == f"{short.id}  key {old} → fresh2026"
