"""The `[keys]` table checked against the action registry before any of it is bound.

Textual's keymap takes whatever it is given: a key name it cannot read binds
nothing, and a key another action already uses silently takes it over (or is
shadowed by the widget that has focus). So every override is checked here
first, and a bad one becomes one warning line naming the key and what it
clashes with while its action keeps its default keys:

- a key name Textual would never send (`ctrl+shift+banana`);
- Quit losing q or ctrl+q, or an Esc action losing Esc (they are how one gets out);
- a key another action uses where both work at once (the app's keys, the
  library screen's and the focused pane's; each dialog's with the app's),
  a default key or one given to another override earlier in the table.

Clashes between two default keys are the registry's own choice (q closes the
help screen) and are left alone. Rejecting an override gives its action its
default keys back, which can clash with a later override in turn, so the
check repeats until nothing clashes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from textual.binding import Binding
from textual.keys import KEY_NAME_REPLACEMENTS, Keys, _character_to_key, format_key

from tui.ui.actions import ACTIONS, Action, known_binding_ids


class KeysInForce(Protocol):
    """The keys bound now: the user's checked overrides, and how a binding's key is shown. `PaperdeskApp` is one;
    what shows keys (help, the footer, the palette) asks it, never the app's class."""

    key_overrides: dict[str, str]

    def get_key_display(self, binding: Binding) -> str: ...


MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
#: Keys the named action never loses: the ways out of the app.
PROTECTED = {"quit": ("q",), "quit_now": ("ctrl+q",)}
#: Owners that are widgets of the library screen; only one of them has focus at a time.
PANES = ("paper_list", "reader", "notes", "filter")
#: Rows without owners document keys a widget handles itself; by area, whose keys they are.
_IMPLIED_OWNER = {"Global": "app", "Reader": "reader"}
#: Footer hints that stand for a group of actions ("0-5 Rate"): the leader's id -> the group in key order
#: and what it does ({0}: the first member's key).
GROUPS: dict[str, tuple[tuple[str, ...], str]] = {
    "rate_1": (tuple(f"rate_{n}" for n in range(6)), "Rate 1 to 5 stars ({0} clears)"),
}

_NAMED = {k.value for k in Keys if k.value.isidentifier() or k.value.isalnum()} - {"ctrl_at"}
_UNREPLACED = {v: k for k, v in KEY_NAME_REPLACEMENTS.items()}


def normal_key(text: str) -> str | None:
    """`text` as the key name Textual's events carry ("?" -> "question_mark"), or None if no key has that name."""
    text = text.strip()
    if len(text) == 1:
        return _character_to_key(text) if text.isprintable() and not text.isspace() else None
    *mods, base = text.split("+")
    if any(m not in MODIFIERS for m in mods) or len(set(mods)) != len(mods) or not base:
        return None
    if len(base) == 1:
        base = _character_to_key(base)
    elif base not in _NAMED:
        try:
            char = unicodedata.lookup(_UNREPLACED.get(base, base).replace("_", " "))
        except KeyError:
            return None
        if not char.isascii() or _character_to_key(char) != base:  # a keyboard's keys, not 🍌
            return None
    ordered = sorted(mods, key=MODIFIERS.index)
    return "+".join([*ordered, base])


def owners(action: Action) -> tuple[str, ...]:
    """Who binds the action's keys (for a documentation row: whose own keys they are)."""
    if action.owners:
        return action.owners
    implied = _IMPLIED_OWNER.get(action.area or "")
    return (implied,) if implied else ()


def contexts() -> list[frozenset[str]]:
    """Sets of owners whose keys work at the same moment: a pane of the library screen, or one dialog."""
    every = {o for a in ACTIONS for o in owners(a)}
    panes = [frozenset({"app", "library", pane}) for pane in PANES]
    dialogs = [frozenset({"app", owner}) for owner in sorted(every - {"app", "library", *PANES})]
    return panes + dialogs


def default_keys(action: Action) -> list[str]:
    return [k for k in (normal_key(part) for part in action.keys.split(",")) if k]


def remappable() -> dict[str, Action]:
    """The actions the `[keys]` table may remap, by id."""
    known = known_binding_ids()
    return {a.id: a for a in ACTIONS if a.id in known}


def keys_in_force(action: Action, overrides: dict[str, str]) -> list[str]:
    """The keys that run `action` now: the user's (checked) override, else its defaults."""
    override = overrides.get(action.id) if action.id else None
    return override.split(",") if override else default_keys(action)


def shown(key: str) -> str:
    """A key name as the reader knows it: "question_mark" -> "?", "ctrl+l" stays."""
    *mods, base = key.split("+") if len(key) > 1 else [key]
    return "+".join([*mods, format_key(base)])


def _label(action: Action) -> str:
    return f"{action.description} ({action.id})" if action.id else action.description


def _clash(accepted: dict[str, list[str]], order: list[str]) -> tuple[str, str, Action] | None:
    """The first override key that another action also has where both work: (id, key, that action)."""
    if not accepted:  # no overrides (most starts): the defaults never clash, so no context is walked
        return None
    keyed = [a for a in ACTIONS if a.keys and owners(a)]
    for context in contexts():
        holders: dict[str, list[Action]] = {}
        for action in keyed:
            if context.intersection(owners(action)):
                keys = accepted.get(action.id) or default_keys(action)
                for key in dict.fromkeys(keys):
                    holders.setdefault(key, []).append(action)
        for key, actions in holders.items():
            new = [a for a in actions if a.id in accepted and key not in default_keys(a)]
            if len(actions) < 2 or not new:
                continue
            loser = max(new, key=lambda a: order.index(a.id))
            other = next(a for a in actions if a is not loser)
            return loser.id, key, other
    return None


#: Action ids an older version used: a settings file naming one still remaps the action it became.
RENAMED = {"filter_clear": "filter_back"}


def check_keys(table: dict[str, str], source: str) -> tuple[dict[str, str], list[str]]:
    """The overrides of `table` that are safe to bind (keys normalised), and one warning line per rejected entry."""
    known = remappable()
    warnings: list[str] = []
    accepted: dict[str, list[str]] = {}

    def reject(ident: str, why: str) -> None:
        keeps = " ".join(shown(k) for k in default_keys(known[ident])) if ident in known else ""
        tail = f"; {ident} keeps {keeps}" if keeps else "; ignored"
        warnings.append(f"{source}: keys.{ident}: {why}{tail}")

    table = {RENAMED.get(ident, ident): raw for ident, raw in table.items()}
    for ident, raw in table.items():
        if ident not in known:
            reject(ident, "no action with this id (see ? for ids)")
            continue
        parts = [p.strip() for p in str(raw).split(",") if p.strip()]
        keys = [normal_key(p) for p in parts]
        bad = next((p for p, k in zip(parts, keys, strict=True) if k is None), None)
        if bad is not None or not parts:
            reject(ident, f'"{bad or raw}" is not a key name (such as "f5", "ctrl+l" or "x")')
            continue
        lost = [k for k in _must_keep(known[ident]) if k not in keys]
        if lost:
            reject(ident, f"{known[ident].description} cannot lose {shown(lost[0])}")
            continue
        accepted[ident] = list(dict.fromkeys(k for k in keys if k))
    order = list(table)
    while (clash := _clash(accepted, order)) is not None:
        ident, key, other = clash
        del accepted[ident]
        reject(ident, f'"{shown(key)}" is already the key of {_label(other)}')
    return {ident: ",".join(keys) for ident, keys in accepted.items()}, warnings


def _must_keep(action: Action) -> Iterator[str]:
    yield from PROTECTED.get(action.id, ())
    if "escape" in action.keys.split(","):
        yield "escape"


def compact(keys: Iterable[str]) -> str:
    """Displayed keys with runs of consecutive digits shortened: 0 1 2 3 4 F5 -> "0-4 F5"."""
    out: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if len(run) >= 3:
            out.append(f"{run[0]}-{run[-1]}")
        else:
            out.extend(str(n) for n in run)
        run.clear()

    for key in keys:
        if len(key) == 1 and key.isdigit() and (not run or int(key) == run[-1] + 1):
            run.append(int(key))
            continue
        flush()
        if len(key) == 1 and key.isdigit():
            run.append(int(key))
        else:
            out.append(key)
    flush()
    return " ".join(out)


def group_keys(ids: Iterable[str], overrides: dict[str, str], display: Callable[[Binding], str]) -> str:
    """The keys in force for a group of actions, in order: "0-5", or "0-4 F5" after `rate_5 = "f5"`."""
    known = remappable()
    return compact(display(Binding(keys_in_force(known[i], overrides)[0], "")) for i in ids)


def group_help(leader: str, overrides: dict[str, str], display: Callable[[Binding], str]) -> str:
    """What a group's footer hint stands for, with the keys in force ("Rate 1 to 5 stars (0 clears)")."""
    ids, text = GROUPS[leader]
    return text.format(display(Binding(keys_in_force(remappable()[ids[0]], overrides)[0], "")))


def menu_entry_key(owner: str, name: str, overrides: dict[str, str]) -> str:
    """The key that picks the entry `name` of the menu `owner` now (`choose(name)`: its default, or the reader's override)."""
    action = next(a for a in ACTIONS if a.action == f"choose({name!r})" and owner in a.owners)
    keys = keys_in_force(action, overrides)
    return shown(keys[0]) if keys else ""
