"""A variable a style printed in place of the missing author is not printed again (CSL 1.0.2, `cs:substitute`).

A paper with no authors (the bundled ICML lists have none) came out of APA and
Chicago with its title twice: "LwI: … (n.d.). LwI: …". The style's author
macro substitutes the title when there is no author, and CSL says that a
substituted variable is then empty for the rest of the entry. citeproc-py
keeps that rule only when the substitute is itself a variable
(`<text variable="title"/>`); APA and Chicago substitute through a macro
(`<text macro="title-and-descriptions-short"/>`), whose variables it does not
hold back. `repress_substituted` has citeproc-py note each variable a text
element prints while a substitute renders, and hold back those too: exactly
what the substitute printed, nothing it only names in a branch not taken.
"""

from __future__ import annotations

import threading
from typing import Any

#: The tag of a CSL `text` element, as citeproc-py's repression list files its variables.
_TEXT = "{http://purl.org/net/xbiblio/csl}text"
_PATCHED = "_paperdesk_repress_substituted"
#: Per thread, a stack of the variables printed by each substitute being rendered (innermost last).
_printing = threading.local()


def repress_substituted() -> None:
    """Wrap citeproc-py's `Substitute.render`, `Substitute.add_to_repressed_list` and `Text._variable` (once).

    Raises AttributeError when citeproc-py no longer has them (tests/core/test_cite_references.py fails then).
    """
    from citeproc.model import Substitute, Text

    if getattr(Substitute, _PATCHED, False):
        return
    own_render, own_repress, own_variable = Substitute.render, Substitute.add_to_repressed_list, Text._variable

    def render(self: Any, item: Any, context: Any = None, **kwargs: Any) -> Any:
        stack = _stack()
        stack.append(set())
        try:
            return own_render(self, item, context=context, **kwargs)
        finally:
            printed = stack.pop()
            if stack:  # what a substitute inside this one printed, this one printed too
                stack[-1] |= printed

    def add_to_repressed_list(self: Any, child: Any, context: Any) -> None:
        own_repress(self, child, context)  # the child itself, when it is a variable
        held = context.get_layout().repressed.setdefault(_TEXT, [])
        # citeproc-py calls this only from a substitute's render, which has pushed its set: the stack is never empty
        held.extend(v for v in sorted(_stack()[-1]) if v not in held)

    def variable(self: Any, item: Any, context: Any) -> Any:
        text = own_variable(self, item, context)
        stack = _stack()
        if text and stack:
            stack[-1].add(self.get("variable"))
        return text

    Substitute.render, Substitute.add_to_repressed_list, Text._variable = render, add_to_repressed_list, variable
    setattr(Substitute, _PATCHED, True)


def _stack() -> list[set[str]]:
    stack: list[set[str]] | None = getattr(_printing, "stack", None)
    if stack is None:
        stack = _printing.stack = []
    return stack
