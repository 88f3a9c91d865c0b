r"""The claims the engine checks, and the catalogue's probabilistic ids it does not check (with reasons).

A :class:`Claim` is declared once, next to its check, with :func:`claim`; its ``id`` is a catalogue id of
``bounds/CATALOGUE.md``, optionally followed by ``:suffix`` when one formula supports several claims (the
confidence and the regret claim built on GP-UCB's :math:`\beta_t`). Its ``bounds`` are the
:mod:`regretlab.bounds` functions the check evaluates — the formula tested is the formula that runs.

A check receives a :class:`Context` (profile sizes, the seed tree, the progress bar) and returns one
:class:`~regretlab.verify.verdict.Verdict` per reading, all from the same evidence.
"""

from __future__ import annotations

import contextlib
import fnmatch
import math
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points

import numpy as np
from tqdm import tqdm

from regretlab._rng import stream as named_stream
from regretlab.bounds.catalogue import CATALOGUE_IDS

from .verdict import Verdict

__all__ = ["Claim", "Context", "Profile", "PROFILES", "CLAIMS", "NOT_CHECKED", "claim", "not_checked",
           "select", "reporting", "Trials"]

#: Registered claims, by id, in registration order.
CLAIMS: dict[str, Claim] = {}
#: Catalogue ids of probabilistic statements that no claim checks -> the reason.
NOT_CHECKED: dict[str, str] = {}


@dataclass(frozen=True)
class Profile:
    """How much evidence a verification run gathers.

    Attributes
    ----------
    name : str
    paths : int
        Sample paths (each with its run of an algorithm) for rate and regret claims.
    draws : int
        Cheap Monte Carlo draws (random sets, random points) per position.
    posteriors : int
        Random posteriors for claims about a posterior (UBO's Thm 4.1, Prop. 4.1).
    horizon : int
        Iterations T of each run (after the initial design).
    delta : float
        The δ of the claims (every claim holds "for any δ in (0, 1)"; one δ for the run).
    """

    name: str
    paths: int
    draws: int
    posteriors: int
    horizon: int
    delta: float = 0.1


#: smoke: the default test suite (every claim, seconds each); quick: the README's main job (about 4
#: minutes on 2 cores; 60 paths, the fewest for which 0 violations certify a rate below δ = 0.1 at 99 %:
#: the Clopper–Pearson upper bound of 0/60 is 0.085); thorough: ``tox -e verify``.
PROFILES: dict[str, Profile] = {
    "smoke": Profile("smoke", paths=6, draws=200, posteriors=3, horizon=6),
    "quick": Profile("quick", paths=60, draws=3000, posteriors=40, horizon=20),
    "thorough": Profile("thorough", paths=300, draws=20000, posteriors=200, horizon=40),
}


#: Where a loop of trials reports how far it is (set by the engine while a group of claims runs in this
#: process, :func:`reporting`): a callable ``(label, done, total)``, or None. Progress only: no draw reads it.
_TICK: Callable[[str, int, int], None] | None = None
#: A loop reports at most this many times (every 5 %), so a worker's reports cost nothing beside its trials.
TICK_STEPS = 20


@contextlib.contextmanager
def reporting(tick: Callable[[str, int, int], None] | None):
    """While the block runs, every loop over :meth:`Context.generators` reports its finished trials to
    ``tick(label, done, total)`` (the label is the loop's stream name), at most :data:`TICK_STEPS` + 1 times
    a loop. The engine uses it to move its progress bar inside a group of claims that runs for minutes."""
    global _TICK
    previous, _TICK = _TICK, tick
    try:
        yield
    finally:
        _TICK = previous


class Trials(list):
    """The generators of a loop of trials (a list, as before): iterating it reports each finished trial to the
    engine's :func:`reporting` callable, in :data:`TICK_STEPS` steps. The draws are the list's own: reporting
    changes no result."""

    def __init__(self, items, label: str):
        super().__init__(items)
        self.label = label

    def __iter__(self) -> Iterator:
        total, step = len(self), -1
        for done, item in enumerate(list.__iter__(self)):
            if _TICK is not None and done * TICK_STEPS // max(total, 1) != step:
                step = done * TICK_STEPS // max(total, 1)
                _TICK(self.label, done, total)
            yield item
        if _TICK is not None:
            _TICK(self.label, total, total)


@dataclass
class Context:
    """What a check gets: the profile, the seed tree and a progress bar.

    Every random draw of a check comes from :meth:`generators`: the named stream (claim id, stream name) of
    ``seed`` (:func:`regretlab._rng.stream`, the project's one stream helper), spawned once per trial, so a
    trial's randomness depends neither on the order in which claims run nor on the other trials.
    """

    claim_id: str
    profile: Profile
    seed: int = 0
    progress: bool = False
    position: int = 0
    notes: list[str] = field(default_factory=list)

    def sequence(self, stream: str = "", shared: bool = False) -> np.random.SeedSequence:
        """The seed sequence of one named stream of this claim, or (``shared``) of evidence that several
        claims use (then keyed by the stream name alone, so they see the same sample paths and runs)."""
        owner = "shared evidence" if shared else self.claim_id
        return named_stream(self.seed, owner, stream)

    def generators(self, n: int, stream: str = "", shared: bool = False) -> Trials:
        """``n`` independent generators, trial ``i`` seeded by child ``i`` of :meth:`sequence` (a list whose
        iteration reports the loop's progress, :class:`Trials`)."""
        return Trials([np.random.default_rng(s) for s in self.sequence(stream, shared).spawn(n)],
                      stream or self.claim_id)

    def replay(self) -> str:
        """The command that reruns this claim with the same seed and profile (bit-identical evidence)."""
        return f"regretlab verify --claims '{self.claim_id}' --profile {self.profile.name} --seed {self.seed}"

    def bar(self, iterable: Iterable, total: int | None = None, what: str = "trials"):
        """A tqdm bar over ``iterable`` (only on a terminal, and only when progress is on)."""
        enabled = self.progress and sys.stderr.isatty()
        return tqdm(iterable, total=total, desc=f"{self.claim_id} ({what})", disable=not enabled,
                    leave=False, position=self.position)


@dataclass(frozen=True)
class Claim:
    """One claim of a paper, with the check that gathers evidence for it.

    Attributes
    ----------
    id : str
        Catalogue id (``bounds/CATALOGUE.md``), optionally ``id:suffix``.
    reference : str
        Where the paper states it, ``[Key, Lemma n]``.
    event : str
        The event asserted, in words (with its probability).
    latex : str
        The event in LaTeX.
    bounds : tuple of callables
        The :mod:`regretlab.bounds` functions the check evaluates.
    readings : tuple of str
        The printed readings checked ("-" for a claim printed one way).
    kind : {"rate", "regret", "certain"}
        A probability claim, a regret bound (a rate claim with a slack and a figure), or a claim that is
        certain given its inputs (checked by counterexample search).
    evidence : str
        Where the evidence comes from (sample paths, runs, positions), in words.
    check : callable
        ``check(context) -> list[Verdict]``, one per reading.
    reading_notes : dict
        What each reading letter is, where the claim has several: the paper as printed (and where), a
        second printed form, or the project's own reading (not printed); shown beside the verdict.
    group : str
        Claims that share evidence (the same sample paths and runs, cached in-process) name the same group;
        the engine runs a group as one task, so parallel workers never recompute each other's runs.
    by_construction : dict
        Readings whose check cannot fail (reading -> why; ``"*"`` for every reading): an enforced
        constraint, a proven inequality evaluated on numbers, a limit. Where such a check finds no
        counterexample its outcome is *certain* (with the reason), not *holds*: it tests the
        implementation, not the paper. A counterexample is still *violated* (the code is then wrong).
    cost : float
        Seconds of one core the check takes in the quick profile, about (default 1): read only to start the
        costliest groups first when the engine runs them in parallel (longest first), so the last worker
        does not start a long group near the end. Never read for a result.
    """

    id: str
    reference: str
    event: str
    latex: str
    bounds: tuple[Callable, ...]
    readings: tuple[str, ...]
    kind: str
    evidence: str
    check: Callable[[Context], list[Verdict]]
    group: str = ""
    reading_notes: dict = field(default_factory=dict)
    by_construction: dict = field(default_factory=dict)
    cost: float = 1.0

    @property
    def catalogue_id(self) -> str:
        return self.id.split(":")[0]


def claim(id: str, *, reference: str, event: str, latex: str, bounds: Sequence[Callable],
          readings: Sequence[str] = ("-",), kind: str = "rate", evidence: str, group: str | None = None,
          reading_notes: dict | None = None, by_construction: str | dict | None = None,
          catalogue: bool = True, cost: float = 1.0):
    """Register the decorated check as the claim ``id`` (see :class:`Claim`).

    ``catalogue=False`` registers a claim of another package (a third party's, through the
    ``regretlab.claims`` entry-point group, :func:`load_plugins`): its id is ``PACKAGE.name`` with a prefix
    that is not one of the catalogue's, and its ``bounds`` are its own functions, not regretlab.bounds'."""
    prefix = id.split(":")[0]
    if catalogue and prefix not in CATALOGUE_IDS:
        raise ValueError(f"claim id {id!r}: {prefix!r} is not a catalogue id (bounds/CATALOGUE.md); a claim "
                         "of another package passes catalogue=False")
    ours = {c.split(".")[0] for c in CATALOGUE_IDS}
    if not catalogue and ("." not in prefix or prefix.split(".")[0] in ours):
        raise ValueError(f"claim id {id!r}: a claim of another package is named 'PACKAGE.name' with a "
                         "PACKAGE that is not one of the catalogue's prefixes")
    if kind not in ("rate", "regret", "certain"):
        raise ValueError(f"kind={kind!r} is not one of ['rate', 'regret', 'certain']")
    if not bounds:
        raise ValueError(f"claim {id!r} names no regretlab.bounds function: the formula tested must run")
    if isinstance(cost, bool) or not isinstance(cost, int | float) or not math.isfinite(cost) or cost <= 0:
        raise ValueError(f"cost={cost!r} for claim {id!r}: must be a finite number of seconds > 0")

    def register(check):
        if id in CLAIMS:
            raise ValueError(f"claim {id!r} is registered twice")
        notes = dict(reading_notes or {})
        unknown = set(notes) - set(readings)
        if unknown:
            raise ValueError(f"claim {id!r}: reading_notes name readings {sorted(unknown)} it does not check")
        certain = {"*": by_construction} if isinstance(by_construction, str) else dict(by_construction or {})
        unknown = set(certain) - set(readings) - {"*"}
        if unknown or not all(isinstance(v, str) and v for v in certain.values()):
            raise ValueError(f"claim {id!r}: by_construction names readings {sorted(unknown)} it does not "
                             "check, or gives no reason")
        CLAIMS[id] = Claim(id, reference, event, latex, tuple(bounds), tuple(readings), kind, evidence, check,
                           group or id, notes, certain, float(cost))
        return check

    return register


#: The entry-point group through which other packages register claims (each entry point names a module whose
#: import registers them with :func:`claim`, ``catalogue=False``).
ENTRY_POINT_GROUP = "regretlab.claims"
#: Entry points that failed to load: name -> the error (shown by ``regretlab verify``; never raised).
PLUGIN_ERRORS: dict[str, str] = {}


_PLUGINS_LOADED: list[str] | None = None


def load_plugins() -> list[str]:
    """Import every module of the ``regretlab.claims`` entry-point group, once, so that its claims register
    (``regretlab verify --claims 'MYPKG.*'`` then runs them with the profiles, checkpoints and reports of the
    project's own); returns the entry points loaded. One that fails is recorded in :data:`PLUGIN_ERRORS`
    with its error and a warning, and the others load.

    Called by :func:`select` and by the engine before it looks a claim up (in every worker process), never
    at import: a plugin's own package imports ``regretlab.verify``, and loading plugins while that import
    runs would import the plugin's half-initialised package (a circular import)."""
    global _PLUGINS_LOADED
    if _PLUGINS_LOADED is not None:
        return list(_PLUGINS_LOADED)
    _PLUGINS_LOADED = []
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            point.load()
        except Exception as error:   # a third party's module: report it, never break the project's claims
            PLUGIN_ERRORS[point.name] = f"{type(error).__name__}: {error}"
            warnings.warn(f"regretlab.claims entry point {point.name!r} ({point.value}) failed to load: "
                          f"{type(error).__name__}: {error}", RuntimeWarning, stacklevel=2)
            continue
        _PLUGINS_LOADED.append(point.name)
    return list(_PLUGINS_LOADED)


def registered(claim_id: str) -> Claim:
    """The claim ``claim_id``, the plugins' included (:func:`load_plugins`)."""
    load_plugins()
    return CLAIMS[claim_id]


def not_checked(id: str, reason: str) -> None:
    """List the catalogue id ``id`` (a probabilistic statement) as not checked, with the reason."""
    if id not in CATALOGUE_IDS:
        raise ValueError(f"{id!r} is not a catalogue id")
    NOT_CHECKED[id] = reason


def select(patterns: str | Sequence[str] | None = None) -> list[Claim]:
    """The registered claims whose id matches any of the glob ``patterns`` (comma-separated), in order.

    A pattern that matches nothing is an error naming the known ids. Other packages' claims are loaded first
    (:func:`load_plugins`).
    """
    load_plugins()
    if patterns is None:
        return list(CLAIMS.values())
    if isinstance(patterns, str):
        patterns = [p.strip() for p in patterns.split(",") if p.strip()]
    if not patterns:
        raise ValueError("claims='' selects nothing: give glob patterns on claim ids (e.g. 'MSUCB.*') or "
                         f"omit --claims for all; known: {sorted(CLAIMS)}")
    chosen: dict[str, Claim] = {}
    for pattern in patterns:
        # ids ignore case here as spec and formula ids do ('msucb.*' is 'MSUCB.*')
        hits = [c for i, c in CLAIMS.items() if fnmatch.fnmatchcase(i.casefold(), pattern.casefold())]
        if not hits:
            raise ValueError(f"claims={pattern!r} matches no registered claim; known: {sorted(CLAIMS)}")
        chosen.update((c.id, c) for c in hits)
    return [c for i, c in CLAIMS.items() if i in chosen]
