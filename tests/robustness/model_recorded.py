"""Failing sequences of the model-based test found by long runs, replayed as regression cases."""

from __future__ import annotations


class Replay:
    """Stands in for hypothesis' data: hands out a recorded sequence's draws, checking their labels."""

    def __init__(self, draws: list[tuple[str, object]]) -> None:
        self.draws = list(draws)

    def draw(self, strategy: object, label: str | None = None) -> object:
        recorded_label, value = self.draws.pop(0)
        assert recorded_label == label, f"the recording drew {recorded_label!r} here, the test asks for {label!r}"
        return value


#: Failing sequences found by long runs, kept as regression cases (the draws as hypothesis printed them).
RECORDED = {
    # Issue 43: the palette's "Sort by for me", then ratings: each re-ranks the learned order (in a worker) around the
    # paper under the cursor, which stays on it; a relaunch restores the order and learns it again.
    # Seed 43, 15 x 30: the one 5★ paper removed to the trash (its rating with it) in "for me": the order still
    # followed the removed paper until the next rating; it learns again on a removal now.
    "for-me-forgets-a-removed-paper": [
        ('size', (80, 24)), ('action', 'read'), ('action', 'unhighlight'), ('action', 'notes'), ('action', 'type_notes'), ('notes', 'éa'),
        ('action', 'type_notes'), ('notes', '中ßcßaax.-'), ('action', 'pause'), ('long pause', False), ('action', 'esc'), ('action', 'undo'),
        ('action', 'sort'), ('action', 'sort_for_me'), ('action', 'rate'), ('stars', 5), ('action', 'remove'), ('confirm', False),
        ('action', 'restart'), ('size', (120, 36)), ('action', 'remove'), ('confirm', True),
    ],
    "for-me-ratings-keep-the-cursor": [
        ('size', (120, 36)), ('action', 'move'), ('move', 'j'), ('action', 'sort_for_me'), ('action', 'rate'), ('stars', 5),
        ('action', 'move'), ('move', 'G'), ('action', 'rate'), ('stars', 4), ('action', 'move'), ('move', 'k'), ('action', 'rate'),
        ('stars', 1), ('action', 'move'), ('move', 'k'), ('action', 'rate'), ('stars', 5), ('action', 'restart'), ('size', (80, 24)),
        ('action', 'move'), ('move', 'j'), ('action', 'rate'), ('stars', 0), ('action', 'move'), ('move', 'g'), ('action', 'rate'), ('stars', 5),
    ],
    # Seed 11, 100 x 50: `n` on a scrolled reader at 80x24; Textual centred the newly shown editor
    # from the layout before it was shown, and the caret ended below the pane.
    "n-after-scrolling": [
        ('size', (120, 36)), ('action', 'notes'), ('action', 'type_notes'), ('notes', 'ééx'), ('action', 'esc'), ('action', 'status'),
        ('status', 'S'), ('action', 'layout'), ('action', 'restart'), ('size', (120, 36)), ('action', 'status'), ('status', 'r'),
        ('action', 'status'), ('status', 'r'), ('action', 'notes'), ('action', 'esc'), ('action', 'focus_mode'), ('action', 'rate'), ('stars', 3),
        ('action', 'rate'), ('stars', 1), ('action', 'esc'), ('action', 'status'), ('status', 'r'), ('action', 'restart'), ('size', (80, 24)),
        ('action', 'sort'), ('action', 'focus_mode'), ('action', 'notes'), ('action', 'type_notes'), ('notes', '中Ω'), ('action', 'type_notes'),
        ('notes', 'a.ßß\nΩ-ß'), ('action', 'type_notes'), ('notes', ',;  yzaa中Ω; '), ('action', 'type_notes'), ('notes', 'z'), ('action', 'pause'),
        ('long pause', False), ('action', 'esc'), ('action', 'notes'), ('action', 'type_notes'), ('notes', 'zß.-ß.éa\nx;é'),
        ('action', 'type_notes'), ('notes', 'czz'), ('action', 'esc'), ('action', 'notes'), ('action', 'type_notes'), ('notes', 'z- -ΩycΩ.;\nΩy\n'),
        ('action', 'esc'), ('action', 'notes'), ('action', 'pause'), ('long pause', True), ('action', 'esc'), ('action', 'rate'), ('stars', 0),
        ('action', 'esc'), ('action', 'read'), ('action', 'scroll'), ('scroll', 'k'), ('action', 'rate'), ('stars', 4), ('action', 'rate'),
        ('stars', 1), ('action', 'rate'), ('stars', 3), ('action', 'scroll'), ('scroll', 'j'), ('action', 'scroll'), ('scroll', 'j'),
        ('action', 'notes'),
    ],
    # Issue 41, the first run with bursts: a removal, then `k 1 j j u 3` typed at once. The rating's save had not
    # landed when u came, so u found the removal on the history and brought the paper back.
    "u-before-the-rating-lands": [
        ('size', (120, 36)), ('action', 'layout'), ('action', 'remove'), ('action', 'burst'), ('burst length', 6),
        ('burst key', 'k'), ('burst key', '1'), ('burst key', 'j'), ('burst key', 'j'), ('burst key', 'u'), ('burst key', '3'),
    ],
    # Issue 41, seed 4242 x 30: the last burst `u u u u u U` restored two removed papers and undid a status of
    # one of them while it was still on its way back: the status went into the trash's copy (or, the view showing
    # no annotation, was not written at all), and the restore put the old one back.
    "u-u-restore-then-status": [
        ('size', (120, 36)), ('action', 'rate'), ('stars', 3), ('action', 'status'), ('status', 'r'), ('action', 'rate'),
        ('stars', 1), ('action', 'remove'), ('confirm', True), ('action', 'burst'), ('burst length', 2), ('burst key', 'r'),
        ('burst key', 'k'), ('action', 'burst'), ('burst length', 5), ('burst key', 'j'), ('burst key', '1'), ('burst key', 'k'),
        ('burst key', 'u'), ('burst key', 's'), ('action', 'remove'), ('action', 'burst'), ('burst length', 2),
        ('burst key', 'k'), ('burst key', '0'), ('action', 'status'), ('status', 's'), ('action', 'remove'),
        ('action', 'remove'), ('action', 'move'), ('move', 'j'), ('action', 'clear'), ('action', 'burst'), ('burst length', 6),
        ('burst key', 'u'), ('burst key', 'u'), ('burst key', 'u'), ('burst key', 'u'), ('burst key', 'u'), ('burst key', 'U'),
    ],
}
