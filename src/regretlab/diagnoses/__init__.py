"""Measured diagnoses beside a verdict: computations on the objectives and the algorithms that explain a
decision but never make one (issue 77: the judging room, :mod:`regretlab.decisions`, only judges).

- :mod:`.diagnosis`: each item's measured statements (the paper's printed numbers against ours, the value
  at the box centre every embedding contains, the additive share of a substitute, MS-UCB's runs against
  the best case of printed Alg. 1); a decision record cites their results.
- :mod:`.floors`: the best case of printed Alg. 1 and inside an embedding (L-BFGS-B on the objectives).
- :mod:`.roles`: which diagnosis applies to a method, from its algorithm's class (declared data, not a
  substring of its name).

Layer: above the decisions (it reads their pre-registrations), below the campaign and the figures that
show its results.
"""
