"""Run claims and collect their verdicts: serially, or in parallel with joblib (one task per claim).

Each claim draws from its own seed tree (:class:`regretlab.verify.registry.Context`), so the verdicts do not
depend on the order in which the claims run, nor on ``jobs``.
"""

from __future__ import annotations

import multiprocessing
import queue
import re
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field

from joblib import Parallel, delayed
from tqdm import tqdm

from regretlab._rng import check_seed
from regretlab._validate import check_choice, check_integer
from regretlab._version import __version__
from regretlab.bounds import FORMULAS
from regretlab.bounds.readings import reading_origin

from .checkpoint import load_group, save_group
from .registry import CLAIMS, NOT_CHECKED, PROFILES, Claim, Context, registered, reporting, select
from .verdict import Verdict, power_audit, sensitivity_audit

__all__ = ["Report", "verify", "run_claim"]


@dataclass
class Report:
    """The verdicts of one verification run, with what was not checked and how the run was made."""

    verdicts: list[Verdict]
    claims: list[Claim]
    not_checked: dict[str, str]
    profile: str
    seed: int
    seconds: float
    version: str = __version__
    command: str = ""
    errors: list[str] = field(default_factory=list)
    resumed: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every claim got a verdict (a violated claim is a finding, not an error)."""
        return not any(v.outcome == "error" for v in self.verdicts)


def _reading_origin(item: Claim, reading: str) -> str:
    """What a claim's reading letter stands for: the claim's own note, else the origin
    (:mod:`regretlab.bounds.readings`) of the first formula among its bounds whose readings are exactly the
    claim's (the claim's letters are then that formula's), else nothing."""
    if reading in item.reading_notes:
        return item.reading_notes[reading]

    for bound in item.bounds:
        for fid in getattr(bound, "formula_ids", None) or ():
            table = getattr(FORMULAS.get(fid), "latex_readings", None) or {}
            if set(table) == set(item.readings):
                return reading_origin(fid, reading)
    return ""


def run_claim(claim_id: str, profile: str, seed: int, progress: bool = False, position: int = 0):
    """Run one registered claim's check; an exception becomes an "error" verdict per reading."""
    item = registered(claim_id)   # in a worker process too: another package's claims load here
    ctx = Context(claim_id, PROFILES[profile], seed, progress=progress, position=position)
    start = time.perf_counter()
    try:
        verdicts = list(item.check(ctx))
        expected = set(item.readings)
        got = [v.reading for v in verdicts]
        if sorted(got) != sorted(expected):
            raise RuntimeError(f"the check returned readings {got}; the claim declares {sorted(expected)}")
    except Exception as error:  # a failing check is reported with the others, not raised
        message = f"{type(error).__name__}: {error}"
        verdicts = [Verdict(claim_id, r, "error", message, setting={"traceback": traceback.format_exc()})
                    for r in item.readings]
    seconds = time.perf_counter() - start
    # "for every t" in the event itself, not in a note on one reading (Lemma 4's "reading C: for every t")
    unbounded_t = re.search(r"(?<!reading C: )(?<!reading C: for )\b(?:for )?(?:every|all) [tT]\b",
                            item.event) is not None
    for v in verdicts:
        # a check may hand several verdicts one shared setting dict (a module's SETTING): the notes below
        # are this verdict's own, so they go into a copy (a shared dict leaked one claim's reading into
        # every later claim built from the same SETTING)
        v.setting = dict(v.setting)
        origin = _reading_origin(item, v.reading)
        if origin:
            v.setting.setdefault("reading", origin)
        power_audit(v)
        reason = item.by_construction.get(v.reading) or item.by_construction.get("*")
        if reason and v.outcome == "holds":
            v.outcome = "certain"
            v.statistic += f" (certain by construction, not evidence about the paper: {reason})"
        if profile == "smoke" and v.outcome == "holds" and v.delta is None:
            # a counterexample search of a smoke run (the test suite's sizes) is too short to call "holds":
            # the quick profile finds counterexamples this one misses (UBO.d_eps reading B)
            v.outcome = "inconclusive"
            v.statistic += " (smoke profile: too few checks to call 'holds')"
        sensitivity_audit(v)
        if unbounded_t and v.outcome != "error":
            # the papers' events are "for all t >= 1"; the evidence reaches the profile's horizon only
            horizon = v.setting.get("T", PROFILES[profile].horizon)
            v.statistic += f"; the event is for every t, checked for t <= {horizon}"
            v.setting.setdefault("checked_horizon", horizon)
        v.seconds = seconds
        v.setting.setdefault("profile", profile)
        v.setting.setdefault("seed", seed)
        if item.group != item.id:
            v.setting.setdefault("evidence group", f"{item.group} (its runs are timed with the "
                                                   f"first claim of "
                                                   "the group that ran)")
    return verdicts


class _Progress:
    """How far the running groups of claims are, from the ticks their loops of trials send
    (:func:`regretlab.verify.registry.reporting`: ``(group, label, done, total)`` on a queue, from this
    process or from joblib's workers), drained once a second by a daemon thread that redraws the bar (tqdm
    redraws only on an update, and a group can run for many minutes). Through a pipe, a plain line at each
    quarter of a loop instead. Progress only: nothing here reaches a verdict."""

    #: Through a pipe, a status line at least this often (seconds) while nothing else is printed, so that
    #: no stretch of a long group is silent.
    HEARTBEAT = 60.0

    def __init__(self, bar, on_terminal: bool, start: float, every: float = 1.0, groups: int = 0):
        self.bar, self.on_terminal, self.start, self.every = bar, on_terminal, start, every
        self.running: dict[str, tuple[str, int, int]] = {}
        self.waiting = 0
        self.groups, self.done = groups, 0
        self.printed = start
        self._manager = None
        self.ticks = None
        self._stop = threading.Event()
        self._thread = None
        self._lock = threading.Lock()   # the drain runs in the redraw thread and when a group finishes

    def open(self, parallel: bool) -> None:
        # a worker process reaches a Manager's queue through its proxy; this process, a plain queue
        if parallel:
            self._manager = multiprocessing.Manager()
            self.ticks = self._manager.Queue()
        else:
            self.ticks = queue.Queue()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def finished(self, group: str) -> None:
        """A group's result arrived: its ticks are all queued by then (a worker's put returns once the queue
        holds it), so draining first leaves none of its ticks to arrive after it is gone."""
        self.drain()
        self.running.pop(group, None)

    def fraction(self) -> float:
        """How much of the run is done: finished groups plus each running group's share of its current loop
        of trials, over all groups (groups weigh alike: a rough measure, for the ETA only)."""
        if not self.groups:
            return 1.0
        inside = sum(done / max(total, 1) for _, done, total in self.running.values())
        return min(1.0, (self.done + inside) / self.groups)

    def overall(self, now: float) -> str:
        """``'overall 43 % (5 of 12 groups done), 310 s elapsed, ETA ~410 s'``: the ETA extrapolates the
        elapsed time by :meth:`fraction` (none before anything is done)."""
        f, elapsed = self.fraction(), now - self.start
        eta = f"ETA ~{elapsed * (1.0 - f) / f:.0f} s" if f > 0 else "ETA unknown yet"
        return (f"overall {100 * f:.0f} % ({self.done} of {self.groups} groups done), {elapsed:.0f} s "
                f"elapsed, {eta}")

    def heartbeat(self, now: float) -> str | None:
        """Through a pipe, the status line due at ``now`` (nothing printed for :data:`HEARTBEAT` s), else
        None."""
        if self.on_terminal or now - self.printed < self.HEARTBEAT:
            return None
        inside = "; ".join(f"{label} {done}/{total}" for label, done, total in self.running.values())
        self.printed = now
        running = f"; running: {inside}" if inside else ""
        return f"regretlab verify (progress): {self.overall(now)}{running}"

    def postfix(self) -> str:
        inside = "; ".join(f"{label} {done}/{total}" for label, done, total in self.running.values())
        return f"{self.waiting} group(s) running or waiting" + (f" · {inside}" if inside else "")

    def drain(self) -> None:
        if self.ticks is None:
            return
        with self._lock:
            self._drain()

    def _drain(self) -> None:
        while True:
            try:
                group, label, done, total = self.ticks.get_nowait()
            except (queue.Empty, EOFError, OSError):
                return
            before = self.running.get(group)
            self.running[group] = (label, done, total)
            quarter = done * 4 // max(total, 1)
            moved = before is None or before[0] != label or before[1] * 4 // max(total, 1) != quarter
            if not self.on_terminal and moved and 0 < quarter < 4:
                now = time.perf_counter()
                print(f"regretlab verify (progress): group {group}: {label} {done}/{total} trials "
                      f"({self.overall(now)})", file=sys.stderr, flush=True)
                self.printed = now

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.drain()
            line = self.heartbeat(time.perf_counter())
            if line is not None:
                print(line, file=sys.stderr, flush=True)
            if self.on_terminal:
                self.bar.set_postfix_str(self.postfix(), refresh=False)
                self.bar.refresh()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._manager is not None:
            self._manager.shutdown()


def _run_group(name: str, ids: list[str], profile: str, seed: int, progress: bool,
               ticks=None) -> tuple[str, list[Verdict]]:
    """One group of claims (their shared evidence computed once); with ``ticks`` (a queue) its loops of trials
    report how far they are, labelled with the group's name."""
    tick = None if ticks is None else (lambda label, done, total: ticks.put((name, label, done, total)))
    with reporting(tick):
        return name, [v for i in ids for v in run_claim(i, profile, seed, progress)]


def verify(claims=None, *, profile: str = "quick", seed: int = 0, jobs: int = 1, progress: bool = True,
           command: str = "", checkpoint=None) -> Report:
    """Check the registered claims matching ``claims`` (glob patterns; all by default).

    Parameters
    ----------
    claims : str or sequence of str, optional
        Glob patterns on claim ids, e.g. ``"MSUCB.*"`` (comma-separated in a string).
    profile : {"smoke", "quick", "thorough"}
        How much evidence (:data:`regretlab.verify.registry.PROFILES`).
    seed : int
        Root of every claim's seed tree.
    jobs : int
        Parallel joblib workers (one claim per task); 1 runs serially in this process.
    progress : bool
        Progress bars (on a terminal only).
    checkpoint : path-like, optional
        A folder where each finished group of claims is kept (:mod:`regretlab.verify.checkpoint`); groups
        found there, made by this code for this profile and seed, are not run again (listed in
        ``Report.resumed``). The caller removes the folder once the report is written.
    """
    profile = check_choice("profile", profile, list(PROFILES))
    seed = check_seed("seed", seed)
    jobs = check_integer("jobs", jobs, low=1)
    chosen = select(claims)
    start = time.perf_counter()
    groups = schedule(chosen)
    results, resumed = _resume(checkpoint, groups, profile, seed)

    on_terminal = progress and sys.stderr.isatty()
    done = [0]
    jobs = min(jobs, max(1, len(groups)))   # no more workers than groups of claims to run
    # one bar of finished groups (terminal only), its postfix the running groups' loops of trials
    bar = tqdm(total=len(groups), desc=f"verify [{profile}]", unit="group", disable=not on_terminal,
               leave=False)
    watch = _Progress(bar, on_terminal, start, groups=len(groups))

    def keep(name: str, verdicts: list[Verdict]) -> None:
        results.append(verdicts)
        done[0] += 1
        watch.finished(name)
        watch.done = done[0]
        watch.waiting = len(groups) - done[0]
        if checkpoint is not None and not any(v.outcome == "error" for v in verdicts):
            save_group(checkpoint, name, groups[name], profile, seed, verdicts)   # an error runs again
        now = time.perf_counter()
        _announce(verdicts, on_terminal, progress, f"group {done[0]} of {len(groups)} done; "
                                                   f"{watch.overall(now)}")
        watch.printed = now
        # the postfix first (without a redraw), so the bar is drawn once with both up to date
        bar.set_postfix_str(watch.postfix(), refresh=False)
        bar.update(1)

    watch.waiting = len(groups)
    if progress and groups:
        watch.open(parallel=jobs > 1)
    try:
        if jobs == 1:
            for name, ids in groups.items():   # the group's loops report to the bar (no bars of their own)
                keep(*_run_group(name, ids, profile, seed, False, watch.ticks))
        else:
            # the workers draw no bars: they send their loops' progress to this process's queue
            tasks = (delayed(_run_group)(name, ids, profile, seed, False, watch.ticks)
                     for name, ids in groups.items())
            for name, group in Parallel(n_jobs=jobs, return_as="generator_unordered")(tasks):
                keep(name, group)
    finally:
        watch.close()
        bar.close()
    return _report(results, chosen, profile, seed, time.perf_counter() - start, command, resumed)


def schedule(chosen) -> dict[str, list[str]]:
    """The claims ``chosen`` as groups (claims sharing evidence run as one task, their ids in registration
    order), the costliest group first by the sum of its claims' :attr:`Claim.cost` (longest-processing-time
    order, stable on ties): with two workers no long group starts near the end (the main job's UBO grid group,
    83 s, started last at 236 s of 298 in registration order). The order never changes a result: each
    group's seeds are its own."""
    groups: dict[str, list[str]] = {}
    cost: dict[str, float] = {}
    for c in chosen:
        groups.setdefault(c.group, []).append(c.id)
        cost[c.group] = cost.get(c.group, 0.0) + c.cost
    return dict(sorted(groups.items(), key=lambda item: -cost[item[0]]))


def _resume(checkpoint, groups: dict, profile: str, seed: int) -> tuple[list[list[Verdict]], list[str]]:
    """The verdicts of the ``groups`` kept in ``checkpoint`` for this profile and seed, and their names;
    those groups are taken out of ``groups`` (they do not run again)."""
    results: list[list[Verdict]] = []
    resumed: list[str] = []
    if checkpoint is not None:
        for name in list(groups):
            kept = load_group(checkpoint, name, groups[name], profile, seed)
            if kept is not None:
                results.append(kept)
                resumed.append(name)
                del groups[name]
    return results, resumed


def _announce(verdicts: list[Verdict], on_terminal: bool, progress: bool, where: str) -> None:
    """A line per verdict as its group finishes: above the bar on a terminal; through a pipe or into a file
    (no bar), a plain line saying ``where`` the run is."""
    if on_terminal:
        for v in verdicts:
            tqdm.write(f"  {v.claim} [{v.reading}]: {v.outcome} ({v.seconds:.3g} s)", file=sys.stderr)
    elif progress:
        for v in verdicts:
            print(f"regretlab verify: {v.claim} [{v.reading}]: {v.outcome} ({where})", file=sys.stderr,
                  flush=True)


def _report(results: list[list[Verdict]], chosen, profile: str, seed: int, seconds: float, command: str,
            resumed: list[str]) -> Report:
    """The groups' verdicts in the chosen claims' order, with the catalogue entries no claim covers."""
    by_claim: dict[str, list[Verdict]] = {}
    for group in results:
        for v in group:
            by_claim.setdefault(v.claim, []).append(v)
    verdicts = [v for c in chosen for v in by_claim[c.id]]
    covered = {c.catalogue_id for c in CLAIMS.values()}
    not_checked = {k: v for k, v in NOT_CHECKED.items() if k not in covered}
    return Report(verdicts, chosen, not_checked, profile, seed, seconds, command=command,
                  errors=[f"{v.claim} [{v.reading}]: {v.statistic}"
                          for v in verdicts if v.outcome == "error"], resumed=resumed)
