"""Plain-text tables for the command line (a leaf: imports nothing of the project)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["table"]


def table(header: Sequence[str], rows: Sequence[Sequence[object]], *, rule: bool = True) -> str:
    """Fixed-width columns separated by two spaces; ``rule`` draws dashes under the header.

    >>> print(table(["t", "value"], [[1, 2.5], [10, 3.0]]))
    t   value
    --  -----
    1   2.5
    10  3.0
    """
    cells = [[str(value) for value in row] for row in rows]
    widths = [max(len(str(h)), *(len(row[i]) for row in cells)) for i, h in enumerate(header)]
    lines = [[str(h) for h in header]] + ([["-" * w for w in widths]] if rule else []) + cells
    padded = ("  ".join(v.ljust(w) for v, w in zip(line, widths, strict=True)) for line in lines)
    return "\n".join(text.rstrip() for text in padded)
