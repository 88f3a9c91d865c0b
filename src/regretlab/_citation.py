"""How to cite regretlab itself: the software's BibTeX, kept in step with the repository's ``CITATION.cff``
(a test compares the two; the wheel carries this module, not the file)."""

from __future__ import annotations

from regretlab._version import __version__

__all__ = ["TITLE", "AUTHORS", "DATE_RELEASED", "software_bibtex"]

#: The title and authors of ``CITATION.cff``.
TITLE = ("regretlab: a theory-verification and reproducibility suite for high-dimensional Bayesian "
         "optimisation")
AUTHORS = "The regretlab developers"
#: ``CITATION.cff``'s date-released of this version (its year is the entry's year). The project has no
#: public address yet, so the entry carries no url; the version and this date identify what was used.
DATE_RELEASED = "2026-12-07"


def software_bibtex() -> str:
    """The BibTeX ``@software`` entry of this version of regretlab."""
    year, month = DATE_RELEASED[:4], int(DATE_RELEASED[5:7])
    return (f"@software{{regretlab,\n  title = {{{TITLE}}},\n  author = {{{{{AUTHORS}}}}},\n"
            f"  version = {{{__version__}}},\n  year = {{{year}}},\n  month = {{{month}}},\n"
            f"  license = {{BSD-3-Clause}}\n}}")
