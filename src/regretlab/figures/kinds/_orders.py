"""Two orders of the same methods compared in words, for the table and timing kinds: a description of
Kendall's τ, never a verdict (no test, no level; the claims about orders are decided by ``regretlab
decide``)."""

from __future__ import annotations

__all__ = ["ordering_words"]


def ordering_words(tau: float) -> str:
    """Kendall's τ of our order of the methods by time against the paper's, in words (no test, no level):
    'same order' (τ = 1), 'mostly the same order' (τ > 0), 'unrelated orders' (τ = 0), 'mostly reversed'
    (τ < 0), 'reversed' (τ = -1).

    >>> ordering_words(1.0), ordering_words(0.4), ordering_words(-1.0)
    ('same order', 'mostly the same order', 'reversed')
    """
    if tau >= 1.0:
        return "same order"
    if tau <= -1.0:
        return "reversed"
    return "mostly the same order" if tau > 0 else "mostly reversed" if tau < 0 else "unrelated orders"
