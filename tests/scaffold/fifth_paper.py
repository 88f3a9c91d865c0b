"""A toy fifth paper, "Toy2026" (algorithm Toy-UCB), written as ARCHITECTURE.md's "Where to add X" says a
paper is added: its new files and its edits of shared files, each keyed by the path the doc names (with
``<key>`` = ``toy2026``, ``<module>`` = ``toy``, ``<algorithm_module>`` = ``toy_ucb``). Used by
``tests/scaffold/test_fifth_paper.py``, which applies it to a copy of the repository and runs the registry
checks there; nothing here is imported by the library.
"""

from __future__ import annotations

import textwrap

#: The placeholders of the doc's recipe, as the toy paper fills them.
NAMES = {"<key>": "toy2026", "<module>": "toy", "<algorithm_module>": "toy_ucb"}

#: New files: path -> content.
NEW = {
    "bounds/toy.py": '''
        r"""The regret bound of the toy fifth paper ([Toy2026, Thm 1]), the scaffold's formula."""

        from __future__ import annotations

        import numpy as np

        from regretlab._validate import as_output, check_real

        from ._registry import formula

        __all__ = ["toy_regret"]


        @formula("TOY.regret", latex=r"R_T\\le\\sqrt{C_1T\\beta_T\\gamma_T}", cite="[Toy2026, Thm 1]")
        def toy_regret(*, T, beta_T, gamma_T, C1):
            r"""The cumulative-regret bound of Toy-UCB.

            .. math::
                R_T\\le\\sqrt{C_1\\,T\\,\\beta_T\\,\\gamma_T}

            Parameters
            ----------
            T : float or array_like
                Horizon, :math:`T\\ge1`.
            beta_T : float or array_like
                Confidence width at T, :math:`\\beta_T>0`.
            gamma_T : float or array_like
                Maximum information gain, :math:`\\gamma_T\\ge0`.
            C1 : float or array_like
                The constant of [Toy2026, Thm 1], :math:`C_1>0`.

            Returns
            -------
            float or ndarray
                The bound, broadcast over the inputs.

            References
            ----------
            .. [1] [Toy2026, Thm 1].

            >>> toy_regret(T=4, beta_T=1.0, gamma_T=1.0, C1=1.0)
            2.0
            """
            T = check_real("T", T, low=1.0)
            beta_T = check_real("beta_T", beta_T, low=0.0, low_open=True)
            gamma_T = check_real("gamma_T", gamma_T, low=0.0)
            C1 = check_real("C1", C1, low=0.0, low_open=True)
            return as_output(np.sqrt(C1 * T * beta_T * gamma_T))
        ''',
    "bounds/symbolic/toy.py": '''
        """Sympy twins of ``regretlab.bounds.toy`` (the toy fifth paper): none, with the reason."""

        TWINS: list = []

        NO_TWIN = {"TOY.regret": "a square root of a product: the scaffold checks the registry, not algebra"}
        ''',
    "algorithms/toy_ucb.py": '''
        r"""Toy-UCB, the toy fifth paper's algorithm ([Toy2026, Alg. 1]).

        **Algorithm 1** (Toy-UCB)

        1. for t = 1, 2, ...: choose :math:`x_t=\\arg\\max_x\\mu_{t-1}(x)+\\sqrt{\\beta_t}\\sigma_{t-1}(x)`;
        2. observe :math:`y_t=f(x_t)+\\varepsilon_t` and update the GP.
        """

        from __future__ import annotations

        from .gp_ucb import GPUCB

        __all__ = ["ToyUCB"]


        class ToyUCB(GPUCB):
            """Toy-UCB, [Toy2026, Alg. 1]: GP-UCB under the toy paper's name (the scaffold's algorithm)."""
        ''',
    "src/regretlab/decisions/claims/toy2026.py": '''
        """[Toy2026]'s claims about its experiments (the toy fifth paper of the scaffold test)."""

        from __future__ import annotations

        from ._core import Claim

        CLAIMS = (
            Claim(
                "Toy2026.fig1.c1",
                "Toy2026.fig1",
                "better",
                "Toy-UCB finds better values than GP-UCB.",
                "[Toy2026, §5]",
                "Toy2026/Toy-UCB",
                ("Toy2026/GP-UCB",),
                ("Beale",),
                "final_best_f",
            ),
        )

        NOT_TESTED: dict[str, str] = {}
        ''',
    "src/regretlab/experiments/specs/toy2026.py": '''
        """[Toy2026]'s figure as a spec (the toy fifth paper of ``tests/scaffold/test_fifth_paper.py``)."""

        from __future__ import annotations

        from ..spec import Mode, Problem, Spec

        __all__ = ["SPECS"]

        SPECS = (
            Spec(
                key="Toy2026.fig1", paper="Toy2026", reference="[Toy2026, §5, Fig. 1]",
                title="Best value found vs evaluations on Beale, Toy-UCB and GP-UCB (mean ± s.e.)",
                kind="curves", methods=("Toy2026/Toy-UCB", "Toy2026/GP-UCB"),
                problems=(Problem("beale", label="Beale"),), metric="best_f", summary="mean_se",
                modes={"full": Mode(10, (("Beale", 30),), note="the paper's: 10 repeats, 30 evaluations"),
                       "quick": Mode(2, (("Beale", 8),), note="quick: 2 repeats, 8 evaluations")},
                seconds_per_evaluation=0.05, highlight="Toy2026/Toy-UCB",
            ),
        )
        ''',
    "notebooks/toy_ucb.ipynb": """
        {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Toy-UCB (Toy2026): its figure"]},
                   {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],
                    "source": ["from regretlab.figures.notebook import show\\n",
                               "show(\\"Toy2026.fig1\\");"]}],
         "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
         "nbformat": 4, "nbformat_minor": 5}
        """,
}

