"""`paperdesk group …` as a user runs it: two members share ratings through a bare repository."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.clirun import run
from tests.robustness.group_world import TITLES, bare_repo, make_library, papers_file
from tui.cli import main
from tui.core.library import Library

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")

BIB = Path(__file__).resolve().parents[1] / "fixtures" / "pmlr_l4dc2026.bib"
KEY = "chakraborty26b"  # "Flickering Multi-Armed Bandits"


def pd(folder: Path, *args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return run(*args, "--db", str(folder), input=input)


def paper_id(folder: Path, key: str = KEY) -> str:
    found = pd(folder, "list", "--format", "ids", "--query", f"key:{key}")
    assert found.returncode == 0, found.stderr
    return found.stdout.split()[0]


@pytest.fixture
def two(tmp_path: Path) -> tuple[Path, Path, Path]:
    bare = tmp_path / "shared.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    folders = []
    for name in ("ana", "bob"):
        folder = tmp_path / name
        assert pd(folder, "import", str(BIB)).returncode == 0
        joined = pd(folder, "group", "join", str(bare), "--as", name)
        assert joined.returncode == 0, joined.stderr
        assert joined.stdout.startswith(f"joined {bare} as {name}")
        folders.append(folder)
    return bare, folders[0], folders[1]


def test_two_members_rate_comment_sync_and_see_each_other(two: tuple[Path, Path, Path]) -> None:
    bare, ana, bob = two
    pid_a, pid_b = paper_id(ana), paper_id(bob)
    assert pd(ana, "rate", pid_a, "5").returncode == 0
    said = pd(ana, "group", "comment", KEY, "great for week 3")
    assert said.returncode == 0 and "comment kept: great for week 3" in said.stdout
    assert pd(bob, "rate", pid_b, "4").returncode == 0
    synced = pd(ana, "group", "sync")
    assert synced.returncode == 0 and "ana: 1 paper shared, changes committed" in synced.stdout and "pushed to" in synced.stdout
    assert pd(bob, "group", "sync").returncode == 0

    votes = pd(bob, "list", "--format", "ids", "--query", "votes:2")
    assert votes.returncode == 0 and votes.stdout.split() == [pid_b]
    record = json.loads(pd(bob, "show", pid_b, "--json").stdout)
    assert record["group"]["votes"] == 2
    assert [(m["member"], m["rating"], m["comment"]) for m in record["group"]["members"]] == [("bob", 4, ""), ("ana", 5, "great for week 3")]
    listed = [json.loads(line) for line in pd(bob, "list", "--json", "--query", "discuss:").stdout.splitlines()]
    assert [r["id"] for r in listed] == [pid_b] and listed[0]["group"]["votes"] == 2
    shown = pd(bob, "show", pid_b).stdout
    assert "Group: 2 votes: to discuss" in shown and "ana    ★★★★★  unread  “great for week 3”" in shown

    members = pd(bob, "group")
    assert members.returncode == 0
    rows = {line.split()[0]: line.split() for line in members.stdout.splitlines()[2:4]}
    assert rows["ana"][-3:] == ["1", "1", "1"] and rows["bob"][:2] == ["bob", "*"]

    idle = pd(bob, "group", "sync")
    assert "nothing new" in idle.stdout and "pushed" not in idle.stdout


def test_a_group_that_cannot_be_reached_exits_1_with_one_line_and_keeps_the_commit(two: tuple[Path, Path, Path], tmp_path: Path) -> None:
    bare, ana, _bob = two
    assert pd(ana, "rate", paper_id(ana), "4").returncode == 0
    bare.rename(tmp_path / "gone.git")
    synced = pd(ana, "group", "sync")
    assert synced.returncode == 1 and "Traceback" not in synced.stderr
    assert "cannot reach" in synced.stdout and "go out with the next sync" in synced.stdout
    log = subprocess.run(["git", "-C", str(ana / "group"), "log", "--format=%s"], capture_output=True, text=True).stdout
    assert log.splitlines()[0] == "ana: 1 paper shared"


def test_bad_input_is_one_line(two: tuple[Path, Path, Path], tmp_path: Path) -> None:
    bare, ana, _bob = two
    again = pd(ana, "group", "join", str(bare), "--as", "ana2")
    assert again.returncode == 1 and again.stderr.count("\n") == 1 and "already in a group" in again.stderr
    outside = pd(tmp_path / "elsewhere", "group", "sync")
    assert outside.returncode == 1 and "in no group" in outside.stderr and "paperdesk group join" in outside.stderr
    bad_name = pd(tmp_path / "elsewhere", "group", "join", str(bare), "--as", "a/b")
    assert bad_name.returncode == 1 and "cannot be a member's name" in bad_name.stderr
    (ana / "group.json").write_text("{oops", encoding="utf-8")
    damaged = pd(ana, "group", "sync")
    assert damaged.returncode == 1 and "group.json: not valid JSON" in damaged.stderr and "Traceback" not in damaged.stderr


def test_papers_only_the_others_have_are_listed_and_added(two: tuple[Path, Path, Path], tmp_path: Path) -> None:
    bare, ana, bob = two
    extra = tmp_path / "extra.json"
    extra.write_text(json.dumps([{"title": "Reading Groups as Ensembles", "abstract": "Votes aggregate noisy readers.", "year": "2026"}]))
    assert pd(ana, "import", str(extra)).returncode == 0
    pid = pd(ana, "list", "--format", "ids", "--query", "ensembles").stdout.split()[0]
    assert pd(ana, "rate", pid, "5").returncode == 0
    assert pd(ana, "group", "sync").returncode == 0
    assert pd(bob, "group", "sync").returncode == 0
    listed = pd(bob, "group", "missing")
    assert listed.stdout.splitlines() == ["1\tana 5★\tReading Groups as Ensembles"]
    added = pd(bob, "group", "add", "ensembles")
    assert added.returncode == 0 and added.stdout.startswith("added 1 paper")
    assert pd(bob, "list", "--format", "ids", "--query", "votes:1").stdout.split() != []
    assert pd(bob, "group", "missing").stdout.strip() == "this library has every paper the others shared"


def test_a_newcomer_joins_a_group_whose_repository_holds_every_hostile_tree(two: tuple[Path, Path, Path], tmp_path: Path) -> None:
    """Another member pushed with plain git every tree paperdesk never writes: the newcomer's library and sync work,
    each bad file one "left out" line, and a later `members` link to the library folder writes nothing through."""
    from tests.robustness.group_world import Evil, every_hostile_file, members_link, reencoding

    bare, ana, _bob = two
    pid = paper_id(ana)
    assert pd(ana, "rate", pid, "5").returncode == 0 and pd(ana, "group", "sync").returncode == 0
    evil = Evil(tmp_path, bare)
    evil.push(every_hostile_file)
    evil.push(reencoding)
    healed = pd(ana, "group", "sync")  # a folder where ana's file goes: ana's next sync puts the file back
    assert healed.returncode == 0 and "members/ana.json: a folder, not a file in the group's repository, not followed; taken out for your file" in healed.stdout
    cara = tmp_path / "cara"
    assert pd(cara, "import", str(BIB)).returncode == 0
    joined = pd(cara, "group", "join", str(bare), "--as", "cara")
    assert joined.returncode == 0 and joined.stderr == "", joined.stderr
    left = [line for line in joined.stdout.splitlines() if line.startswith("members/")]
    assert len(left) == 11 and all("left out" in line for line in left), left
    assert {line.split(":")[0] for line in left} >= {"members/deep.json", "members/big.json", "members/linked.json", "members/bin.json"}
    assert pd(cara, "list", "--format", "ids", "--query", "votes:1").stdout.split() == [pid]
    shown = pd(cara, "show", pid)
    assert shown.returncode == 0 and "Group: 1 vote (2 to discuss)" in shown.stdout and "Traceback" not in shown.stderr
    members = pd(cara, "group")
    warnings = members.stderr.splitlines()
    assert members.returncode == 0 and len(warnings) == 11 and all(w.startswith("paperdesk: warning: members/") for w in warnings)
    listed = [line.split()[0] for line in members.stdout.splitlines()[2:-1]]  # the table's rows: the left out are not members
    assert "cara" in listed and not {"deep", "big", "bin", "linked"} & set(listed), members.stdout

    assert pd(cara, "rate", paper_id(cara), "4").returncode == 0
    kept = {name: (cara / name).read_bytes() for name in ("papers.json", "annotations.json")}
    evil.push(members_link(".."))
    synced = pd(cara, "group", "sync")
    assert synced.returncode == 0 and "members: a link in the group's repository, not followed; taken out for your file" in synced.stdout
    assert {name: (cara / name).read_bytes() for name in kept} == kept
    assert pd(ana, "group", "sync").returncode == 0
    assert pd(ana, "list", "--format", "ids", "--query", "group:cara").stdout.split() == [pid]


def test_show_prints_the_first_lines_of_another_members_shared_notes() -> None:
    from tui.cli.reading_group import NOTE_LINES, group_lines
    from tui.core.group.board import Board
    from tui.core.group.state import GroupState
    from tui.core.models import Annotation, MemberMark
    from tui.core.usecases.group import Sight

    notes = "".join(f"line {i}\n" for i in range(NOTE_LINES + 5))
    sight = Sight(GroupState("r", "me", "t"), Board("me", [], {"p": (MemberMark("bo", 4, notes=notes),)}, []))
    lines = group_lines(sight, "p", Annotation("p"))
    assert lines[-2:] == [f"      line {NOTE_LINES - 1}", "      …"] and lines[4] == "      line 0"
    short = Sight(GroupState("r", "me", "t"), Board("me", [], {"p": (MemberMark("bo", 4, notes="one\ntwo"),)}, []))
    assert group_lines(short, "p", Annotation("p"))[-2:] == ["      one", "      two"]


def test_an_empty_library_joins_and_adds_what_the_others_shared_without_the_example_papers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`group join` and `group add` open the library unseeded: an empty library that joins, or takes in what the
    others shared, never gets the bundled example papers (2,000 of them) besides."""
    bare, ana, empty = bare_repo(tmp_path), tmp_path / "ana", tmp_path / "empty"
    make_library(ana, papers_file(tmp_path))
    assert main(["group", "join", str(bare), "--as", "ana", "--db", str(ana)]) == 0
    with Library.open(ana, seed=False) as lib:
        lib.save_annotation(next(p.id for p in lib.papers if p.title == TITLES[2]), rating=5)
    assert main(["group", "sync", "--db", str(ana)]) == 0
    assert main(["group", "join", str(bare), "--as", "dee", "--db", str(empty)]) == 0
    with Library.open(empty, seed=False, read_only=True) as lib:
        assert lib.papers == []
    capsys.readouterr()
    assert main(["group", "add", "--all", "--db", str(empty)]) == 0
    assert capsys.readouterr().out == "added 1 paper the group shared, 0 merged with papers already here\n"
    with Library.open(empty, seed=False, read_only=True) as lib:
        assert [p.title for p in lib.papers] == [TITLES[2]]


