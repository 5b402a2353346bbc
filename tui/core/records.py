"""`FieldRecord`: equality and repr by fields for plain classes on a start's path, where a dataclass would be costly.

A dataclass's methods are compiled from source when its module loads, and
settings and the session load before the list's first frame. Their classes
write `__init__` out and take the rest from here, so they compare and print
as dataclasses do.
"""

from __future__ import annotations


class FieldRecord:
    """Equal to a record of the same class with equal attributes; shown as `Name(field=value, ...)`; unhashable (mutable)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(self) == vars(other)

    # No __hash__: a class that defines __eq__ alone is unhashable, as a mutable record should be.

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{name}={value!r}' for name, value in vars(self).items())})"
