"""One person, every spelling (issue 44): name keys and could-be spellings, table-tested on the spellings real
proceedings files use (tests/fixtures/people/pmlr_people.bib, copied from PMLR's COLT and L4DC BibTeX)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.core.people.names import could_be, is_abbreviated, name_key, parse_name

FIXTURE = Path(__file__).parents[1] / "fixtures" / "people" / "pmlr_people.bib"


def _fixture_names() -> set[str]:
    text = FIXTURE.read_text(encoding="utf-8")
    return {n.strip() for m in re.finditer(r"author\s*=\s*\{(.*)\},?\s*$", text, re.M) for n in re.split(r"\s+and\s+", m.group(1))}


#: Spellings of one name: each group shares one key. The first rows are the issue's, the rest PMLR's own.
SAME = [
    (["ADA LOVELACE", "Ada Lovelace", "Áda Lovelace", "Lovelace, Ada", " Ada   Lovelace ", "ada lovelace"], "ada lovelace"),
    (["Cort\\'es, Jorge", "Cortés, Jorge", "Cortes, Jorge", "Jorge Cortés"], "jorge cortes"),
    (["Guzm\\'an, Crist\\'obal", "Guzman, Cristobal", "Crist\\'{o}bal Guzm\\'{a}n"], "cristobal guzman"),
    (["Blanchard, Mo\\\"{i}se", "Blanchard, Mo\\\"ise", "Moïse Blanchard"], "moise blanchard"),
    (["Cesa-Bianchi, Nicol{\\`o}", "Cesa-Bianchi, Nicol\\`{o}", "Nicolò Cesa-Bianchi"], "nicolo cesa bianchi"),
    (["Vasile, Cristian-Ioan", "Vasile, Cristian Ioan"], "cristian ioan vasile"),
    (["Du, Simon S.", "Du, Simon S", "Simon S. Du"], "simon s du"),
    (["McCulloch, Andrew", "Mcculloch, Andrew"], "andrew mcculloch"),
    (["Chewi, Sinho,", "Chewi, Sinho", "Sinho Chewi"], "sinho chewi"),
    (["Li, Mufan (Bill)", "Mufan Li"], "mufan li"),
    (["H\\o{}gsgaard M\\o{}ller, Mikael", "Mikael Høgsgaard Møller"], "mikael hogsgaard moller"),
    (["Derezi{\\'n}ski, Micha{\\l}", "Michał Dereziński"], "michal derezinski"),
    (["Žikelić, Đorđe", "Dorde Zikelic"], "dorde zikelic"),
    (["Flaßkamp, Kathrin", "Kathrin Flasskamp"], "kathrin flasskamp"),
    (["Teixeira, André M.H.", "André M. H. Teixeira"], "andre m h teixeira"),
    (["Ludwig {van} Beethoven", "{van} Beethoven, Ludwig", "Ludwig van Beethoven"], "ludwig van beethoven"),  # braces alone
    (["G{\\\"o}del, Kurt", "Kurt Gödel"], "kurt godel"),
    (["Xu, Xingyu", "Xingyu Xu", "XU, XINGYU"], "xingyu xu"),  # PMLR COLT 2024 has "Xu Xingyu" (no comma) too
    ([", Ada", "Ada"], "ada"),  # a family part left empty: the given name alone
    (["Lovelace, ,", "Lovelace"], "lovelace"),  # a given part left empty
    (["Lovelace, Jr., ,", "Lovelace Jr."], "lovelace jr"),
    (["Lovelace, Ada, B, C", "Lovelace Ada B C"], "lovelace ada b c"),  # more commas than BibTeX's forms: left in order
]


@pytest.mark.parametrize(("spellings", "key"), SAME)
def test_every_spelling_of_a_name_has_one_key(spellings: list[str], key: str) -> None:
    assert {name_key(s) for s in spellings} == {key}


def test_the_table_holds_real_spellings() -> None:
    """The PMLR rows are the fixture's own spellings, not made up: the groups after the issue's have two or more there."""
    real = _fixture_names()
    for spellings, _ in SAME[1:7]:
        assert sum(s in real for s in spellings) >= 2, spellings


#: (a, b, could they be one person)
COULD_BE = [
    ("A. Aamand", "Anders Aamand", True),  # the initials
    ("Aamand, A.", "Anders Aamand", True),
    ("Ames, Aaron", "Ames, Aaron D.", True),  # a middle initial left out (PMLR L4DC 2025 and 2026)
    ("Du, Simon", "Du, Simon S", True),  # PMLR COLT 2024 and 2025
    ("Musco, Cameron", "Musco, Cameron N", True),
    ("J. D. Lee", "Jason D Lee", True),
    ("J. Lee", "Jason D. Lee", True),
    ("H. Jin Kim", "Hyoun Jin Kim", True),
    ("Musco, Cameron", "Musco, Christopher", False),  # homonyms by surname: PMLR COLT 2025 has both on one paper
    ("C. Musco", "Cameron Musco", True),  # could be; only the record decides (test_people_person)
    ("Diakonikolas, Ilias", "Diakonikolas, Jelena", False),
    ("Li, Gen", "Li, Gene", False),
    ("Jason D. Lee", "Jason K. Lee", False),  # the same first name, another middle one
    ("A. B. Aamand", "Anders Aamand", True),
    ("A. B. Aamand", "Anders C. Aamand", False),
    ("Lovelace", "Ada Lovelace", False),  # a surname alone joins nobody
    ("Ada Lovelace", "Ada Byron", False),
    ("", "", False),
]


@pytest.mark.parametrize(("a", "b", "same"), COULD_BE)
def test_could_be_one_person(a: str, b: str, same: bool) -> None:
    assert could_be(a, b) is same
    assert could_be(b, a) is same


def test_parts_of_a_name() -> None:
    name = parse_name("Lovelace, Jr., Ada B.")
    assert (name.family, name.given, name.key) == ("lovelace", ("ada", "b"), "ada b lovelace jr")
    assert parse_name("Aamand, Anders").initial_key == "a aamand"
    assert parse_name("Plato").initial_key == "plato" and parse_name("Plato").given == ()
    assert is_abbreviated("A. Aamand") and is_abbreviated("Simon S. Du") and not is_abbreviated("Anders Aamand")


def test_a_name_as_a_reader_writes_it() -> None:
    from tui.core.people.names import shown_name

    assert shown_name("Lovelace,  Ada") == "Ada Lovelace"
    assert shown_name("Cort\\'es, Jorge") == "Jorge Cortés"
    assert shown_name("Chewi, Sinho,") == "Sinho Chewi"
    assert shown_name("Ada Lovelace") == "Ada Lovelace"


@pytest.mark.parametrize(
    ("spelling", "family", "given"),
    [
        ("Ralph Smith III", "smith", ("ralph",)),
        ("Smith, Jr., Ralph", "smith", ("ralph",)),
        ("Ralph Smith Jr. II", "smith", ("ralph",)),  # suffixes after suffixes
        ("Jr", "jr", ()),  # a suffix alone is a name, not nothing
        ("Smith Jr.", "smith", ()),
        ("Ada Byron Lovelace", "lovelace", ("ada", "byron")),
        ("", "", ()),
    ],
)
def test_family_and_given_names(spelling: str, family: str, given: tuple[str, ...]) -> None:
    parsed = parse_name(spelling)
    assert (parsed.family, parsed.given) == (family, given)
    assert parsed.words == parse_name(spelling.upper()).words
    assert repr(parsed) == f"Name({parsed.words!r})"
