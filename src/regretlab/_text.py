"""Plain-text tables for the command line (a leaf: imports nothing of the project)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["table", "mean_se"]


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


def mean_se(mean: float, se: float) -> str:
    """"mean ± s.e." to 4 and 2 significant digits, or the mean alone where there is no error (a value a
    paper prints without one, as Li2016 App. A.1's REMBO 76.6, showed as "76.6 ± 0").

    >>> mean_se(91.4, 6.25), mean_se(76.6, 0.0)
    ('91.4 ± 6.2', '76.6')
    """
    return f"{mean:.4g} ± {se:.2g}" if se else f"{mean:.4g}"
