"""The shared validators refuse what is not a number, say what was given, and never wrap integers
([issue: reliability]): None, strings, bools, empty arrays; 1e308 and 2**70 for an integer; arrays for a
choice."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab._validate import check_choice, check_integer, check_real


@pytest.mark.parametrize(("value", "shown"), [(None, "p=None is not a real number"),
                                              (True, "p=True is not a real number"),
                                              ("0.5", "p='0.5' is not a real number"),
                                              (np.array([]), "p is an empty array"),
                                              (["a", "b"], "is not a real number")])
def test_check_real_refuses_what_is_not_a_number(value, shown):
    with pytest.raises(ValueError, match=shown):
        check_real("p", value, low=0.0)


@pytest.mark.parametrize(("value", "shown"), [(1e308, r"p=1e\+308 is outside its domain"),
                                              (2**70, "p=1180591620717411303424 is outside its domain"),
                                              (-(2**70), "p=-1180591620717411303424 is outside"),
                                              (None, "p=None is not an integer"),
                                              (np.array([]), "p is an empty array"),
                                              (float("nan"), "p=nan is not an integer")])
def test_check_integer_reports_the_value_as_given_and_never_wraps(value, shown):
    with pytest.raises(ValueError, match=shown) as info:
        check_integer("p", value, low=1)
    assert "-9223372036854775808" not in str(info.value)


def test_valid_values_pass_unchanged():
    assert check_integer("n", 3.0, low=1) == 3 and check_integer("n", np.int64(7)) == 7
    np.testing.assert_array_equal(check_integer("n", [1, 2], low=0), [1, 2])
    assert check_real("x", np.float32(0.5)) == 0.5 and check_real("x", 2**40) == float(2**40)
    np.testing.assert_array_equal(check_real("x", [[1, 2]]), [[1.0, 2.0]])
    assert check_choice("reading", "A", ("A", "B")) == "A"


@pytest.mark.parametrize("value", [np.array(["A", "B"]), ["A"], {"A": 1}, np.array("A")])
def test_check_choice_refuses_arrays_and_containers_with_its_own_message(value):
    with pytest.raises(ValueError, match=r"reading=.* is not one of \['A', 'B'\]"):
        check_choice("reading", value, ("A", "B"))


def test_a_formula_that_overflows_from_finite_inputs_says_so():
    """[TranThe2020, Lemma 3]'s β_t with a = 1e308: log(6 D a / δ) overflows to inf; the formula raises
    instead of returning inf silently (every input of a formula is validated finite, so a non-finite result
    is an overflow). The message names the formula and its inputs, the most extreme first."""
    from regretlab.bounds import ms_ucb

    with pytest.raises(ValueError, match=r"ms_ucb.beta_t: .* for these finite inputs \(a=1e\+308, "):
        ms_ucb.beta_t(t=1, d=2, D=5, a=1e308, b=1.0, delta=0.1)
    assert np.isfinite(ms_ucb.beta_t(t=1, d=2, D=5, a=1e100, b=1.0, delta=0.1))


def test_a_reading_error_names_the_callers_parameter():
    """prop1_rt_bound passes its beta_reading / v0_reading on: the message names them, not `reading`."""
    from regretlab.bounds import ms_ucb

    common = dict(t=1, sigma=0.1, d=2, D=5, a=1.0, b=1.0, delta=0.1, Zt_size=10)
    with pytest.raises(ValueError, match="^beta_reading='Z'"):
        ms_ucb.prop1_rt_bound(**common, beta_reading="Z")
    with pytest.raises(ValueError, match="^v0_reading='Z'"):
        ms_ucb.prop1_rt_bound(**common, v0_reading="Z")


def test_messages_name_the_parameter_the_caller_passed():
    """Kernel.with_theta names theta (log space), prop9 names f_star / z_star, lemma12 names mu_tilde."""
    from regretlab.bounds import rpp
    from regretlab.gp import SquaredExponential

    with pytest.raises(ValueError, match=r"^theta\[0\]=1000.0 \(lengthscale in log space\)"):
        SquaredExponential().with_theta([1000.0, 0.0])
    with pytest.raises(ValueError, match="^f_star=nan"):
        rpp.prop9_approximation(f_star=np.nan, Q=np.eye(2), z=np.zeros(2), z_star=np.zeros(2))
    with pytest.raises(ValueError, match="^z_star contains a non-finite value"):
        rpp.prop9_approximation(f_star=1.0, Q=np.eye(2), z=np.zeros(2), z_star=[np.nan, 0.0])
    with pytest.raises(ValueError, match="^mu_tilde=nan"):
        rpp.lemma12_holds(g_xt=1.0, g_xstar=1.0, mu_tilde=np.nan, sigma=1.0, beta_t=1.0, t=1, C=1.0,
                          epsilon=0.1)


def test_a_box_too_wide_to_compute_with_is_refused_by_every_algorithm_up_front():
    """bounds [-1e308, 1e308]: the width overflows and uniform draws would die in numpy; refused at
    construction, naming the row."""
    from regretlab.algorithms import GPUCB, MSUCB, RandomSearch

    box = np.array([[0.0, 1.0], [-1e308, 1e308]])
    for algorithm in (GPUCB, MSUCB, RandomSearch):
        with pytest.raises(ValueError, match=r"bounds\[1\]=\[-1e\+308, 1e\+308\] is too wide"):
            algorithm(box, rng=0)


@pytest.mark.parametrize("flag", [float("nan"), "abc", None, 1])
def test_flags_are_bools(flag):
    from regretlab.bounds import information_gain, rpp

    with pytest.raises(ValueError, match="^repeats=.* is not a bool"):
        information_gain.greedy_information_gain(K=np.eye(3), T=2, sigma=0.1, repeats=flag)
    with pytest.raises(ValueError, match="^equal_var=.* is not a bool"):
        rpp.ttest(mean_a=1.0, se_a=0.1, mean_b=2.0, se_b=0.1, equal_var=flag)


def test_messages_name_what_the_caller_passed():
    """Issue 27 item 11: each error names the caller's parameter, not numpy's reduction or an internal name.
    An empty batch to a kernel is an empty matrix (math, not an error); GP.fit on no data says so; append of
    a batch to an empty GP blames x; dim too small for the trimodal groups names dim; Eq. (14) names
    K_components; Prop. 9 names Q."""
    from regretlab import objectives
    from regretlab.bounds.add_gp_ucb import eq14_chain
    from regretlab.bounds.rpp.approximation import prop9_approximation
    from regretlab.gp import GP, SquaredExponential
    from regretlab.gp.kernels import Matern32, Matern52

    for kernel in (SquaredExponential(lengthscale=1.0), Matern32(lengthscale=1.0), Matern52(lengthscale=1.0)):
        assert kernel(np.empty((0, 2))).shape == (0, 0)
        assert kernel(np.empty((0, 2)), np.ones((3, 2))).shape == (0, 3)
    gp = GP(SquaredExponential(lengthscale=1.0), noise_variance=0.1)
    with pytest.raises(ValueError, match=r"X has shape \(0, 2\); fit needs at least one observation"):
        gp.fit(np.empty((0, 2)), np.empty(0))
    with pytest.raises(ValueError, match=r"x has shape \(2, 2\); append takes a single point"):
        gp.append(np.zeros((2, 2)), 0.5)
    with pytest.raises(ValueError, match=r"dim=1 is too small for group_dim=3 x n_groups=3"):
        objectives.get("additive_trimodal", dim=1)
    with pytest.raises(ValueError, match=r"^K_components: "):
        eq14_chain(K_components=np.full((2, 3, 3), 1e308), eta=0.1)
    from regretlab.bounds.ms_ucb.experiments import ramp_objective

    with pytest.raises(ValueError, match=r"^w: \|w\|\^2 / 2 or the margins"):
        ramp_objective(w=np.array([1e308, 1.0]), b=0.0, V=np.eye(2), y=np.array([1, -1]), C=1.0)
    with pytest.raises(ValueError, match=r"^Q: -Q Q\^T overflows"):
        prop9_approximation(f_star=1.0, Q=np.full((2, 2), 1e308), z=np.zeros(2), z_star=np.ones(2))
