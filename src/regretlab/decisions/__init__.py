"""Decisions: judging the runs :mod:`regretlab.experiments` made against the papers' claims.

The claims as data, each quoted and located, with every reading the words allow (:mod:`.claims`); the
statistics of a comparison (:mod:`.compare`); the sequential, Holm-corrected decision procedure
(:mod:`.decide`); the measured diagnoses of a verdict (:mod:`.diagnosis`, the best cases of :mod:`.floors`);
and the pre-registration of a setup reading (:mod:`.preregister`). Nothing here runs an optimiser: the runs
come from :mod:`regretlab.experiments`, and :mod:`regretlab.campaign` decides which to run next.
"""
