"""How to cite regretlab itself: the software's BibTeX, kept in step with the repository's ``CITATION.cff``
(a test compares the two; the wheel carries this module, not the file)."""

from __future__ import annotations

from regretlab._version import __version__

__all__ = ["TITLE", "AUTHORS", "software_bibtex"]

#: The title and authors of ``CITATION.cff``.
TITLE = ("regretlab: a theory-verification and reproducibility suite for high-dimensional Bayesian "
         "optimisation")
AUTHORS = "The regretlab developers"


def software_bibtex() -> str:
    """The BibTeX ``@software`` entry of this version of regretlab."""
    return (f"@software{{regretlab,\n  title = {{{TITLE}}},\n  author = {{{{{AUTHORS}}}}},\n"
            f"  version = {{{__version__}}},\n  license = {{BSD-3-Clause}}\n}}")
