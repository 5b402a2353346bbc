"""Issue 43 on the command line: `list --sort for-me` (score and why), `--query 'about:"…"'`, `related` fused, the setting.

The library is the bundled lists (33 ICML 2025 abstracts), as `paperdesk list` seeds it. The first test builds
its ranking matrices itself (and compares that build's order with the saved matrices' order); the others start
from a copy of a library whose matrices a first `about:` query built and saved (`ranked_dir`): a build starts
scikit-learn, 2 s of CPU a test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.built import built_copy
from tests.cli.clirun import run

SWAN, FRUGAL, SLIM, RLEDIT = "74391c31feb1", "bc1f9967bb7f", "2d15d5ebe327", "02c26591c51d"


def _seeded_and_ranked(folder: Path) -> None:
    out = run("list", "--query", 'about:"memory"', "--db", str(folder))
    assert out.returncode == 0 and (folder / "ranking").is_dir(), out.stderr


@pytest.fixture
def ranked_dir(library_dir: Path) -> Path:
    """`library_dir` holding the bundled lists and their saved ranking matrices, as the CLI left them after an `about:`
    query: built once per run, copied per test (`tests.built`)."""
    built_copy(library_dir, "cli-bundled-ranked", _seeded_and_ranked)
    return library_dir


def records(*args: str) -> list[dict]:
    out = run("list", *args, "--json")
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_for_me_json_carries_score_and_why_best_first_and_is_deterministic(library_dir: Path) -> None:
    db = ("--db", str(library_dir))
    assert run("rate", SWAN, "5", *db).returncode == 0
    assert run("rate", SLIM, "5", *db).returncode == 0
    assert run("status", RLEDIT, "skipped", *db).returncode == 0
    ranked = records("--sort", "for-me", *db)
    assert len(ranked) == 33
    scores = [r["score"] for r in ranked]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1]
    assert all(isinstance(r["why"], str) and r["why"] and "\n" not in r["why"] for r in ranked)
    # Liked papers and the nearest of them rank high, the skipped one low; the reason names a liked paper.
    ids = [r["id"] for r in ranked]
    assert set(ids[:2]) == {SWAN, SLIM} and ids.index(FRUGAL) < 4
    assert ids.index(RLEDIT) > ids.index(FRUGAL)
    frugal = next(r for r in ranked if r["id"] == FRUGAL)
    assert "SWAN" in frugal["why"]
    assert records("--sort", "for-me", *db) == ranked  # the same ratings, the same order and scores
    limited = run("list", "--sort", "for-me", "--limit", "3", *db)
    rows = [line.split("\t") for line in limited.stdout.splitlines()]
    assert [row[0] for row in rows] == [r["id"] for r in ranked[:3]]
    assert [row[3] for row in rows] == [r["why"] for r in ranked[:3]]  # the tsv's fourth column: why


def test_for_me_without_ratings_keeps_list_order_and_says_what_it_needs(ranked_dir: Path) -> None:
    plain = run("list", "--db", str(ranked_dir))
    out = run("list", "--sort", "for-me", "--format", "ids", "--db", str(ranked_dir))
    assert out.returncode == 0
    assert out.stdout.splitlines() == [line.split("\t")[0] for line in plain.stdout.splitlines()]
    assert out.stderr == "paperdesk: for me: rate a few papers 4 or 5\n"
    assert run("rate", SWAN, "4", "--db", str(ranked_dir)).returncode == 0
    one = run("list", "--sort", "for-me", "--format", "ids", "--db", str(ranked_dir))
    assert one.stderr.startswith("paperdesk: for me: more like SWAN")
    assert one.stdout.splitlines()[:2] == [SWAN, FRUGAL]


def test_about_ranks_by_meaning_and_combines_with_filters(ranked_dir: Path) -> None:
    db = ("--db", str(ranked_dir))
    found = records("--query", 'about:"memory efficient optimizer"', *db)
    assert [r["id"] for r in found][:2] == [SWAN, FRUGAL] and len(found) < 10
    assert run("rate", SWAN, "3", *db).returncode == 0
    unrated = records("--query", 'about:"memory efficient optimizer" rating:0', *db)
    assert [r["id"] for r in unrated][0] == FRUGAL and SWAN not in {r["id"] for r in unrated}
    negated = run("list", "--query", "-about:memory", *db)
    assert negated.returncode == 1 and negated.stdout == ""  # bad input, as any malformed query
    assert len(negated.stderr.splitlines()) == 1 and "-about:" in negated.stderr


def test_related_is_fused_with_the_ratings_and_still_names_shared_words(ranked_dir: Path) -> None:
    db = ("--db", str(ranked_dir))

    def related() -> list[dict]:
        out = run("related", SWAN, "--json", *db)
        assert out.returncode == 0, out.stderr
        return [json.loads(line) for line in out.stdout.splitlines()]

    before = related()
    assert before[0]["id"] == FRUGAL and all(r["terms"] for r in before)
    lifted = before[-1]["id"]  # BM25's last of ten
    assert run("rate", lifted, "5", *db).returncode == 0
    after = related()
    assert {r["id"] for r in after} == {r["id"] for r in before}  # the same neighbours, re-ordered
    assert [r["id"] for r in after].index(lifted) < len(before) - 1
    assert all(r["terms"] for r in after)


def test_the_setting_turns_the_sort_off_in_one_line(library_dir: Path, tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "paperdesk").mkdir(parents=True)
    (config / "paperdesk" / "config.toml").write_text("for_me = false\n", encoding="utf-8")
    env = {"XDG_CONFIG_HOME": str(config)}
    off = run("list", "--sort", "for-me", "--db", str(library_dir), env=env)
    assert (off.returncode, off.stdout) == (2, "")
    assert off.stderr == "paperdesk: the for-me sort is off (for_me = false in the settings file)\n"
    assert run("list", "--sort", "rating", "--db", str(library_dir), env=env).returncode == 0


def test_the_positive_tag_setting_counts_as_a_like(ranked_dir: Path, tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "paperdesk").mkdir(parents=True)
    (config / "paperdesk" / "config.toml").write_text('for_me_tag = "keep"\n', encoding="utf-8")
    env = {"XDG_CONFIG_HOME": str(config)}
    assert run("tag", SWAN, "+keep", "--db", str(ranked_dir)).returncode == 0
    tagged = run("list", "--sort", "for-me", "--format", "ids", "--db", str(ranked_dir), env=env)
    assert tagged.stderr.startswith("paperdesk: for me: more like SWAN")
    untagged = run("list", "--sort", "for-me", "--format", "ids", "--db", str(ranked_dir))
    assert untagged.stderr == "paperdesk: for me: rate a few papers 4 or 5\n"


def test_follows_alone_give_a_for_me_ranking_with_why(library_dir: Path) -> None:
    """Issue 44's cold start: nothing rated, one author followed; `list --sort for-me` ranks (no "rate a few papers"),
    their papers first, each row with a why; unfollowed, it needs ratings again."""
    people = Path(__file__).parents[1] / "fixtures" / "people" / "pmlr_people.bib"
    db = ("--db", str(library_dir))
    assert run("import", str(people), *db).returncode == 0
    before = run("list", "--sort", "for-me", "--format", "ids", *db)
    assert before.stderr == "paperdesk: for me: rate a few papers 4 or 5\n"
    followed = run("follow", "Jorge Cortes", *db)
    assert followed.returncode == 0, followed.stderr
    name = followed.stdout.strip().removeprefix("following ").split(" (")[0]
    out = run("list", "--sort", "for-me", "--json", *db)
    assert out.returncode == 0 and out.stderr == ""
    ranked = [json.loads(line) for line in out.stdout.splitlines()]
    scores = [r["score"] for r in ranked]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1]
    theirs = {json.loads(line)["id"] for line in run("author", "Jorge Cortes", "--json", *db).stdout.splitlines()}
    assert len(theirs) == 3 and {r["id"] for r in ranked[: len(theirs)]} == theirs
    assert all(r["why"] == f"by {name} (followed)" for r in ranked[: len(theirs)])
    assert all(r["why"] and "\n" not in r["why"] and r["why"].startswith(("like: ", "words: ")) for r in ranked[len(theirs):])
    assert records("--sort", "for-me", *db) == ranked  # deterministic
    assert run("unfollow", "Jorge Cortes", *db).returncode == 0
    assert run("list", "--sort", "for-me", "--format", "ids", *db).stderr == "paperdesk: for me: rate a few papers 4 or 5\n"
