"""The works regretlab cites, defined once: key -> full reference and BibTeX.

Code, docstrings, tests and the docs cite by key in one form, ``[Key, location]``, e.g.
``[Li2016, §5]`` or ``[TranThe2020-ext, proof of Lemma 4]``; a test checks that every key cited anywhere
resolves here. ``regretlab cite [KEY]`` prints the BibTeX.

The MS-UCB paper exists in two copies that print different things in places (``bounds/CATALOGUE.md``
lists every difference): ``TranThe2020-ext`` is the main text with the supplementary proofs (the arXiv
version), ``TranThe2020-AAAI`` the proceedings main text. ``TranThe2020`` alone means both print the same.

Bibliographic fields are given as far as the four papers' own reference lists confirm them; a field that
could not be checked there is left out rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from regretlab._validate import match_name

__all__ = ["Reference", "REFERENCES", "reference", "CITATION"]

#: The citation form: ``[Key]`` or ``[Key, location]``; a key is letters, a year, and an optional
#: ``-copy`` suffix (``TranThe2020-ext``).
CITATION = r"\[(?P<key>[A-Z][A-Za-z]+[0-9]{4}(?:-[A-Za-z]+)?)(?:, [^\[\]]+)?\]"


@dataclass(frozen=True)
class Reference:
    """One cited work.

    Attributes
    ----------
    key : str
        The citation key (``Ha2019``).
    kind : str
        BibTeX entry type (``inproceedings``, ``article``, ``book``, ``misc``).
    authors : tuple of str
        "First Last" names, in order.
    title : str
    year : int
    fields : dict
        Further BibTeX fields (``booktitle``, ``journal``, ``volume``, ``pages``, ``publisher``,
        ``eprint``, ``note``).
    role : str
        What regretlab uses it for (shown by ``regretlab cite``, not part of the BibTeX).
    """

    key: str
    kind: str
    authors: tuple[str, ...]
    title: str
    year: int
    fields: dict[str, str] = field(default_factory=dict)
    role: str = ""

    @property
    def venue(self) -> str:
        """Where it appeared: booktitle, journal, publisher or note."""
        for name in ("booktitle", "journal", "publisher", "howpublished", "note"):
            if name in self.fields:
                return self.fields[name]
        return ""

    def __str__(self) -> str:
        names = ", ".join(self.authors)
        return f"{names}. {self.title}. {self.venue}, {self.year}."

    @property
    def bibtex(self) -> str:
        """The BibTeX entry (key ``self.key``)."""
        rows = [("author", " and ".join(self.authors)), ("title", "{" + self.title + "}"),
                ("year", str(self.year)), *self.fields.items()]
        body = ",\n".join(f"  {name} = {{{value}}}" for name, value in rows)
        return f"@{self.kind}{{{self.key},\n{body}\n}}"


_MSUCB_AUTHORS = ("Hung Tran-The", "Sunil Gupta", "Santu Rana", "Svetha Venkatesh")
_MSUCB_TITLE = "Trading Convergence Rate with Computational Budget in High Dimensional Bayesian Optimization"
_AAAI = "Proceedings of the AAAI Conference on Artificial Intelligence (AAAI 2020)"
_ICML = "Proceedings of the {nth} International Conference on Machine Learning (ICML {year})"

_ALL = (
    # ---- the four papers ------------------------------------------------------------------------------
    Reference("TranThe2020", "inproceedings", _MSUCB_AUTHORS, _MSUCB_TITLE, 2020, {"booktitle": _AAAI},
              "MS-UCB; cited alone where both copies print the same"),
    Reference("TranThe2020-ext", "misc", _MSUCB_AUTHORS, _MSUCB_TITLE, 2019,
              {"howpublished": "arXiv:1911.11950", "eprint": "1911.11950", "archiveprefix": "arXiv",
               "note": "Main text with the supplementary proofs (Lemmas 2-4, Props 1-4, Thms 3-5)"},
              "MS-UCB, the copy with the supplement (the catalogue's 000_c8e352b82f08aa0b.txt)"),
    Reference("TranThe2020-AAAI", "inproceedings", _MSUCB_AUTHORS, _MSUCB_TITLE, 2020,
              {"booktitle": _AAAI, "note": "Proceedings main text"},
              "MS-UCB, the proceedings main text (the catalogue's 002_61ae3868c3828f18.txt)"),
    Reference("Li2016", "inproceedings", ("Chun-Liang Li", "Kirthevasan Kandasamy", "Barnabás Póczos",
                                          "Jeff Schneider"),
              "High Dimensional Bayesian Optimization via Restricted Projection Pursuit Models", 2016,
              {"booktitle": "Proceedings of the 19th International Conference on Artificial Intelligence and "
                            "Statistics (AISTATS 2016)", "series": "Proceedings of Machine Learning Research",
               "volume": "51", "pages": "884--892"},
              "RPP-GP-UCB"),
    Reference("Kandasamy2015", "inproceedings",
              ("Kirthevasan Kandasamy", "Jeff Schneider", "Barnabás Póczos"),
              "High Dimensional Bayesian Optimisation and Bandits via Additive Models", 2015,
              {"booktitle": _ICML.format(nth="32nd", year=2015), "pages": "295--304",
               "note": "With appendices and the authors' erratum on Eq. (14)"},
              "Add-GP-UCB"),
    Reference("Ha2019", "inproceedings", ("Huong Ha", "Santu Rana", "Sunil Gupta", "Thanh Nguyen",
                                          "Hung Tran-The", "Svetha Venkatesh"),
              "Bayesian Optimization with Unknown Search Space", 2019,
              {"booktitle": "Advances in Neural Information Processing Systems 32 (NeurIPS 2019)"},
              "GPUCB-UBO"),
    # ---- the work they build on -----------------------------------------------------------------------
    Reference("Srinivas2010", "inproceedings", ("Niranjan Srinivas", "Andreas Krause", "Sham M. Kakade",
                                                "Matthias Seeger"),
              "Gaussian Process Optimization in the Bandit Setting: No Regret and Experimental Design", 2010,
              {"booktitle": _ICML.format(nth="27th", year=2010)},
              "GP-UCB (Alg. 1), its beta_t (Thms 1-2) and the information-gain lemmas (Lemmas 5.3-5.4)"),
    Reference("Srinivas2012", "article", ("Niranjan Srinivas", "Andreas Krause", "Sham M. Kakade",
                                          "Matthias W. Seeger"),
              "Information-Theoretic Regret Bounds for Gaussian Process Optimization in the Bandit Setting",
              2012,
              {"journal": "IEEE Transactions on Information Theory", "volume": "58", "number": "5",
               "pages": "3250--3265"},
              "the journal version of [Srinivas2010], the one [TranThe2020] cites (Lemmas 5.5-5.7)"),
    Reference("Rasmussen2006", "book", ("Carl Edward Rasmussen", "Christopher K. I. Williams"),
              "Gaussian Processes for Machine Learning", 2006, {"publisher": "MIT Press"},
              "the GP posterior (Alg. 2.1) and the marginal-likelihood gradient (Eq. 5.9)"),
    Reference("Rahimi2007", "inproceedings", ("Ali Rahimi", "Benjamin Recht"),
              "Random Features for Large-Scale Kernel Machines", 2007,
              {"booktitle": "Advances in Neural Information Processing Systems 20 (NIPS 2007)"},
              "random-Fourier-feature sample paths"),
    Reference("Chlebus2009", "article", ("E. Chlebus",),
              "An approximate formula for a partial sum of the divergent p-series", 2009,
              {"journal": "Applied Mathematics Letters", "volume": "22", "pages": "732--737"},
              "the p-series bounds that [TranThe2020-ext, Prop. 3] quotes"),
    Reference("Ghosal2006", "article", ("Subhashis Ghosal", "Anindya Roy"),
              "Posterior consistency of Gaussian process prior for nonparametric binary regression", 2006,
              {"journal": "The Annals of Statistics", "volume": "34", "number": "5", "pages": "2413--2429"},
              "the derivative-tail assumption (Assumption 1 of MS-UCB, Assumption 2 of Add-GP-UCB)"),
    Reference("Adler2007", "book", ("Robert J. Adler", "Jonathan E. Taylor"), "Random Fields and Geometry",
              2007, {"publisher": "Springer"}, "the Borell-TIS inequality behind the (a, b) estimator"),
    Reference("Wang2005", "article", ("X. Wang",), "Volumes of generalized unit balls", 2005,
              {"journal": "Mathematics Magazine", "volume": "78", "number": "5", "pages": "390--395"},
              "the L1-ball volume that [TranThe2020-ext, Lemma 4] cites"),
    Reference("Nemhauser1978", "article", ("George L. Nemhauser", "Laurence A. Wolsey", "Marshall L. Fisher"),
              "An analysis of approximations for maximizing submodular set functions - I", 1978,
              {"journal": "Mathematical Programming", "volume": "14"},
              "the (1 - 1/e) guarantee of the greedy information gain"),
    Reference("Duvenaud2011", "inproceedings", ("David Duvenaud", "Hannes Nickisch", "Carl Edward Rasmussen"),
              "Additive Gaussian Processes", 2011,
              {"booktitle": "Advances in Neural Information Processing Systems 24 (NIPS 2011)"},
              "the all-d-th-order additive kernel of [Kandasamy2015, §4.3]"),
    Reference("Gilboa2013", "inproceedings", ("Elad Gilboa", "Yunus Saatçi", "John P. Cunningham"),
              "Scaling Multidimensional Gaussian Processes using Projected Additive Approximations", 2013,
              {"booktitle": _ICML.format(nth="30th", year=2013)},
              "the projection-pursuit GP that [Li2016] learns W with (replaced here, see RPPGPUCB)"),
    Reference("Jones1993", "article", ("Donald R. Jones", "Cary D. Perttunen", "Bruce E. Stuckman"),
              "Lipschitzian optimization without the Lipschitz constant", 1993,
              {"journal": "Journal of Optimization Theory and Applications", "volume": "79"},
              "DIRECT, the acquisition optimiser of [Kandasamy2015] and [Li2016] (scipy.optimize.direct)"),
    Reference("Jones1998", "article", ("Donald R. Jones", "Matthias Schonlau", "William J. Welch"),
              "Efficient Global Optimization of Expensive Black-Box Functions", 1998,
              {"journal": "Journal of Global Optimization", "volume": "13"},
              "expected improvement"),
    Reference("Mockus1978", "incollection", ("Jonas Močkus", "Vytautas Tiešis", "Antanas Žilinskas"),
              "The application of Bayesian methods for seeking the extremum", 1978,
              {"booktitle": "Towards Global Optimisation 2", "publisher": "North-Holland"},
              "expected improvement"),
    Reference("Qian2016", "inproceedings", ("Hong Qian", "Yi-Qi Hu", "Yang Yu"),
              "Derivative-Free Optimization of High-Dimensional Non-Convex Functions by Sequential Random "
              "Embeddings", 2016,
              {"booktitle": "Proceedings of the 25th International Joint Conference on Artificial "
                            "Intelligence (IJCAI 2016)", "pages": "1946--1952"},
              "the ramp-loss classification task of [TranThe2020, §Experiments] and the SRE baseline"),
    # ---- the baselines ([Kandasamy2015], [Li2016], [TranThe2020], [Ha2019] compare against) ----------------
    Reference("Gablonsky2001", "article", ("Joerg M. Gablonsky", "Carl T. Kelley"),
              "A Locally-Biased form of the DIRECT Algorithm", 2001,
              {"journal": "Journal of Global Optimization", "volume": "21", "pages": "27--37"},
              "DIRECT-L, scipy.optimize.direct's default (the DIRECTSearch baseline)"),
    Reference("Kirschner2019", "inproceedings", ("Johannes Kirschner", "Mojmír Mutný", "Nicole Hiller",
                                                 "Rasmus Ischebeck", "Andreas Krause"),
              "Adaptive and Safe Bayesian Optimization in High Dimensions via One-Dimensional Subspaces",
              2019, {"booktitle": _ICML.format(nth="36th", year=2019), "pages": "3429--3438"},
              "the LineBO baseline of [TranThe2020]"),
    Reference("Li2017", "inproceedings", ("Cheng Li", "Sunil Gupta", "Santu Rana", "Vu Nguyen",
                                          "Svetha Venkatesh", "Alistair Shilton"),
              "High Dimensional Bayesian Optimization using Dropout", 2017,
              {"booktitle": "Proceedings of the 26th International Joint Conference on Artificial "
                            "Intelligence (IJCAI 2017)", "pages": "2096--2102"},
              "the DropoutUCB baseline of [TranThe2020]"),
    Reference("Wang2013", "inproceedings", ("Ziyu Wang", "Masrour Zoghi", "Frank Hutter", "David Matheson",
                                            "Nando de Freitas"),
              "Bayesian Optimization in High Dimensions via Random Embeddings", 2013,
              {"booktitle": "Proceedings of the 23rd International Joint Conference on Artificial "
                            "Intelligence (IJCAI 2013)", "pages": "1778--1784"},
              "the REMBO baseline of [TranThe2020], [Li2016] and [Kandasamy2015]"),
    Reference("Wang2016", "article", ("Ziyu Wang", "Frank Hutter", "Masrour Zoghi", "David Matheson",
                                      "Nando de Freitas"),
              "Bayesian Optimization in a Billion Dimensions via Random Embeddings", 2016,
              {"journal": "Journal of Artificial Intelligence Research", "volume": "55", "pages": "361--387"},
              "the journal version of [Wang2013] (REMBO's algorithm box and its [-sqrt d, sqrt d]^d box)"),
    Reference("Nayebi2019", "inproceedings", ("Amin Nayebi", "Alexander Munteanu", "Matthias Poloczek"),
              "A Framework for Bayesian Optimization in Embedded Subspaces", 2019,
              {"booktitle": _ICML.format(nth="36th", year=2019), "pages": "4752--4761"},
              "the HeSBO baseline of [TranThe2020]"),
    Reference("Shahriari2016", "inproceedings", ("Bobak Shahriari", "Alexandre Bouchard-Côté",
                                                 "Nando de Freitas"),
              "Unbounded Bayesian Optimization via Regularization", 2016,
              {"booktitle": "Proceedings of the 19th International Conference on Artificial Intelligence "
                            "and Statistics (AISTATS 2016)", "pages": "1168--1176"},
              "the EI-Volx2, GPUCB-Volx2, EI-H and EI-Q baselines of [Ha2019]"),
    Reference("Nguyen2017", "inproceedings", ("Vu Nguyen", "Sunil Gupta", "Santu Rana", "Cheng Li",
                                              "Svetha Venkatesh"),
              "Bayesian Optimization in Weakly Specified Search Space", 2017,
              {"booktitle": "IEEE International Conference on Data Mining (ICDM 2017)", "pages": "347--356"},
              "the GPUCB-FBO baseline of [Ha2019]"),
    Reference("Picheny2013", "article", ("Victor Picheny", "Tobias Wagner", "David Ginsbourger"),
              "A benchmark of kriging-based infill criteria for noisy optimization", 2013,
              {"journal": "Structural and Multidisciplinary Optimization", "volume": "48"},
              "the rescaled Hartmann-6 form"),
    Reference("Surjanovic2013", "misc", ("Sonja Surjanovic", "Derek Bingham"),
              "Virtual Library of Simulation Experiments: Test Functions and Datasets", 2013,
              {"howpublished": "Simon Fraser University, https://www.sfu.ca/~ssurjano/"},
              "the standard forms of the benchmark functions (catalogue §7)"),
    # ---- the statistics of the decisions (regretlab.decisions.compare) --------------------------------
    Reference("Wilcoxon1945", "article", ("Frank Wilcoxon",), "Individual Comparisons by Ranking Methods",
              1945, {"journal": "Biometrics Bulletin", "volume": "1", "pages": "80--83"},
              "the signed-rank test of paired runs"),
    Reference("MannWhitney1947", "article", ("Henry B. Mann", "Donald R. Whitney"),
              "On a Test of Whether one of Two Random Variables is Stochastically Larger than the Other",
              1947,
              {"journal": "Annals of Mathematical Statistics", "volume": "18", "pages": "50--60"},
              "the rank-sum test of unpaired runs"),
    Reference("Holm1979", "article", ("Sture Holm",),
              "A Simple Sequentially Rejective Multiple Test Procedure", 1979,
              {"journal": "Scandinavian Journal of Statistics", "volume": "6", "pages": "65--70"},
              "Holm's correction over the claims of an item"),
    Reference("Kruskal1952", "article", ("William H. Kruskal", "W. Allen Wallis"),
              "Use of Ranks in One-Criterion Variance Analysis", 1952,
              {"journal": "Journal of the American Statistical Association", "volume": "47",
               "pages": "583--621"},
              "the check that runs of one method made at different commits do not differ"),
    Reference("Lehmann1975", "book", ("Erich L. Lehmann",),
              "Nonparametrics: Statistical Methods Based on Ranks", 1975, {"publisher": "Holden-Day"},
              "the exact conditional null distribution of a rank statistic on tied data"),
    Reference("Berger1982", "article", ("Roger L. Berger",),
              "Multiparameter Hypothesis Testing and Acceptance Sampling", 1982,
              {"journal": "Technometrics", "volume": "24", "pages": "295--300"},
              "the intersection-union test: a claim refuted (confirmed) only under every reading"),
    Reference("Schuirmann1987", "article", ("Donald J. Schuirmann",),
              "A Comparison of the Two One-Sided Tests Procedure and the Power Approach for Assessing the "
              "Equivalence of Average Bioavailability", 1987,
              {"journal": "Journal of Pharmacokinetics and Biopharmaceutics", "volume": "15",
               "pages": "657--680"},
              "two one-sided tests for 'similar' claims"),
    Reference("LanDeMets1983", "article", ("K. K. Gordon Lan", "David L. DeMets"),
              "Discrete Sequential Boundaries for Clinical Trials", 1983,
              {"journal": "Biometrika", "volume": "70", "pages": "659--663"}, "alpha-spending functions"),
    Reference("JennisonTurnbull2000", "book", ("Christopher Jennison", "Bruce W. Turnbull"),
              "Group Sequential Methods with Applications to Clinical Trials", 2000,
              {"publisher": "Chapman and Hall/CRC"}, "group-sequential designs, error spending (ch. 7)"),
    Reference("Agarwal2021", "inproceedings", ("Rishabh Agarwal", "Max Schwarzer", "Pablo Samuel Castro",
                                               "Aaron Courville", "Marc G. Bellemare"),
              "Deep Reinforcement Learning at the Edge of the Statistical Precipice", 2021,
              {"booktitle": "Advances in Neural Information Processing Systems 34 (NeurIPS 2021)"},
              "the probability of improvement and bootstrap intervals of effects"),
    Reference("Colas2018", "misc", ("Cédric Colas", "Olivier Sigaud", "Pierre-Yves Oudeyer"),
              "How Many Random Seeds? Statistical Power Analysis in Deep Reinforcement Learning Experiments",
              2018, {"howpublished": "arXiv:1806.08295"}, "runs needed from a pilot's effect"),
    Reference("HodgesLehmann1956", "article", ("J. L. Hodges", "E. L. Lehmann"),
              "The Efficiency of Some Nonparametric Competitors of the t-Test", 1956,
              {"journal": "Annals of Mathematical Statistics", "volume": "27", "pages": "324--335"},
              "the rank tests' smallest relative efficiency, 0.864"),
    Reference("Noether1987", "article", ("Gottfried E. Noether",),
              "Sample Size Determination for Some Common Nonparametric Tests", 1987,
              {"journal": "Journal of the American Statistical Association", "volume": "82", "number": "398",
               "pages": "645--647"},
              "runs needed and power of the rank tests (Mann-Whitney, Wilcoxon signed-rank)"),
    Reference("Jonckheere1954", "article", ("A. R. Jonckheere",),
              "A Distribution-Free k-Sample Test Against Ordered Alternatives", 1954,
              {"journal": "Biometrika", "volume": "41", "number": "1/2", "pages": "133--145"},
              "the test of a stated order of several methods (a trend claim)"),
    Reference("Kendall1970", "book", ("Maurice G. Kendall",), "Rank Correlation Methods", 1970,
              {"publisher": "Griffin", "edition": "4"},
              "Kendall's tau-b and its equivalence with the Jonckheere statistic"),
    Reference("Cohen1988", "book", ("Jacob Cohen",), "Statistical Power Analysis for the Behavioral Sciences",
              1988, {"publisher": "Lawrence Erlbaum", "edition": "2nd"},
              "the 'medium' standardised effect behind the equivalence margin"),
)

#: key -> :class:`Reference`, for every work cited in regretlab.
REFERENCES: dict[str, Reference] = {ref.key: ref for ref in _ALL}


def reference(key: str) -> Reference:
    """The reference of ``key``, matched case-insensitively; a ValueError names close keys otherwise.

    >>> reference("ha2019").title
    'Bayesian Optimization with Unknown Search Space'
    """
    return REFERENCES[match_name("key", key, list(REFERENCES), what="a cited work")]
