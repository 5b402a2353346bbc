"""Start-up stays light: the ranking package and the app import without scikit-learn (issue 43)."""

from __future__ import annotations

import subprocess
import sys


def test_importing_ranking_and_the_app_leaves_sklearn_out() -> None:
    code = (
        "import sys\n"
        "import tui.core.ranking, tui.core.ranking.engine, tui.core.ranking.labels, tui.core.ranking.store, tui.core.ranking.worker\n"
        "import tui.ui.app\n"
        "print(sorted(m for m in sys.modules if m == 'sklearn' or m.startswith('sklearn.') or m == 'scipy'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_about_and_for_me_need_no_sklearn() -> None:
    """The app answers with numpy alone once the matrices exist: only the build imports scikit-learn."""
    code = (
        "import sys, tempfile, pathlib\n"
        "from tui.core.models import Paper\n"
        "from tui.core.ranking.engine import Ranker\n"
        "from tui.core.ranking.labels import Labels\n"
        "folder = pathlib.Path(tempfile.mkdtemp())\n"
        "papers = [Paper(id=f'p{i}', abstract=t, list='l') for i, t in enumerate(['graph networks', 'privacy attacks', 'graph kernels'])]\n"
        "Ranker.load_or_build(folder, 'd', papers)\n"
        "for name in [m for m in sys.modules if m.startswith('sklearn')]: del sys.modules[name]\n"
        "sys.modules['sklearn'] = None\n"
        "r = Ranker.load_or_build(folder, 'd', papers)\n"
        "r.about('graph'); r.for_me(Labels(frozenset({0}), frozenset())).why(2); r.related(0, None, None)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr
