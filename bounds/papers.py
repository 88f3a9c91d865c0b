"""The four papers and the one they build on, under every name the project gives them: one table, the one
registry of papers that every list of them derives from.

A paper goes by its citation key (``TranThe2020``), its algorithm's name in the text (``MS-UCB``), the
module of its formulas (``regretlab.bounds.ms_ucb``), the module and class of its algorithm
(``regretlab.algorithms.ms_ucb.MSUCB``), the prefix of its catalogue ids and verify claims (``MSUCB.``) and
the prefix of its named setups and specs (``TranThe2020/``, ``TranThe2020.fig1``). :func:`paper` resolves any
of them, case-insensitively, to the one :class:`Paper`; ``tests/bounds/test_papers.py`` checks every name
against what exists, so the table cannot drift from the code.
"""

from __future__ import annotations

from dataclasses import dataclass

from regretlab._validate import match_name

__all__ = ["Paper", "PAPERS", "SUBJECTS", "FORMULA_MODULES", "SHARED_FORMULA_MODULES", "paper"]


@dataclass(frozen=True)
class Paper:
    """One paper's names.

    Attributes
    ----------
    key : str
        Citation key (:data:`regretlab.bounds.REFERENCES`); also the prefix of its setups and specs.
    algorithm : str
        The algorithm's name in the paper's text.
    bounds_module : str
        ``regretlab.bounds.<bounds_module>``: its formulas.
    algorithm_module, algorithm_class : str
        ``regretlab.algorithms.<algorithm_module>.<algorithm_class>``.
    catalogue_prefix : str
        The prefix of its catalogue ids and verify claims (``<prefix>.<name>``).
    subject : bool
        One of the papers regretlab reproduces (its experiments' figures, tables and claims); False for a
        paper they build on, whose bounds alone are checked (Srinivas2010).
    citation_keys : tuple of str
        Its keys in :data:`regretlab.bounds.REFERENCES` where there are more than ``key`` (the two copies
        of [TranThe2020]); empty: ``key`` alone.
    """

    key: str
    algorithm: str
    bounds_module: str
    algorithm_module: str
    algorithm_class: str
    catalogue_prefix: str
    subject: bool = True
    citation_keys: tuple[str, ...] = ()

    @property
    def cited_as(self) -> tuple[str, ...]:
        """Every key the paper is cited by: ``citation_keys``, or ``key`` alone."""
        return self.citation_keys or (self.key,)

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the paper goes by."""
        return (self.key, self.algorithm, self.bounds_module, self.algorithm_module, self.algorithm_class,
                self.catalogue_prefix)


#: The one registry of papers: every list of papers in the library and its tests derives from it.
PAPERS: tuple[Paper, ...] = (
    Paper("TranThe2020", "MS-UCB", "ms_ucb", "ms_ucb", "MSUCB", "MSUCB",
          citation_keys=("TranThe2020-ext", "TranThe2020-AAAI")),
    Paper("Kandasamy2015", "Add-GP-UCB", "add_gp_ucb", "add_gp_ucb", "AddGPUCB", "ADD"),
    Paper("Li2016", "RPP-GP-UCB", "rpp", "rpp_gp_ucb", "RPPGPUCB", "RPP"),
    Paper("Ha2019", "GPUCB-UBO", "ubo", "ubo", "GPUCBUBO", "UBO"),
    Paper("Srinivas2010", "GP-UCB", "gp_ucb", "gp_ucb", "GPUCB", "SRINIVAS", subject=False),
)

#: The papers regretlab reproduces (``subject=True``), in the table's order.
SUBJECTS: tuple[Paper, ...] = tuple(p for p in PAPERS if p.subject)

#: The modules of ``regretlab.bounds`` with formulas no one paper owns (the GP machinery, the benchmark
#: functions' constants); with each paper's ``bounds_module`` they are every formula module.
SHARED_FORMULA_MODULES: tuple[str, ...] = ("assumption1", "benchmark_objectives", "information_gain",
                                          "pseries")

#: Every module of ``regretlab.bounds`` that registers formulas: importing ``regretlab.bounds`` imports these.
FORMULA_MODULES: tuple[str, ...] = tuple(sorted({p.bounds_module for p in PAPERS}
                                               | set(SHARED_FORMULA_MODULES)))


def paper(name: str) -> Paper:
    """The paper any of whose names is ``name`` (case-insensitive; a trailing ``.`` or ``/`` is ignored).

    >>> paper("MSUCB.").key, paper("rpp_gp_ucb").key, paper("ha2019").algorithm
    ('TranThe2020', 'Li2016', 'GPUCB-UBO')
    """
    by_name = {n.casefold(): p for p in PAPERS for n in p.names}
    found = match_name("name", str(name).rstrip("./"), sorted({n for p in PAPERS for n in p.names}),
                       what="a paper's name")
    return by_name[found.casefold()]
