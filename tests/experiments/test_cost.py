"""The cost model (regretlab.campaign.cost): the fit recovers known exponents, an unmeasured option set
of a measured setup is priced by its setup, an unmeasured setup is not priced, and too few sizes fall back
to linear slopes; on the repository's archives, when present, the fit is close (rms log residual < 0.6)."""

import math
from pathlib import Path

import pytest

from regretlab.campaign.cost import CostModel, measured_points


def _points(a=None, b=1.3, c=0.4):
    a = a or {"Paper/GP-UCB": math.log(0.02), "Paper/Add(d=2)": math.log(0.05)}
    return [(m, B, D, math.exp(am + b * math.log(B) + c * math.log(D)))
            for m, am in a.items() for B in (50, 100, 400) for D in (2, 10, 24)]


def test_the_fit_recovers_known_exponents_and_intercepts():
    model = CostModel.fit(_points())
    assert model.slopes == pytest.approx((1.3, 0.4), abs=1e-9)
    assert model.residual == pytest.approx(0.0, abs=1e-9)
    assert model.seconds("Paper/GP-UCB", 1000, 50) == pytest.approx(0.02 * 1000**1.3 * 50**0.4, rel=1e-9)


def test_an_unmeasured_option_set_takes_its_setups_intercept_and_an_unmeasured_setup_none():
    model = CostModel.fit(_points(a={"Paper/Add(d=2)": 0.0, "Paper/Add(d=4)": 1.0}))
    assert model.seconds("Paper/Add(d=8)", 100, 10) == pytest.approx(math.exp(0.5 + 1.3 * math.log(100)
                                                                               + 0.4 * math.log(10)))
    assert model.seconds("Paper/REMBO", 100, 10) is None


def test_a_fit_on_tagged_points_prices_only_the_objectives_it_read():
    """Points tagged 'ackley' price an Ackley run and refuse a 'digits_mlp' one (the fit has no term for
    an objective's own cost); untagged points (the form above) price every objective."""
    tagged = CostModel.fit([(*p, "ackley") for p in _points()])
    assert tagged.objectives == frozenset({"ackley"})
    assert tagged.seconds("Paper/GP-UCB", 100, 10, "ackley") == pytest.approx(
        CostModel.fit(_points()).seconds("Paper/GP-UCB", 100, 10), rel=1e-12)
    assert tagged.seconds("Paper/GP-UCB", 100, 10, "digits_mlp") is None
    assert CostModel.fit(_points()).seconds("Paper/GP-UCB", 100, 10, "digits_mlp") is not None
    with pytest.raises(ValueError, match="objective"):
        tagged.seconds("Paper/GP-UCB", 100, 10, ["ackley"])


def test_one_size_only_gives_linear_slopes_and_no_residual():
    model = CostModel.fit([("Paper/GP-UCB", 100, 10, 5.0), ("Paper/GP-UCB", 100, 10, 7.0)])
    assert model.slopes == (1.0, 1.0) and math.isnan(model.residual)
    assert model.seconds("Paper/GP-UCB", 200, 10) == pytest.approx(12.0)


def test_no_points_prices_nothing():
    assert CostModel.fit([]).seconds("Paper/GP-UCB", 100, 10) is None


def test_the_repositorys_archives_are_fitted_closely():
    """The shared-slope model fits the repository's archived (method, B, D) means to an rms log residual
    below 0.6 (a typical factor 1.8). It was below 0.5 until TranThe2020 Fig. 4's first D = 500 MS-UCB run
    (2715 CPU s against 169 at D = 100: 16x for 5x D, where the shared D slope is 0.17) made it 0.51; a
    method's own steep D-dependence is what one shared slope cannot follow, and the runs it prices are the
    fitted ones only (20 of full mode's runs at this commit, ~0 core-h: calibrations and measured twins come
    first)."""
    root = Path(__file__).resolve().parents[2] / "paper_figures"
    if not (root / "runs").is_dir():
        pytest.skip("no archived runs in this checkout (paper_figures/runs)")
    points = measured_points(root)
    model = CostModel.fit(points)
    assert len(points) > 100 and model.n_points >= 10
    assert model.residual < 0.6, model.describe()