#: Edits of shared files, in order: (path, text found exactly once, the text it becomes).
EDITS = (
    ("bounds/references.py", "    # ---- the work they build on ---",
     '    Reference("Toy2026", "misc", ("Ada Toy",), "A Toy Fifth Paper", 2026,\n'
     '              {"note": "the scaffold\'s"},\n'
     '              "Toy-UCB (tests/scaffold/test_fifth_paper.py)"),\n'
     "    # ---- the work they build on ---"),
    ("bounds/papers.py", '    Paper("Srinivas2010"',
     '    Paper("Toy2026", "Toy-UCB", "toy", "toy_ucb", "ToyUCB", "TOY"),\n    Paper("Srinivas2010"'),
    ("bounds/CATALOGUE.md", "## 5. Figures and tables",
     "## 4b. Toy-UCB (Toy2026)\n\n### TOY.regret (Thm 1)\n* **source**: Toy2026 Thm 1.\n"
     "* **formula**: $$R_T\\le\\sqrt{C_1T\\beta_T\\gamma_T}$$\n\n---\n\n## 5. Figures and tables"),
    ("algorithms/__init__.py", "from .trace import Trace\n",
     "from .toy_ucb import ToyUCB\nfrom .trace import Trace\n"),
    ("algorithms/__init__.py", '    "Trace",\n', '    "ToyUCB",\n    "Trace",\n'),
    ("algorithms/setups.py", "from .rpp_gp_ucb import RPPGPUCB\n",
     "from .rpp_gp_ucb import RPPGPUCB\nfrom .toy_ucb import ToyUCB\n"),
    ("algorithms/setups.py", "#: Every named setup, by name.",
     '_TOY = Setup(name="Toy2026/Toy-UCB", algorithm=ToyUCB, reference="[Toy2026, §5]",\n'
     '             description="Toy-UCB as the toy paper ran it",\n'
     '             settings={"beta": Setting("srinivas_thm2", "[Toy2026, §5]: [Srinivas2010, Thm 2]")},\n'
     '             objectives=("beale",))\n'
     '_TOY_GP = Setup(name="Toy2026/GP-UCB", algorithm=GPUCB, reference="[Toy2026, §5]",\n'
     '                description="GP-UCB, the toy paper\'s baseline",\n'
     '                settings={"beta": Setting("srinivas_thm2", "[Toy2026, §5]: [Srinivas2010, Thm 2]")},\n'
     '                objectives=("beale",))\n\n'
     "#: Every named setup, by name."),
    # the last setup of the SETUPS literal, whichever it is: the tuple closes before the twins' suffixes
    ("algorithms/setups.py", ")\n}\n\n\n#: The suffixes of a setup's named twins",
     ", _TOY, _TOY_GP)\n}\n\n\n#: The suffixes of a setup's named twins"),
)


def files_touched() -> set[str]:
    """Every path the toy paper writes: its new files and the shared files it edits."""
    return set(NEW) | {path for path, _, _ in EDITS}


def apply(root, *, skip: str | None = None) -> None:
    """Write the toy paper into the repository copy at ``root`` (a :class:`pathlib.Path`); ``skip``: one path
    of :func:`files_touched` left as it is (a new file not written, a shared file not edited)."""
    for path, content in NEW.items():
        if path != skip:
            (root / path).write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")
    for path, old, new in EDITS:
        if path == skip:
            continue
        target = root / path
        text = target.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise AssertionError(f"{path}: {old!r} is found {text.count(old)} times, not once")
        target.write_text(text.replace(old, new), encoding="utf-8")
