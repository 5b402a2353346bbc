"""The search index saved beside the library, so a start loads it instead of splitting every abstract again.

What is slow to build (the sorted vocabulary and the word -> papers postings
of the three fields, and the per-paper columns of the field filters) is written
as .npy files plus the vocabulary as text and the list and venue names as JSON,
in a folder named by a key: a hash of papers.json and this format's version.
A start whose papers.json hashes to the same key memory-maps the arrays;
any other key means stale (the papers changed), and the caller rebuilds and
saves. A folder appears complete or not at all (written under a temp name,
then renamed), so a kill while saving leaves at worst an unused temp folder.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import numpy as np
import orjson

from tui.core.models import Annotation, Paper
from tui.core.search.columns import Columns
from tui.core.search.index import SearchIndex
from tui.core.search.terms import Postings, Vocabulary

#: Bump when the tokenizer or the saved layout changes: older saved indexes are then stale.
#: Where saved indexes live, inside the library folder.
INDEX_DIR = "index"
# 2: words are folded (LaTeX read as shown) before splitting; 3: accents read as shown (\\tilde{O}: Õ, and O);
# 4: the filters' columns (`search.columns`) are saved too; 5: math symbols read as the letter they show (\\ell: ℓ, so l);
# 6: a paper without a year files under its list's (`columns.list_year`): a version-5 index would miss them
FORMAT = "6"
_ARRAYS = ("indices", "indptr")
_FIELDS = 3
_COLUMNS = ("codes", "flags")


def key_for(papers_digest: str) -> str:
    """The folder name of the index of a papers.json with this digest."""
    return f"v{FORMAT}-{papers_digest}"


def _mapped(path: Path) -> np.ndarray:
    """A saved array, memory-mapped, as a plain ndarray view of the map: every operation on an
    `np.memmap` itself goes through its subclass hooks (about twice the cost of a small array
    operation), and a keystroke's filter makes dozens of them."""
    return np.asarray(np.load(path, mmap_mode="r"))


def load(folder: Path, key: str, papers: Sequence[Paper], annotations: Mapping[str, Annotation] | None) -> SearchIndex | None:
    """The saved index for `key` over `papers`, or None when there is none (or it does not fit)."""
    where = folder / key
    try:
        text = (where / "vocab.txt").read_bytes().decode()  # UTF-8, whatever the locale
        vocab = Vocabulary(text.splitlines(), joined=text)  # words are \w+: no line break inside one
        fields = []
        for field_no in range(_FIELDS):
            indices, indptr = (_mapped(where / f"{field_no}.{name}.npy") for name in _ARRAYS)
            if len(indptr) != len(vocab.words) + 1 or int(indptr[-1]) != len(indices):
                return None  # cut short or not this library's: rebuild
            fields.append(Postings(indices, indptr))
        names = orjson.loads((where / "names.json").read_bytes())
        columns = Columns(names["lists"], names["venues"], *(_mapped(where / f"{name}.npy") for name in _COLUMNS))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not columns.fits(len(papers)):
        return None
    return SearchIndex(papers, annotations, words=(vocab, fields), columns=columns)


def save_index(folder: Path, key: str, index: SearchIndex) -> None:
    """Write `index` under `key` (complete or not at all) and drop indexes saved for other keys."""
    folder.mkdir(exist_ok=True)
    if (folder / key).is_dir():
        return
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=folder))
    try:
        (tmp / "vocab.txt").write_bytes("\n".join(index.vocab).encode())
        for field_no, postings in enumerate(index.fields):
            for name in _ARRAYS:
                np.save(tmp / f"{field_no}.{name}.npy", np.ascontiguousarray(getattr(postings, name)))
        columns = index.columns
        (tmp / "names.json").write_bytes(orjson.dumps({"lists": columns.list_names, "venues": columns.venues}))
        for name in _COLUMNS:
            np.save(tmp / f"{name}.npy", np.ascontiguousarray(getattr(columns, name)))
        os.rename(tmp, folder / key)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    for old in folder.iterdir():
        if old.name != key:
            shutil.rmtree(old, ignore_errors=True)


#: A library this large first gets an index of its titles (`SearchIndex.titles_only`) while the whole one builds.
TITLES_FIRST_FROM = 5000


def load_or_build(
    library_folder: Path,
    digest: str | None,
    papers: Sequence[Paper],
    annotations: Mapping[str, Annotation],
    *,
    save: bool,
    early: Callable[[SearchIndex], None] | None = None,
) -> SearchIndex:
    """The saved index of papers.json with this `digest`, else one built from `papers` (and saved when
    `save`: only the process that writes the library). Building splits every abstract into words
    (about a second per 10,000 papers); loading memory-maps the arrays. A failed save only costs the
    next start a rebuild. No digest (papers changed in memory only): built, never saved.

    `early`, when a large library has to be built, is given an index of its titles first (`SearchIndex.titles_only`),
    so a filter typed meanwhile is answered from them.
    """
    folder, key = library_folder / INDEX_DIR, key_for(digest) if digest else None
    index = load(folder, key, papers, annotations) if key is not None else None
    if index is not None:
        return index
    columns = None
    if early is not None and len(papers) >= TITLES_FIRST_FROM:
        titles = SearchIndex.titles_only(papers, annotations)
        columns = titles.columns  # the papers' own: the same for both
        early(titles)
    index = SearchIndex(papers, annotations, columns=columns)
    if key is not None and save:
        try:
            save_index(folder, key, index)
        except OSError:
            pass
    return index