def test_a_sync_runs_while_the_app_holds_the_library_and_leaves_it_open(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`group sync` only reads the library: it runs while the app holds it open to write, and the app goes on writing."""
    bare, ana = bare_repo(tmp_path), tmp_path / "ana"
    make_library(ana, papers_file(tmp_path))
    assert main(["group", "join", str(bare), "--as", "ana", "--db", str(ana)]) == 0
    with Library.open(ana, seed=False) as app:
        ids = {p.title: p.id for p in app.papers}
        app.save_annotation(ids[TITLES[0]], rating=5)
        capsys.readouterr()
        assert main(["group", "sync", "--db", str(ana)]) == 0
        assert capsys.readouterr().out.splitlines()[0] == "ana: 1 paper shared, changes committed"
        app.save_annotation(ids[TITLES[1]], rating=4)  # still open, still writing
        assert main(["group", "sync", "--db", str(ana)]) == 0
        assert capsys.readouterr().out.splitlines()[0] == "ana: 2 papers shared, changes committed"


def test_a_library_and_a_group_named_from_the_working_folder_join_and_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--db ana` and a remote `shared.git` given relative to where the reader stands: git runs in the library's
    folder, so both used to be read from there (the clone went to ana/ana/group, the remote was not found)."""
    bare = bare_repo(tmp_path)
    make_library(tmp_path / "ana", papers_file(tmp_path))
    make_library(tmp_path / "bob", papers_file(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(["group", "join", bare.name, "--as", "ana", "--db", "ana"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"joined {bare} as ana"
    assert (tmp_path / "ana" / "group" / ".git").is_dir() and not (tmp_path / "ana" / "ana").exists()
    with Library.open(tmp_path / "ana", seed=False) as lib:
        lib.save_annotation(next(p.id for p in lib.papers if p.title == TITLES[0]), rating=5)
    assert main(["group", "sync", "--db", "ana"]) == 0
    monkeypatch.chdir(tmp_path / "bob")  # the group's address kept whole: a sync from anywhere reaches it
    assert main(["group", "join", str(Path("..") / bare.name), "--as", "bob", "--db", "."]) == 0
    monkeypatch.chdir(tmp_path / "ana")
    capsys.readouterr()
    assert main(["group", "sync", "--db", "../bob"]) == 0
    capsys.readouterr()
    assert main(["list", "--format", "ids", "--query", "votes:1", "--db", "../bob"]) == 0
    with Library.open(tmp_path / "bob", seed=False, read_only=True) as lib:
        rated = next(p.id for p in lib.papers if p.title == TITLES[0])
    assert capsys.readouterr().out.split() == [rated]


def test_show_says_the_votes_against_the_groups_threshold() -> None:
    """`show`'s group line says "to discuss" only where `discuss:` finds the paper: the votes and the threshold below it."""
    from tui.cli.reading_group import votes_line

    assert votes_line(1, 2) == "1 vote (2 to discuss)"
    assert votes_line(0, 3) == "0 votes (3 to discuss)"
    assert votes_line(2, 2) == "2 votes: to discuss"
    assert votes_line(3, 2) == "3 votes: to discuss"