@pytest.mark.parametrize("bad", [{"budget": 0}, {"dim": 0}, {"budget": 2.5}])
def test_bad_sizes_are_clear_errors(bad):
    model = CostModel.fit(_points())
    args = {"budget": 100, "dim": 10, **bad}
    with pytest.raises(ValueError, match=next(iter(bad))):
        model.seconds("Paper/GP-UCB", args["budget"], args["dim"])


def test_a_negative_per_evaluation_guess_is_a_clear_error(tmp_path):
    from regretlab.campaign.cost import price

    with pytest.raises(ValueError, match="seconds_per_evaluation"):
        price([], tmp_path, {}, seconds_per_evaluation=-1.0)


def test_a_run_of_an_objective_the_archives_never_timed_is_not_priced_by_the_fit(tmp_path):
    """With the manifests of Ha2019 Fig. 3's and Fig. 4's elastic-net runs only (copied from the
    repository's archives, when present): Ha2019's methods are fitted from runs on synthetic functions and
    the digits elastic net, so a run on the digits MLP (a network trained per evaluation) is priced by its
    spec's per-evaluation guess ('estimated'), not by the fit, which would price it as one of those cheap
    objectives (0.09 core-h for the MLP panel instead of ~2); the same methods on the elastic net are
    fitted."""
    import shutil

    from regretlab.campaign.cost import measured_objectives, price
    from regretlab.experiments import registry

    root = Path(__file__).resolve().parents[2] / "paper_figures" / "runs"
    names = ("Ha2019.fig3.json", "Ha2019.fig4a.json")
    if not all((root / name).is_file() for name in names):
        pytest.skip("no archived Ha2019 runs in this checkout (paper_figures/runs)")
    (tmp_path / "runs").mkdir()
    for name in names:
        shutil.copy(root / name, tmp_path / "runs" / name)
    assert {"digits_elasticnet", "beale"} <= measured_objectives(tmp_path)   # tags: names without D
    assert "digits_mlp" not in measured_objectives(tmp_path)
    mlp = registry.get("Ha2019.fig4b")
    runs = mlp.runs("full")[:8]
    seconds, how = price(runs, tmp_path, {}, seconds_per_evaluation=mlp.seconds_per_evaluation)
    assert how == "estimated" and seconds == pytest.approx(sum(r.budget for r in runs) * 1.3)
    net = registry.get("Ha2019.fig4a")
    assert price(net.runs("full")[:8], tmp_path, {}, seconds_per_evaluation=10.0)[1] == "fitted"


def test_a_run_in_two_archives_is_one_measurement_and_spellings_of_one_configuration_are_one_method(
        tmp_path):
    """Two items' archives that both hold a shared run list it twice: the measured points and the measured
    groups count it once (twice, it would weigh double in a mean). Fig. 2's and Fig. 3's spellings of
    MS-UCB's defaults (spec.SAME_RUNS_AS) are one method of the fit."""
    import json

    from regretlab.campaign.cost import _measured_groups

    folder = tmp_path / "runs"
    folder.mkdir()
    member = {"run_key": "k1", "method": "TranThe2020/MS-UCB(d=5)", "problem": "Ackley-100", "budget": 300,
              "dim": 100, "cpu_seconds": 60.0, "path": "runs/k1/x__ackley100__000__k1.npz"}
    other = {**member, "run_key": "k2", "method": "TranThe2020/MS-UCB(N0=1, alpha=0.0)", "cpu_seconds": 90.0}
    (folder / "a.json").write_text(json.dumps({"members": [member]}))
    (folder / "b.json").write_text(json.dumps({"members": [member, other]}))
    points = measured_points(tmp_path)
    assert len(points) == 2 and {p[0] for p in points} == {'["TranThe2020/MS-UCB", {"d": 5.0}]'}
    assert list(_measured_groups(tmp_path).values()) == [[60.0, 90.0]]
