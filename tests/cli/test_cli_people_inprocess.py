"""`author`, `follow`, `unfollow`, `following`, `versions`, `split` and `open` run in this process (`tui.cli.main`):
their output lines and exit statuses exactly, where mutmut can see which test reaches which command (issue 44)."""

from __future__ import annotations

import json
import shutil
import webbrowser
from pathlib import Path

import pytest

from tests.cli.clirun import stored
from tests.conftest import FIXTURES
from tui.cli import main
from tui.core.library import Library

PEOPLE = [
    {"title": "Alpha paper", "abstract": "A.", "authors": ["Ada Lovelace", "Charles Babbage"], "year": 2024, "url": "https://example.org/alpha"},
    {"title": "Beta paper", "abstract": "B.", "authors": ["A. Lovelace", "Charles Babbage", "Mary Somerville"], "year": 2025},
    {"title": "Gamma paper", "abstract": "C.", "authors": ["Lovelace, Ada", "Mary Somerville"], "year": 2025},
    {"title": "Delta", "abstract": "D.", "authors": ["Mary Somerville"], "year": 2023},
]
OTHER = [{"title": "Epsilon notes", "abstract": "E.", "authors": ["Ada Lovelace", "Charles Babbage"]}]


def people(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """The library above (two lists: people, other) beside the bundled papers; title -> id."""
    for name, rows in (("people", PEOPLE), ("other", OTHER)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        assert main(["import", str(path), "--db", str(library_dir)]) == 0
    capsys.readouterr()
    with Library.open(library_dir) as lib:
        return {p.title: p.id for p in lib.papers}


def cli(library_dir: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `paperdesk ARGS --db LIBRARY`."""
    status = main([*args, "--db", str(library_dir)])
    out, err = capsys.readouterr()
    return status, out, err


def test_author_prints_the_page_line_by_line(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ids = people(library_dir, tmp_path, capsys)
    with Library.open(library_dir) as lib:
        lib.save_annotation(ids["Beta paper"], rating=4, status="read")
        lib.save_annotation(ids["Alpha paper"], title="Alpha, retitled")
    status, out, err = cli(library_dir, capsys, "author", "lovelace")
    assert (status, err) == (0, "")
    assert out == (
        "Ada Lovelace\n"
        "  spelled: Ada Lovelace; A. Lovelace; Lovelace, Ada\n"
        "\n"
        f"unread   ☆☆☆☆☆  {ids['Alpha paper']}  Alpha, retitled  [people, 2024]\n"
        f"read     ★★★★☆  {ids['Beta paper']}  Beta paper  [people, 2025]\n"
        f"unread   ☆☆☆☆☆  {ids['Gamma paper']}  Gamma paper  [people, 2025]\n"
        f"unread   ☆☆☆☆☆  {ids['Epsilon notes']}  Epsilon notes  [other]\n"
        "\n"
        "co-authors: Charles Babbage (3), Mary Somerville (2)\n"
        "lists: people (3), other (1)\n"
        "years: 2025 (2), 2024 (1)\n"
    )


def test_author_of_one_spelling_without_coauthors_or_years_and_followed(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "solo.jsonl"
    path.write_text(json.dumps({"title": "Solo work", "abstract": "S.", "authors": ["Grace Hopper"]}) + "\n", encoding="utf-8")
    assert main(["import", str(path), "--db", str(library_dir)]) == 0
    capsys.readouterr()
    assert cli(library_dir, capsys, "follow", "hopper, grace")[:2] == (0, "following Grace Hopper (1 paper in the library)\n")
    status, out, err = cli(library_dir, capsys, "author", "grace hopper")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Grace Hopper (followed)" and lines[1] == ""
    assert lines[2].endswith("  Solo work  [solo]") and lines[3:] == ["", "lists: solo (1)"]


def test_author_json_is_one_record_per_paper_with_the_annotation(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ids = people(library_dir, tmp_path, capsys)
    with Library.open(library_dir) as lib:
        lib.save_annotation(ids["Gamma paper"], rating=2, notes="my nöte")
    status, out, err = cli(library_dir, capsys, "author", "Ada Lovelace", "--json")
    assert (status, err) == (0, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == [ids[t] for t in ("Alpha paper", "Beta paper", "Gamma paper", "Epsilon notes")]
    gamma = records[2]
    assert (gamma["rating"], gamma["notes"], gamma["status"], gamma["list"]) == (2, "my nöte", "unread", "people")
    assert '"notes": "my nöte"' in out  # ensure_ascii=False: text as written


def test_author_of_nobody_or_several_is_one_line_and_status_1(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    people(library_dir, tmp_path, capsys)
    status, out, err = cli(library_dir, capsys, "author", "Ada Nobody")
    assert (status, out) == (1, "") and err == "paperdesk: no author called 'Ada Nobody' in the library\n"
    status, out, err = cli(library_dir, capsys, "author", "   ")
    assert (status, out, err) == (1, "", "paperdesk: an author's name is needed\n")


@pytest.mark.parametrize("name", ["[bold]Ada[/bold] Nobody", "\x1b[31mAda Nobody", "Ada\x00Nobody"])
def test_author_with_markup_or_controls_in_the_name_prints_them_harmless(library_dir: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, err = cli(library_dir, capsys, "author", name)
    assert (status, out) == (1, "") and len(err.splitlines()) == 1
    assert "\x1b" not in err and "\x00" not in err and err.startswith("paperdesk: no author called ")


def test_follow_unfollow_following_lines_and_what_is_stored(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    people(library_dir, tmp_path, capsys)
    assert cli(library_dir, capsys, "following") == (0, "", "")
    assert cli(library_dir, capsys, "follow", "Lovelace, Ada") == (0, "following Ada Lovelace (4 papers in the library)\n", "")
    assert cli(library_dir, capsys, "follow", "ADA LOVELACE") == (0, "already following Ada Lovelace\n", "")
    assert cli(library_dir, capsys, "follow", "somerville") == (0, "following Mary Somerville (3 papers in the library)\n", "")
    assert cli(library_dir, capsys, "follow", "Émilie du Châtelet") == (0, "following Émilie du Châtelet (0 papers in the library)\n", "")
    status, out, err = cli(library_dir, capsys, "follow", "chatel")  # a part of a name: someone in the library only
    assert (status, out) == (1, "") and err.startswith("paperdesk: no author called 'chatel' in the library; give a whole name")
    assert cli(library_dir, capsys, "following") == (0, "Ada Lovelace\t4 papers\nMary Somerville\t3 papers\nÉmilie du Châtelet\t0 papers\n", "")
    assert [d["name"] for d in stored(library_dir)["follows"].values()] == ["Ada Lovelace", "Mary Somerville", "Émilie du Châtelet"]
    assert cli(library_dir, capsys, "unfollow", "somerv") == (0, "no longer following Mary Somerville\n", "")
    status, out, err = cli(library_dir, capsys, "unfollow", "Mary Somerville")
    assert (status, out) == (1, "") and err == "paperdesk: not following anyone called 'Mary Somerville'\n  Ada Lovelace\n  Émilie du Châtelet\n"
    assert [d["name"] for d in stored(library_dir)["follows"].values()] == ["Ada Lovelace", "Émilie du Châtelet"]


def test_unfollow_of_a_part_two_follows_share_lists_them(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("Ada Lovelace", "Ada Byron"):
        assert cli(library_dir, capsys, "follow", name)[0] == 0
    status, out, err = cli(library_dir, capsys, "unfollow", "ada")
    assert (status, out) == (1, "") and err == "paperdesk: 'ada' names 2 followed authors; give the whole name of one:\n  Ada Lovelace\n  Ada Byron\n"
    assert cli(library_dir, capsys, "unfollow", "byron") == (0, "no longer following Ada Byron\n", "")


@pytest.mark.parametrize("name", ["[bold]x[/bold] y", "\x1b[31mred hat"])
def test_a_followed_name_with_markup_or_an_escape_prints_harmless(library_dir: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = cli(library_dir, capsys, "follow", name)
    assert status == 0 and "\x1b" not in out and out.endswith(" (0 papers in the library)\n")
    status, out, _ = cli(library_dir, capsys, "following")
    assert status == 0 and "\x1b" not in out and out.endswith("\t0 papers\n")
    assert cli(library_dir, capsys, "unfollow", name)[0] == 0


def test_follow_and_unfollow_refused_while_the_library_is_held(library_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    with Library.open(library_dir):
        status, out, err = cli(library_dir, capsys, "follow", "Ada Lovelace")
        assert (status, out) == (3, "") and err.endswith(f"another paperdesk (PID {os.getpid()}) is using this library; nothing followed\n")
        status, out, err = cli(library_dir, capsys, "unfollow", "Ada Lovelace")
        assert (status, out) == (3, "") and err.endswith("is using this library; nothing changed\n")
    with Library.open(library_dir) as lib:
        assert lib.follows() == []


LEGACY = FIXTURES / "versions" / "library_main"
PROCEEDINGS, PREPRINT = "360887e27a66", "511e210d4fa4"


def test_versions_check_merge_and_split_lines_and_statuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lib"
    shutil.copytree(LEGACY, folder)
    status, out, err = cli(folder, capsys, "versions")
    assert (status, err) == (1, "") and out.startswith(f"{PROCEEDINGS} {PREPRINT}  another version  \"") and len(out.splitlines()) == 1
    assert cli(folder, capsys, "versions", "--check") == (1, out, "")
    assert cli(folder, capsys, "versions", "--merge") == (0, f"merged {PREPRINT} into {PROCEEDINGS} (another version)\n", "")
    assert cli(folder, capsys, "versions") == (0, "", "")
    assert cli(folder, capsys, "versions", "--merge") == (0, "", "")
    assert cli(folder, capsys, "split", PROCEEDINGS[:6]) == (0, f"split {PROCEEDINGS}: 1 version back as {PREPRINT}\n", "")
    with Library.open(folder) as lib:
        assert lib.get(PREPRINT) is not None and lib.annotation(PREPRINT).notes == "preprint note"
    status, out, err = cli(folder, capsys, "split", PROCEEDINGS)
    assert (status, out, err) == (1, "", f"paperdesk: {PROCEEDINGS}: this paper holds no other version; nothing to split\n")


def test_versions_merge_and_split_refused_while_held(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lib"
    shutil.copytree(LEGACY, folder)
    with Library.open(folder):
        for command in (("versions", "--merge"), ("split", PROCEEDINGS)):
            status, out, err = cli(folder, capsys, *command)
            assert (status, out) == (3, "") and err.endswith("is using this library; nothing changed\n"), command
        assert cli(folder, capsys, "versions")[0] == 1  # the check only reads


@pytest.mark.parametrize("ref", ["zzzz", "[bold]", "\x1b[31m"])
def test_split_and_open_of_no_paper_is_one_line(library_dir: Path, capsys: pytest.CaptureFixture[str], ref: str) -> None:
    for command in ("split", "open"):
        status, out, err = cli(library_dir, capsys, command, ref)
        assert (status, out) == (1, "") and len(err.splitlines()) == 1 and "\x1b" not in err, command
        assert err.endswith(": no paper has this id or matches this query\n")


def test_open_prints_the_link_and_opens_it(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    ids = people(library_dir, tmp_path, capsys)
    opened: list[str] = []

    class Browser(webbrowser.BaseBrowser):
        def open(self, url: str, new: int = 0, autoraise: bool = True) -> bool:
            opened.append(url)
            return True

    monkeypatch.setattr(webbrowser, "get", lambda using=None: Browser())
    assert cli(library_dir, capsys, "open", ids["Alpha paper"]) == (0, "https://example.org/alpha\n", "")
    assert opened == ["https://example.org/alpha"]
    assert cli(library_dir, capsys, "open", ids["Alpha paper"], "--print") == (0, "https://example.org/alpha\n", "")
    assert opened == ["https://example.org/alpha"]  # --print opens nothing
    status, out, err = cli(library_dir, capsys, "open", ids["Alpha paper"], "--pdf")
    assert (status, out, err) == (1, "", f"{ids['Alpha paper']}: no web (http/https) PDF to open\n")
    status, out, err = cli(library_dir, capsys, "open", ids["Beta paper"])
    assert (status, out, err) == (1, "", f"{ids['Beta paper']}: no web (http/https) link to open\n")
    assert opened == ["https://example.org/alpha"]


def _no_browser() -> webbrowser.BaseBrowser:
    raise webbrowser.Error("could not locate runnable browser")


class _Refusing(webbrowser.BaseBrowser):
    def open(self, url: str, new: int = 0, autoraise: bool = True) -> bool:
        return False


class _Raising(webbrowser.BaseBrowser):
    def open(self, url: str, new: int = 0, autoraise: bool = True) -> bool:
        raise OSError("no display")


@pytest.mark.parametrize(
    "browser",
    [_no_browser, lambda: webbrowser.GenericBrowser("lynx"), lambda: _Refusing("x"), lambda: _Raising("x")],
    ids=["none", "console", "refuses", "raises"],
)
def test_open_without_a_graphical_browser_prints_the_link_and_says_so(
    library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, browser
) -> None:
    ids = people(library_dir, tmp_path, capsys)
    monkeypatch.setattr(webbrowser, "get", lambda using=None: browser())
    status, out, err = cli(library_dir, capsys, "open", ids["Alpha paper"])
    assert (status, out, err) == (0, "https://example.org/alpha\n", "no graphical browser here: the link is printed above\n")


DAMAGES = {"damaged": b'{"annotations": {"1": ', "wiped": b"{}"}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_author_and_following_on_damaged_annotations_say_so_in_one_line(
    library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    """Ratings, statuses and follows live in annotations.json: read from a damaged one they are missing, so the
    page and the list of follows are wrong, and say so (status 1), as `list` and `show` do."""
    ids = people(library_dir, tmp_path, capsys)
    assert cli(library_dir, capsys, "rate", ids["Beta paper"], "4")[0] == 0
    assert cli(library_dir, capsys, "follow", "Ada Lovelace")[0] == 0
    target = library_dir / "annotations.json"
    target.write_bytes(DAMAGES[damage])
    for command, outcome in (
        (("author", "lovelace"), "shown without your ratings, statuses and follows"),
        (("author", "lovelace", "--json"), "shown without your ratings, statuses and follows"),
        (("following",), "the authors you follow cannot be read"),
    ):
        status, out, err = cli(library_dir, capsys, *command)
        assert status == 1, command
        lines = [line for line in err.splitlines() if str(target) in line]
        assert len(lines) == 1 and len(err.splitlines()) == 1, (command, err)
        assert f"; {outcome} (`paperdesk backups` lists the copies; `paperdesk backups restore latest` puts back the newest good one)" in lines[0]
    assert target.read_bytes() == DAMAGES[damage]


def test_following_and_author_on_sound_annotations_say_nothing_of_damage(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    people(library_dir, tmp_path, capsys)
    assert cli(library_dir, capsys, "follow", "Ada Lovelace")[0] == 0
    assert cli(library_dir, capsys, "following") == (0, "Ada Lovelace\t4 papers\n", "")
    status, out, err = cli(library_dir, capsys, "author", "lovelace")
    assert (status, err) == (0, "") and out.startswith("Ada Lovelace (followed)\n")


def test_a_coauthor_in_two_spellings_on_one_paper_is_not_counted_twice(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`M. Somerville` beside `Mary Somerville` on one paper are two people (`people.person`): the co-author counts
    never say more papers than the person has, and do not join the two."""
    rows = [
        {"title": "One", "abstract": "1.", "authors": ["Ada Lovelace", "Mary Somerville", "M. Somerville"]},
        {"title": "Two", "abstract": "2.", "authors": ["Ada Lovelace", "Mary Somerville"]},
    ]
    path = tmp_path / "two.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert main(["import", str(path), "--db", str(library_dir)]) == 0
    capsys.readouterr()
    status, out, _ = cli(library_dir, capsys, "author", "Ada Lovelace")
    assert status == 0
    assert "co-authors: Mary Somerville (2), M. Somerville (1)\n" in out


def test_a_coauthor_spelled_two_ways_on_different_papers_is_one_coauthor(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {"title": "One", "abstract": "1.", "authors": ["Ada Lovelace", "Jason D. Lee"]},
        {"title": "Two", "abstract": "2.", "authors": ["Ada Lovelace", "Jason Lee", "Zoe Zed"]},
        {"title": "Three", "abstract": "3.", "authors": ["Ada Lovelace", "Jason D. Lee", "Zoe Zed"]},
        {"title": "Four", "abstract": "4.", "authors": ["Ada Lovelace", "Bob Abel"]},
    ]
    path = tmp_path / "lee.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert main(["import", str(path), "--db", str(library_dir)]) == 0
    capsys.readouterr()
    status, out, _ = cli(library_dir, capsys, "author", "Ada Lovelace")
    assert status == 0
    assert "co-authors: Jason D. Lee (3), Zoe Zed (2), Bob Abel (1)\n" in out


@pytest.mark.parametrize("ref", ["", "   "])
def test_an_empty_id_names_no_paper_even_in_a_library_of_one(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], ref: str) -> None:
    """`paperdesk split "$ID"` with ID unset must not split (or open, or show) whatever paper a query of nothing
    happens to match alone."""
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({"title": "Only", "abstract": "O.", "url": "https://example.org/only"}) + "\n", encoding="utf-8")
    assert main(["import", str(path), "--db", str(library_dir)]) == 0
    assert main(["remove", "--list", "ICML 2025 Papers", "--list", "ICML 2025 论文列表", "--force", "--db", str(library_dir)]) == 0
    capsys.readouterr()
    for command in (("open", ref, "--print"), ("split", ref), ("show", ref), ("key", ref, "mine2026")):
        status, out, err = cli(library_dir, capsys, *command)
        assert (status, out) == (1, ""), command
        assert err == "paperdesk: an ID is needed: a paper's id, a unique start of it, its citation key, or a query naming one paper\n", command
    with Library.open(library_dir) as lib:
        assert [p.citekey for p in lib.papers] != ["mine2026"]


def test_an_escape_in_a_year_list_or_coauthor_never_reaches_the_terminal(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [{"title": "Bad [bold]year", "abstract": "x", "authors": ["Ada Lovelace", "Bob \x1b[31mAbel"], "year": "\x1b[31m2024"}]
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert main(["import", str(path), "--list", "x\x1b[2J", "--db", str(library_dir)]) == 0
    capsys.readouterr()
    status, out, err = cli(library_dir, capsys, "author", "Ada Lovelace")
    assert (status, err) == (0, "") and "\x1b" not in out
    assert out.endswith("co-authors: Bob ␛[31mAbel (1)\nlists: x␛[2J (1)\nyears: ␛[31m2024 (1)\n") and "  Bad [bold]year  [x␛[2J, ␛[31m2024]\n" in out


def test_the_reads_work_while_another_paperdesk_holds_the_library(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`author`, `following`, `versions` (the check) and `open` only read: the app holding the library refuses none."""
    ids = people(library_dir, tmp_path, capsys)
    assert cli(library_dir, capsys, "follow", "Ada Lovelace")[0] == 0
    with Library.open(library_dir):
        assert cli(library_dir, capsys, "author", "lovelace")[0] == 0
        assert cli(library_dir, capsys, "author", "lovelace", "--json")[0] == 0
        assert cli(library_dir, capsys, "following") == (0, "Ada Lovelace\t4 papers\n", "")
        assert cli(library_dir, capsys, "versions") == (0, "", "")
        assert cli(library_dir, capsys, "open", ids["Alpha paper"], "--print") == (0, "https://example.org/alpha\n", "")


def page_of(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: list[dict], name: str = "Ada Lovelace") -> str:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert main(["import", str(path), "--db", str(library_dir)]) == 0
    capsys.readouterr()
    status, out, err = cli(library_dir, capsys, "author", name)
    assert (status, err) == (0, "")
    return out


def test_a_coauthor_is_named_in_the_spelling_most_of_their_papers_use(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {"title": "One", "abstract": "1.", "authors": ["Ada Lovelace", "Lee, Jason"]},
        {"title": "Two", "abstract": "2.", "authors": ["Ada Lovelace", "Jason Lee"]},
        {"title": "Three", "abstract": "3.", "authors": ["Ada Lovelace", "Jason Lee"]},
    ]
    assert "co-authors: Jason Lee (3)\n" in page_of(library_dir, tmp_path, capsys, rows)


def test_lists_by_count_then_name_and_years_newest_first(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {"title": "One", "abstract": "1.", "authors": ["Ada Lovelace"], "year": 2023, "list": "zeta"},
        {"title": "Two", "abstract": "2.", "authors": ["Ada Lovelace"], "year": 2023, "list": "alpha"},
        {"title": "Three", "abstract": "3.", "authors": ["Ada Lovelace"], "year": 2025, "list": "mid"},
        {"title": "Four", "abstract": "4.", "authors": ["Ada Lovelace"], "year": 2025, "list": "mid"},
        {"title": "Five", "abstract": "5.", "authors": ["Ada Lovelace"], "year": 2026, "list": "zeta"},
    ]
    out = page_of(library_dir, tmp_path, capsys, rows)
    assert "lists: mid (2), zeta (2), alpha (1)\n" in out and out.endswith("years: 2026 (1), 2025 (2), 2023 (2)\n")


def test_coauthors_joined_across_spellings_rank_by_their_joined_count_then_name(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`Al Aaron` (one paper) and `A. Aaron` (another) are one co-author with two papers, ranked before `Bob Abel`
    (two papers) by name; of two spellings with a paper each, the first by name key is the one shown."""
    rows = [
        {"title": "One", "abstract": "1.", "authors": ["Ada Lovelace", "Bob Abel"]},
        {"title": "Two", "abstract": "2.", "authors": ["Ada Lovelace", "Bob Abel"]},
        {"title": "Three", "abstract": "3.", "authors": ["Ada Lovelace", "A. Aaron"]},
        {"title": "Four", "abstract": "4.", "authors": ["Ada Lovelace", "Al Aaron"]},
    ]
    assert "co-authors: A. Aaron (2), Bob Abel (2)\n" in page_of(library_dir, tmp_path, capsys, rows)


def test_two_spellings_listed_and_the_coauthor_kept_has_most_papers(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {"title": "One", "abstract": "1.", "authors": ["Grace Hopper", "A. Lee"]},
        {"title": "Two", "abstract": "2.", "authors": ["Hopper, Grace", "Ada Lee", "Al Aaron"]},
        {"title": "Three", "abstract": "3.", "authors": ["Grace Hopper", "Ada Lee", "A. Aaron"]},
    ]
    out = page_of(library_dir, tmp_path, capsys, rows, "Grace Hopper")
    assert out.startswith("Grace Hopper\n  spelled: Grace Hopper; Hopper, Grace\n")
    assert "co-authors: Ada Lee (3), A. Aaron (2)\n" in out


def test_open_never_starts_a_console_browser(library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A console browser (lynx, w3m: `webbrowser.GenericBrowser`) would take over the terminal: the link is printed."""
    ids = people(library_dir, tmp_path, capsys)
    started: list[str] = []
    monkeypatch.setattr(webbrowser.GenericBrowser, "open", lambda self, url, new=0, autoraise=True: started.append(url) or True)
    monkeypatch.setattr(webbrowser, "get", lambda using=None: webbrowser.GenericBrowser("lynx"))
    status, out, err = cli(library_dir, capsys, "open", ids["Alpha paper"])
    assert (status, out, err, started) == (0, "https://example.org/alpha\n", "no graphical browser here: the link is printed above\n", [])
