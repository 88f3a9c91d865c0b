"""The papers' algorithms (installed as ``regretlab.algorithms``); built by the algorithms issue."""
