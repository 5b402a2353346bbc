"""Toasts keep their wide (CJK) characters: a compositor that does not cut a toast's line where widgets below it end.

Textual cuts every screen line wherever any widget starts or ends, on every
layer, and renders each piece on its own. A toast floats over the library, so
the edges of the list and reader beneath it cut the toast's text too; a
double-width character that straddles such a cut is split into two spaces
(`深度学习` lost its `深`), and a partial repaint of a widget below (the list
row after an export) writes over half of one, which the terminal erases whole.

`ToastSafeCompositor` drops the cuts a toast covers (nothing beneath it shows,
so they cut nothing visible) and repaints a toast whole whenever something
beneath it is repainted. Screens that show toasts use it (`use_on`).

Textual's bug: https://github.com/Textualize/textual/issues/6357 (open). This
is the one UI file allowed Textual's private modules (tests/ui/test_ui_hygiene.py);
tests/ui/test_textual_api.py checks the compositor parts it overrides, and
`test_an_export_toast_keeps_its_cjk_characters` (tests/ui/test_dialogs_say_what_they_do.py)
what it is for. Drop it once Textual fixes the bug.
"""

from __future__ import annotations

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets._toast import Toast


class ToastSafeCompositor(Compositor):
    """Textual's compositor, minus the cuts hidden under toasts (see the module docstring)."""

    def _toast_regions(self) -> list[Region]:
        return [region.intersection(clip) for widget, (region, clip) in self.visible_widgets.items() if isinstance(widget, Toast)]

    @property
    def cuts(self) -> list[list[int]]:
        if self._cuts is not None:
            return self._cuts
        cuts = super().cuts
        for region in self._toast_regions():
            left, right = region.x, region.right
            for y in range(region.y, min(region.bottom, len(cuts))):
                cuts[y] = [cut for cut in cuts[y] if not left < cut < right]
        self._cuts = cuts
        return cuts

    def render_partial_update(self) -> ChopsUpdate | None:
        """A repaint that touches a toast repaints the toast's lines whole, never half a wide character."""
        dirty = self._dirty_regions
        if dirty:
            toasts = [region for region in self._toast_regions() if any(region.overlaps(d) for d in dirty)]
            dirty.update(toasts)
        return super().render_partial_update()


def use_on(screen: Screen) -> None:
    """Give `screen` the toast-safe compositor (call in its `__init__`, before it is laid out)."""
    screen._compositor = ToastSafeCompositor()
