"""What the engine, archive and campaign tests share: a tiny spec, records as if made from a committed tree,
and a setup value changed under the stored runs (imported by name: ``conftest.py`` puts this folder on
``sys.path``)."""

from regretlab.experiments import Mode, Problem, Spec

#: A tiny spec: two cheap methods, the 2-D camel on its domain, 3 repeats of 8 evaluations.
TINY = Spec(
    key="Test.tiny", paper="Test", reference="[Ha2019, §6]", title="tiny", kind="curves",
    methods=("Kandasamy2015/RAND", "Ha2019/EI-Vanilla"), problems=(Problem("camelback", label="Camel"),),
    modes={"quick": Mode(3, (("Camel", 8),)), "full": Mode(3, (("Camel", 8),))},
)


def change_a_setup_value(monkeypatch) -> None:
    """Ha2019/EI-Vanilla's n_init one more than its value (monkeypatched): its stored runs become stale."""
    from dataclasses import replace as dc_replace

    from regretlab.algorithms import setups
    from regretlab.experiments import record

    original = setups.SETUPS["Ha2019/EI-Vanilla"]
    changed = dict(original.settings)
    changed["n_init"] = dc_replace(changed["n_init"], value=changed["n_init"].resolve(2) + 1, shown="",
                                   per_dimension=False)
    monkeypatch.setitem(setups.SETUPS, "Ha2019/EI-Vanilla", dc_replace(original, settings=changed))
    record.settings_fingerprint.cache_clear()


# ---- archive -----------------------------------------------------------------------------------------------
def clean_provenance(monkeypatch, commit="0123456789abcdef0123456789abcdef01234567"):
    """Records as if made from a committed tree (the test checkout may have uncommitted changes)."""
    from regretlab.experiments import record

    real = record.provenance
    monkeypatch.setattr(record, "provenance", lambda _commit=None: {**real(), "commit": commit,
                                                                     "dirty": commit.endswith("+dirty")})
