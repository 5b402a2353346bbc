"""Start-up stays light: the ranking package and the app import without scikit-learn (issue 43)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_importing_ranking_and_the_app_leaves_sklearn_out() -> None:
    code = (
        "import sys\n"
        "import tui.core.ranking, tui.core.ranking.engine, tui.core.ranking.labels, tui.core.ranking.store, tui.core.ranking.worker\n"
        "import tui.ui.app\n"
        "print(sorted(m for m in sys.modules if m == 'sklearn' or m.startswith('sklearn.') or m == 'scipy'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_about_and_for_me_need_no_sklearn(tmp_path: Path) -> None:
    """The app answers with numpy alone once the matrices exist: only the build imports scikit-learn. The matrices are
    built here (this process has scikit-learn loaded already); the fresh process that reads them cannot import it."""
    from tui.core.models import Paper
    from tui.core.ranking.engine import Ranker

    papers = [Paper(id=f"p{i}", abstract=t, list="l") for i, t in enumerate(["graph networks", "privacy attacks", "graph kernels"])]
    Ranker.load_or_build(tmp_path, "d", papers)
    code = (
        "import sys, pathlib\n"
        "sys.modules['sklearn'] = None\n"
        "from tui.core.models import Paper\n"
        "from tui.core.ranking import build\n"
        "from tui.core.ranking.engine import Ranker\n"
        "from tui.core.ranking.labels import Labels\n"
        "def never(*args, **kwargs): raise AssertionError('built again')\n"
        "build.build = never\n"
        f"folder = pathlib.Path({str(tmp_path)!r})\n"
        "papers = [Paper(id=f'p{i}', abstract=t, list='l') for i, t in enumerate(['graph networks', 'privacy attacks', 'graph kernels'])]\n"
        "r = Ranker.load_or_build(folder, 'd', papers)\n"
        "r.about('graph'); r.for_me(Labels(frozenset({0}), frozenset())).why(2); r.related(0, None, None)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr
