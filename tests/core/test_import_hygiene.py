"""The core must stay free of terminal code, so it can be scripted and tested alone."""

import subprocess
import sys

CHECK = """
import sys, pkgutil, importlib, tui.core
for mod in pkgutil.walk_packages(tui.core.__path__, "tui.core."):
    importlib.import_module(mod.name)
leaks = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(",".join(leaks))
"""


def test_core_imports_neither_textual_nor_rich() -> None:
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
