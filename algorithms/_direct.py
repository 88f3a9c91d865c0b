r"""DIRECT whose iterations evaluate their new points in one batched call, visiting exactly SciPy's points.

Add-GP-UCB ([Kandasamy2015, §5]) and RPP-GP-UCB ([Li2016, §5]) maximise the acquisition with DIRECT
([Jones1993]; DIRECT-L of [Gablonsky2001] by default, as :func:`scipy.optimize.direct`) every iteration, with
thousands of evaluations. :func:`scipy.optimize.direct` calls the function one point at a time, so every
evaluation of a GP acquisition is a matrix-*vector* solve with the GP's factor plus a Python round trip.
Yet the points DIRECT samples in one iteration do not depend on each other's values: the potentially
optimal rectangles are chosen before any of them is divided, and the new centres of a rectangle depend only
on its own centre and side lengths. Here each iteration first computes all its new centres, evaluates them
in **one** call (matrix-*matrix* products), and then divides and files the rectangles in scipy's order.

Written by hand because no library runs DIRECT with batched evaluations. The bookkeeping below follows
scipy's implementation step by step — Gablonsky's DIRECT 2.0.4 (``scipy/optimize/_direct/DIRect.c`` and
``DIRsubrout.c``, f2c'd Fortran): the same positions, linked lists sorted by value, tie rules, level
functions (``jones`` 1 for DIRECT-L, 0 for the original), the potentially-optimal test of ``DIRChoose``, the
division order of ``DIRDivide``, the insertion rules of ``DIRInsertList`` (including their asymmetric
treatment of ties with a list's head) and the stopping tests after each iteration (budget, iterations,
volume ``vol_tol``, measure ``len_tol``). ``tests/algorithms/test_direct_batched.py`` checks point by
point, with the values of the same function, that the sequence of points equals the one
:func:`scipy.optimize.direct` evaluates, with the same number of evaluations, iterations and return code.

Not carried over (not reachable from :func:`regretlab.algorithms.maximize.maximize_direct`): a known global
minimum ``f_min`` (scipy's default, "unknown", never stops), Jones' ε update (ε < 0), infeasible points
(NaN is an error here, as in the scipy path) and scipy's ``callback``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["DirectOutcome", "direct_batched"]


def _c_min(a: float, b: float) -> float:
    """C's ``MIN(a, b)`` = ``a < b ? a : b`` (differs from Python's ``min`` when ``a`` is NaN)."""
    return a if a < b else b


@dataclass(frozen=True)
class DirectOutcome:
    """How a batched DIRECT run ended: scipy's return code, evaluations, iterations, whether the hard
    budget stopped it mid-iteration."""

    status: int
    n_evaluations: int
    n_iterations: int
    budget_stopped: bool


class _State:
    """Gablonsky's arrays, 1-based as in the Fortran (index 0 is the list terminator)."""

    def __init__(self, n: int, maxfunc: int, maxdeep: int, jones: int):
        self.n, self.jones = n, jones
        self.c = np.zeros((maxfunc + 1, n))
        self.length = np.zeros((maxfunc + 1, n), dtype=np.int64)
        self.f = [0.0] * (maxfunc + 1)
        # DIRInitList: the free list is 1 -> 2 -> ... -> maxfunc -> 0
        self.point = list(range(1, maxfunc + 2))
        self.point[maxfunc] = 0
        self.point[0] = 0
        self.free = 1
        self.anchor = {}  # level -> head position (0 or absent: empty)
        help2 = 3.0
        self.thirds = [1.0] + [0.0] * maxdeep
        for i in range(1, maxdeep + 1):
            self.thirds[i] = 1.0 / help2
            help2 *= 3.0
        if jones == 0:
            w = [np.sqrt(n - j + j / 9.0) * 0.5 for j in range(n)]
            self.levels = [0.0] * (maxdeep + 1)
            help2 = 1.0
            for i in range(1, maxdeep // n + 1):
                for j in range(n):
                    self.levels[(i - 1) * n + j] = w[j] / help2
                help2 *= 3.0
        else:
            self.levels = [1.0] + self.thirds[1:]

    # ---- DIRGetlevel / DIRGetMaxdeep / DIRGet_I ---------------------------------------------------------
    def level(self, pos: int, jones: int | None = None) -> int:
        jones = self.jones if jones is None else jones
        row = self.length[pos]
        if jones == 0:
            help_ = int(row[0])
            k = int(row.min())
            p = int(np.count_nonzero(row == help_))
            return k * self.n + self.n - p if k == help_ else k * self.n + p
        return int(row.min())

    def max_deep(self, pos: int) -> int:
        return int(self.length[pos].min())

    def longest_sides(self, pos: int) -> list[int]:
        row = self.length[pos]
        return [int(i) for i in np.flatnonzero(row == row.min())]

    # ---- DIRInsert / DIRInsertList ------------------------------------------------------------------
    def _insert_after(self, start: int, ins: int) -> int:
        """DIRInsert: file ``ins`` after every node from ``start`` on whose value is <= its own; returns the
        node it was filed after (the Fortran updates its ``start`` argument)."""
        point, f = self.point, self.f
        while True:
            nxt = point[start]
            if nxt == 0:
                point[start] = ins
                point[ins] = 0
                return start
            if f[ins] < f[nxt]:
                point[start] = ins
                point[ins] = nxt
                return start
            start = nxt

    def insert_list(self, new: int, maxi: int, samp: int) -> None:
        point, f, anchor = self.point, self.f, self.anchor
        for _ in range(maxi):
            pos1 = new
            pos2 = point[pos1]
            new = point[pos2]
            deep = self.level(pos1)
            pos = anchor.get(deep, 0)
            if pos == 0:
                if f[pos2] < f[pos1]:
                    anchor[deep] = pos2
                    point[pos2] = pos1
                    point[pos1] = 0
                else:
                    anchor[deep] = pos1
                    point[pos2] = 0
            elif f[pos2] < f[pos1]:
                if f[pos2] < f[pos]:
                    anchor[deep] = pos2
                    if f[pos1] < f[pos]:
                        point[pos2] = pos1
                        point[pos1] = pos
                    else:
                        point[pos2] = pos
                        self._insert_after(pos, pos1)
                else:
                    pos = self._insert_after(pos, pos2)
                    self._insert_after(pos, pos1)
            elif f[pos1] < f[pos]:
                anchor[deep] = pos1
                if f[pos] < f[pos2]:
                    point[pos1] = pos
                    self._insert_after(pos, pos2)
                else:
                    point[pos1] = pos2
                    point[pos2] = pos
            else:
                pos = self._insert_after(pos, pos1)
                self._insert_after(pos, pos2)
        deep = self.level(samp)
        pos = anchor.get(deep, 0)
        if f[samp] < f[pos]:
            anchor[deep] = samp
            point[samp] = pos
        else:
            self._insert_after(pos, samp)

    # ---- DIRSamplepoints / DIRDivide ------------------------------------------------------------------
    def sample_points(self, sample: int, arrayi: list[int], delta: float) -> int:
        """Take 2 maxi free positions, copy the parent, shift each pair along one longest side."""
        point = self.point
        start = pos = self.free
        for _ in range(2 * len(arrayi)):
            self.length[self.free] = self.length[sample]
            self.c[self.free] = self.c[sample]
            pos = self.free
            self.free = point[self.free]
            if self.free == 0:
                raise RuntimeError("DIRECT ran out of positions (scipy: 'Increase maxfunc!')")
        point[pos] = 0
        pos = start
        for i in arrayi:
            self.c[pos, i] = self.c[sample, i] + delta
            pos = point[pos]
            self.c[pos, i] = self.c[sample, i] - delta
            pos = point[pos]
        return start

    def chain(self, start: int, count: int) -> list[int]:
        out, pos = [], start
        for _ in range(count):
            out.append(pos)
            pos = self.point[pos]
        return out

    def divide(self, new: int, current_length: int, arrayi: list[int], sample: int) -> None:
        point, f = self.point, self.f
        pos = new
        w, plus = {}, {}
        order: list[int] = []
        for j in arrayi:
            w[j] = f[pos]
            plus[j] = pos
            pos = point[pos]
            w[j] = _c_min(f[pos], w[j])
            pos = point[pos]
            # DIRInsertList_2: stable insertion by w (after equal ones)
            at = len(order)
            for idx, other in enumerate(order):
                if w[j] < w[other]:
                    at = idx
                    break
            order.insert(at, j)
        value = current_length + 1
        for jj, k in enumerate(order):
            self.length[sample, k] = value
            for other in order[jj:]:
                p = plus[other]
                self.length[p, k] = value
                self.length[point[p], k] = value

    def remove(self, help_: int, deep: int) -> None:
        """Unlink the rectangle about to be divided from its level's list (DIRect.c's main loop)."""
        point, anchor = self.point, self.anchor
        if anchor.get(deep, 0) != help_:
            pos1 = anchor[deep]
            while point[pos1] != help_:
                pos1 = point[pos1]
            point[pos1] = point[help_]
        else:
            anchor[deep] = point[help_]

    # ---- DIRChoose / DIRDoubleInsert ------------------------------------------------------------------
    def choose(self, minf: float, eps: float) -> list[tuple[int, int]]:
        f, levels = self.f, self.levels
        s = [[self.anchor[d], self.level(self.anchor[d])] for d in sorted(self.anchor) if self.anchor[d] > 0]
        maxpos = len(s)
        threshold = _c_min(minf - eps * abs(minf), minf - 0.0)
        for j in range(maxpos - 1, -1, -1):
            helplower, helpgreater = np.inf, 0.0
            fj, lj = f[s[j][0]], levels[s[j][1]]
            chosen = True
            for i in range(j):
                if s[i][0] > 0:
                    help2 = (f[s[i][0]] - fj) / (levels[s[i][1]] - lj)
                    if help2 <= 0.0:
                        chosen = False
                        break
                    if help2 < helplower:
                        helplower = help2
            if chosen:
                for i in range(j + 1, maxpos):
                    if s[i][0] > 0:
                        help2 = (f[s[i][0]] - fj) / (levels[s[i][1]] - lj)
                        if help2 <= 0.0:
                            chosen = False
                            break
                        if help2 > helpgreater:
                            helpgreater = help2
            # As compiled in scipy, a rectangle above the convex hull (helpgreater > helplower) is *not*
            # eliminated: DIRsubrout.c's else-branch reads ``if (logfile) goto L60;`` (the print between
            # them is commented out), and scipy never passes a log file. Only the ε test removes one.
            if chosen and helpgreater <= helplower and fj - helplower * lj > threshold:
                chosen = False
            if not chosen:
                s[j][0] = 0
        return [(pos, deep) for pos, deep in s]

    def double_insert(self, s: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Original DIRECT: add every rectangle of a chosen one's level with (nearly) its value."""
        out = list(s)
        for pos0, deep in s:
            if pos0 > 0:
                help_ = self.anchor[deep]
                pos = self.point[help_]
                while pos > 0 and self.f[pos] - self.f[help_] <= 1e-13:
                    out.append((pos, deep))
                    pos = self.point[pos]
        return out


def direct_batched(func, lower, upper, *, maxfun: int, maxiter: int, locally_biased: bool = True,
                   eps: float = 1e-4, vol_tol: float = 1e-16, len_tol: float = 1e-6,
                   budget: int | None = None) -> DirectOutcome:
    """Minimise ``func`` (a batch function ``X (q, n) -> (q,)``) on the box ``[lower, upper]`` with scipy's
    DIRECT, each iteration's new points evaluated in one call.

    ``maxfun``, ``maxiter``, ``locally_biased``, ``eps`` (>= 0), ``vol_tol`` and ``len_tol`` mean what they
    mean for :func:`scipy.optimize.direct` (``maxfun`` is checked between iterations, as there). ``budget``
    is a hard cap: the iteration that would pass it evaluates only its first points up to the cap (in
    scipy's order) and the run stops. The caller keeps the best point from the values it returned.
    """
    lower = np.asarray(lower, dtype=float)
    upper = np.asarray(upper, dtype=float)
    n = lower.size
    jones = 1 if locally_biased else 0
    maxfunc = maxfun + 1000 + maxfun // 2 if maxfun > 0 else 101000
    maxfun = 2 * (maxfunc - 1000) // 3  # DIRect.c resets maxf so (rounds an odd maxfun down by one)
    maxdeep = maxiter + 1000 if maxiter > 0 else maxfunc // 5
    state = _State(n, maxfunc, maxdeep, jones)
    # DIRpreprc: x = (c + xs2) * xs1 with xs1 = u - l, xs2 = l / (u - l)
    xs1 = upper - lower
    xs2 = lower / xs1
    vol_tol = vol_tol if vol_tol > 0 else -1.0  # direct_wrap.c: a tolerance <= 0 is never met
    len_tol = len_tol if len_tol > 0 else -1.0
    remaining = np.inf if budget is None else int(budget)
    used = 0

    def evaluate(positions: list[int]) -> bool:
        """Evaluate ``positions`` (scipy's order) into f; False when the hard budget cut the batch."""
        nonlocal used, remaining
        take = positions[: int(min(len(positions), remaining))]
        if take:
            X = (state.c[take] + xs2) * xs1
            values = np.asarray(func(X), dtype=float).reshape(-1)
            for pos, value in zip(take, values, strict=True):
                state.f[pos] = float(value)
            used += len(take)
            remaining -= len(take)
        return len(take) == len(positions)

    # DIRInit: the centre, then 2n points along every side
    state.c[1] = 0.5
    state.point[1] = 0
    state.free = 2
    arrayi = state.longest_sides(1)
    new = state.sample_points(1, arrayi, state.thirds[1])
    batch = state.chain(new, 2 * len(arrayi))
    if not evaluate([1] + batch):
        return DirectOutcome(0, used, 1, True)
    minf, minpos = state.f[1], 1
    for pos in batch:
        if state.f[pos] < minf:
            minf, minpos = state.f[pos], pos
    state.divide(new, 0, arrayi, 1)
    state.insert_list(new, len(arrayi), 1)
    numfunc = 2 * len(arrayi) + 1
    for t in range(2, maxiter):  # DIRect.c: t = 2 .. maxt - 1
        chosen = state.choose(minf, eps)
        if jones == 0:
            chosen = state.double_insert(chosen)
        plans = []
        for help_, deep in chosen:
            if help_ <= 0:
                continue
            if deep + 1 >= maxdeep:  # scipy: "Maximum number of levels reached"
                return DirectOutcome(-6, used, t, False)
            div = state.max_deep(help_)
            arrayi = state.longest_sides(help_)
            start = state.sample_points(help_, arrayi, state.thirds[div + 1])
            plans.append((help_, deep, div, arrayi, start, state.chain(start, 2 * len(arrayi))))
        complete = evaluate([pos for plan in plans for pos in plan[5]])
        if not complete:
            return DirectOutcome(0, used, t, True)
        for help_, deep, div, arrayi, start, batch in plans:
            state.remove(help_, deep)
            for pos in batch:
                if state.f[pos] < minf:
                    minf, minpos = state.f[pos], pos
            state.divide(start, div, arrayi, help_)
            state.insert_list(start, len(arrayi), help_)
            numfunc += 2 * len(arrayi)
        if state.thirds[state.level(minpos, 0)] <= vol_tol:
            return DirectOutcome(4, used, t, False)
        if state.levels[state.level(minpos)] <= len_tol:
            return DirectOutcome(5, used, t, False)
        if numfunc > maxfun:
            return DirectOutcome(1, used, t, False)
    return DirectOutcome(2, used, maxiter, False)
