"""Campaign: driving the runs a decision needs, at a known price, into archives that outlive a machine.

The sequential looks (:mod:`.sequential`: which runs the next look of an item needs, run cheapest-decision
first, then decided by :mod:`regretlab.decisions`), the prices of runs (:mod:`.cost`, calibrated by
:mod:`.calibrate`), and the checksummed run archives in ``paper_figures/runs/`` (:mod:`.archive`).
"""
