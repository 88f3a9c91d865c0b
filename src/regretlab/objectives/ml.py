r"""Objectives built on data: offline **substitutes** for the papers' real tasks (catalogue §6).

None of the papers' data sets ships offline (MNIST, Gisette, the SDSS LRG likelihood, the Viola-Jones faces),
so every objective here is a substitute, built from data bundled with scikit-learn (``load_digits``, 1,797
8×8 images) or from a seeded synthetic model. Each says what it replaces and what differs in
:attr:`~DataObjective.substitute`; figures, tables and notebooks built on them carry that label. Their
numbers cannot be compared with the papers' numbers, only the orderings of methods can.

Same contract as the synthetic objectives (:class:`regretlab.objectives.Objective`): maximisation, a box,
batched noiseless ``evaluate``, deterministic for a given ``seed``, finite everywhere on the box. One
difference: the maximum is not known (``optimum_known = False``, ``optimum_value`` is NaN and ``optimizers``
holds a reference point, the box's centre or the data's fiducial point), so only the best value found is
plotted, never a regret.

scikit-learn is needed (``pip install 'regretlab[ml]'``); it is imported when an objective is built.
"""

from __future__ import annotations

import functools
import warnings

import numpy as np
from scipy.special import log_softmax

from regretlab._losses import ramp
from regretlab._rng import stream
from regretlab._validate import DIM_LIMIT, MAGNITUDE_LIMIT, check_count, check_integer, check_number

from .base import Objective

__all__ = ["DataObjective", "DigitsElasticNet", "DigitsMLP", "DigitsNN", "GisetteRamp", "SDSSSurrogate",
           "VJSurrogate"]


def _sklearn():
    try:
        import sklearn  # noqa: F401
    except ImportError as exc:  # pragma: no cover - the test extras install it
        raise ImportError("the data-based substitute objectives need scikit-learn: pip install "
                          "scikit-learn (in a clone: pip install '.[ml]'; from the index: "
                          "pip install 'regretlab[ml]')") from exc
    from sklearn import datasets, model_selection  # lazy: scikit-learn is the ml extra, optional

    return datasets, model_selection


@functools.lru_cache(maxsize=1)
def _digits() -> tuple[np.ndarray, np.ndarray]:
    """scikit-learn's bundled digits, pixels scaled to [0, 1] (read-only arrays, cached per process)."""
    datasets, _ = _sklearn()
    data = datasets.load_digits()
    X, y = data.data / 16.0, data.target.astype(int)
    X.setflags(write=False)
    y.setflags(write=False)
    return X, y


class DataObjective(Objective):
    """Base of the data-based substitutes: a box, a reference point, no known optimum."""

    optimum_known = False
    #: What the objective replaces and what differs (shown in figures, tables and notebooks).
    substitute: str = ""

    def _set_box(self, bounds, reference) -> None:
        super()._set_domain(bounds, np.atleast_2d(reference))
        self.reference_value = self.optimum_value
        self.optimum_value = float("nan")  # the maximum over the box is not known

    def describe(self) -> dict:
        info = super().describe()
        info["substitute"] = self.substitute
        return info


# ----------------------------------------------------------------------------------------------- digits NN
class DigitsNN(DataObjective):
    r"""[TranThe2020, §"Neural Network Parameter Search", Fig. 4] on scikit-learn's digits (substitute for
    MNIST).

    A one-hidden-layer network 64 → h (ReLU) → 10 (softmax). BO chooses the output weights
    :math:`\mathbf W_2\in\mathbb R^{h\times10}` (:math:`D=10h`: 100 for h = 10, 500 for h = 50, as the paper);
    for each :math:`\mathbf W_2` the first layer :math:`\mathbf W_1` and both biases are trained by Adam on
    the training split from a fixed seeded start (the paper, after [Nayebi2019]); the value is minus the
    cross-entropy on the validation split. Maximised.

    Parameters
    ----------
    dim : int, default 100
        :math:`D=10h`, a multiple of 10.
    steps : int, default 60
        Full-batch Adam steps per evaluation (the paper's epochs are not stated; chosen so that one
        evaluation takes tens of milliseconds).
    learning_rate : float, default 0.01
        Adam's step size (not stated; Adam's usual default is 1e-3, raised because the steps are few).
    seed : int, default 0
        The train/validation split (70/30, stratified) and the initial :math:`\mathbf W_1`.

    Notes
    -----
    Box :math:`[-1,1]^D` (not stated in the paper; MS-UCB's experiments rescale every box to it). What
    differs from the paper: 1,797 8×8 digits instead of 70000 28×28 MNIST images, so 64 inputs instead of
    784 (:math:`\mathbf W_2` keeps its size h × 10); Adam by a fixed number of full-batch steps.
    """

    name = "digits_nn"
    substitute = ("substitute for MNIST (digits-NN): scikit-learn's 1,797 8×8 digits (64 inputs instead of "
                  "784), W1 trained by a fixed number of full-batch Adam steps per evaluation")

    def __init__(self, dim=None, *, steps: int = 60, learning_rate: float = 0.01, seed: int = 0,
                 noise_std: float = 0.0, rng=None, enforce_bounds: bool = True):
        super().__init__(noise_std=noise_std, rng=rng, enforce_bounds=enforce_bounds)
        dim = check_count("dim", 100 if dim is None else dim, low=10, high=DIM_LIMIT)
        if dim % 10:
            raise ValueError(f"dim={dim} must be a multiple of 10 (D = 10 h for W2 of size h x 10)")
        self.hidden = dim // 10
        self.steps = check_count("steps", steps, low=1)
        # Adam moves each weight by about learning_rate per step: beyond 1e6 the products of weights and
        # pixels overflow and the loss is inf (a limit of this implementation, not of the paper)
        self.learning_rate = check_number("learning_rate", learning_rate, low=0.0, high=1e6, low_open=True)
        self.seed = check_integer("seed", seed, low=0)
        _, model_selection = _sklearn()
        X, y = _digits()
        self._Xtr, self._Xva, ytr, yva = model_selection.train_test_split(
            X, y, test_size=0.3, stratify=y, random_state=self.seed)
        self._Ytr = np.eye(10)[ytr]
        self._yva = yva
        start = np.random.default_rng(stream(self.seed, 1))
        self._W1_0 = start.normal(0.0, np.sqrt(2.0 / 64), size=(64, self.hidden))  # He initialisation
        self._set_box([(-1.0, 1.0)] * dim, np.zeros(dim))

    @staticmethod
    def _log_softmax(Z: np.ndarray) -> np.ndarray:
        return log_softmax(Z, axis=1)

    def _loss_one(self, w: np.ndarray) -> float:
        W2 = w.reshape(self.hidden, 10)
        W1, b1, b2 = self._W1_0.copy(), np.zeros(self.hidden), np.zeros(10)
        params = [W1, b1, b2]
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        n = self._Xtr.shape[0]
        # Adam (Kingma & Ba 2015) written out: no library trains one layer of a network with another layer
        # held fixed at values chosen from outside, and these few lines keep the objective numpy-only.
        for step in range(1, self.steps + 1):
            A = self._Xtr @ W1 + b1
            H = np.maximum(A, 0.0)
            P = np.exp(self._log_softmax(H @ W2 + b2))
            G = (P - self._Ytr) / n                     # d loss / d logits
            dH = (G @ W2.T) * (A > 0)
            grads = [self._Xtr.T @ dH, dH.sum(axis=0), G.sum(axis=0)]
            for p, g, mi, vi in zip(params, grads, m, v, strict=True):
                mi *= 0.9
                mi += 0.1 * g
                vi *= 0.999
                vi += 1e-3 * g * g
                p -= self.learning_rate * (mi / (1 - 0.9**step)) / (np.sqrt(vi / (1 - 0.999**step)) + 1e-8)
        logp = self._log_softmax(np.maximum(self._Xva @ W1 + b1, 0.0) @ W2 + b2)
        return float(-logp[np.arange(self._yva.size), self._yva].mean())

    def _evaluate(self, X: np.ndarray) -> np.ndarray:
        return -np.array([self._loss_one(x) for x in X])


# ------------------------------------------------------------------------------------ digits elastic net
class DigitsElasticNet(DataObjective):
    r"""[Ha2019, §6.3, Fig. 4 (Elastic net)] on scikit-learn's digits (substitute for MNIST).

    An elastic-net linear classifier, scikit-learn's ``SGDClassifier(penalty="elasticnet")`` (the paper's
    model; its other settings scikit-learn's defaults, as none is stated), trained on the training split;
    the value is its accuracy, in percent, on the held-out split. Maximised. The point is
    :math:`x=(x_\alpha, x_l)`: the regularisation strength :math:`\alpha=10^{x_\alpha}` and the L1 ratio
    :math:`l=x_l`.

    Box :math:`[-3,-1]\times[0,1]` ([Ha2019, §6.3]). **The printed scales are swapped** (the claims list's
    ⚠): the paper tunes α "in the normal space" and l "in an exponent space (base 10)" over that box, which
    would make α negative and l a number in [1, 10] — neither a valid value. Read as the only valid
    assignment: α on a log10 scale over [−3, −1], l on a linear scale over [0, 1]. Beyond the box (GPUCB-UBO
    and the expanding methods search there; not stated in the paper) l is clipped to [0, 1] and
    :math:`x_\alpha` to [−10, 4] (below, α no longer regularises; above, every weight is zero).

    Parameters
    ----------
    dim : int, default 2
        Must be 2.
    seed : int, default 0
        The train/validation split (70/30, stratified) and the classifier's ``random_state``.

    Notes
    -----
    What differs from the paper: 1,797 8×8 digits instead of MNIST's 60000 28×28 images, and the accuracy
    on a held-out validation split where the paper tuned on MNIST's test set (catalogue §6).
    """

    name = "digits_elasticnet"
    substitute = ("substitute for MNIST (digits elastic net): scikit-learn's 1,797 8×8 digits, accuracy on a "
                  "held-out validation split")
    #: The range :math:`x_\alpha` is clipped to beyond the box (module docstring).
    LOG_ALPHA_RANGE = (-10.0, 4.0)

    def __init__(self, dim=None, *, seed: int = 0, noise_std: float = 0.0, rng=None,
                 enforce_bounds: bool = True):
        super().__init__(noise_std=noise_std, rng=rng, enforce_bounds=enforce_bounds)
        dim = check_count("dim", 2 if dim is None else dim, low=1, high=DIM_LIMIT)
        if dim != 2:
            raise ValueError(f"dim={dim} is outside its domain {{2}}: the elastic net has two "
                             "hyperparameters (log10 alpha, l1 ratio)")
        self.seed = check_integer("seed", seed, low=0)
        _, model_selection = _sklearn()
        X, y = _digits()
        self._Xtr, self._Xva, self._ytr, self._yva = model_selection.train_test_split(
            X, y, test_size=0.3, stratify=y, random_state=self.seed)
        self._set_box([(-3.0, -1.0), (0.0, 1.0)], [[-2.0, 0.5]])

    def _accuracy(self, x: np.ndarray) -> float:
        from sklearn.exceptions import ConvergenceWarning  # lazy: scikit-learn is the ml extra, optional
        from sklearn.linear_model import SGDClassifier  # lazy: scikit-learn is the ml extra, optional

        log_alpha = float(np.clip(x[0], *self.LOG_ALPHA_RANGE))
        model = SGDClassifier(penalty="elasticnet", alpha=10.0**log_alpha,
                              l1_ratio=float(np.clip(x[1], 0.0, 1.0)), random_state=self.seed)
        with warnings.catch_warnings():   # a few of the box's corners stop at max_iter: that is the model
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(self._Xtr, self._ytr)
        return 100.0 * float(model.score(self._Xva, self._yva))

    def _evaluate(self, X: np.ndarray) -> np.ndarray:
        return np.array([self._accuracy(x) for x in X])


# --------------------------------------------------------------------------------------------- digits MLP
class DigitsMLP(DataObjective):
    r"""[Ha2019, §6.3, Fig. 4 (Multilayer Perceptron)] on scikit-learn's digits (substitute for MNIST).

    The paper: "We construct a 2-layer MLP with 512 neurons/layer. We optimize three hyperparameters: the
    learning rate :math:`l` and the :math:`L_2` norm regularization hyperparameters :math:`l_{r1}` and
    :math:`l_{r2}` of the two layers. All the hyperparameters are tuned in the exponent space (base 10). The
    initial search space is a randomly placed unit cube in the cube :math:`[-6,-1]^3` [...] trained with the
    Adam optimizer in 20 epochs and the batch size is 128." Here: 64 → 512 (ReLU) → 512 (ReLU) → 10
    (softmax), trained on the training split by minibatch Adam (128 a batch, 20 epochs) on the cross-entropy
    plus :math:`l_{r1}\lVert\mathbf W_1\rVert^2+l_{r2}\lVert\mathbf W_2\rVert^2`; the value is the accuracy,
    in percent, on the held-out split. Maximised. The point is
    :math:`x=(\log_{10}l,\ \log_{10}l_{r1},\ \log_{10}l_{r2})`.

    Readings (not stated in the paper, each chosen as said): "2-layer ... 512 neurons/layer" as two hidden
    layers of 512 (TensorFlow's MNIST MLP example, 512-512-10, which the paper's MLP follows in size) and
    "the two layers" as those two hidden layers (the output layer is not regularised); He-normal initial
    weights, zero biases, Adam's default moments (0.9, 0.999, 1e-8); a penalty :math:`l_r\lVert W\rVert^2`
    summed over the weights (the Keras ``l2`` regulariser's form) added to the batch's mean cross-entropy.
    Beyond the box (GPUCB-UBO and the expanding methods search there) :math:`\log_{10}l` is clipped to
    [−10, 1] and the L2 exponents to [−12, 3]: every value stays a finite accuracy in [0, 100].

    Parameters
    ----------
    dim : int, default 3
        Must be 3.
    hidden : int, default 512
        Units of each hidden layer (the paper's 512).
    epochs : int, default 20
        Passes over the training split (the paper's 20).
    batch_size : int, default 128
        The paper's 128.
    seed : int, default 0
        The train/validation split (70/30, stratified), the initial weights and the batches' order (the
        same for every point: the objective is a deterministic function of x).

    Notes
    -----
    What differs from the paper: 1,797 8×8 digits (1,257 to train, 540 to validate) instead of MNIST's
    55000 28×28 training and 10000 test images, so 64 inputs instead of 784 and ten batches an epoch
    instead of 430; numpy in float32 instead of TensorFlow; accuracy on a held-out split where the paper
    tuned on MNIST's test set. No library in the dependencies trains an MLP with one L2 weight per layer
    (scikit-learn's ``MLPClassifier`` has one ``alpha`` for all of them), hence the training loop below.
    """

    name = "digits_mlp"
    substitute = ("substitute for MNIST (digits MLP): scikit-learn's 1,797 8×8 digits (64 inputs instead of "
                  "784), a numpy 512-512 MLP trained by Adam, accuracy on a held-out validation split")
    #: The ranges the exponents are clipped to beyond the box (class docstring).
    LOG_LR_RANGE = (-10.0, 1.0)
    LOG_L2_RANGE = (-12.0, 3.0)

    def __init__(self, dim=None, *, hidden: int = 512, epochs: int = 20, batch_size: int = 128, seed: int = 0,
                 noise_std: float = 0.0, rng=None, enforce_bounds: bool = True):
        super().__init__(noise_std=noise_std, rng=rng, enforce_bounds=enforce_bounds)
        dim = check_count("dim", 3 if dim is None else dim, low=1, high=DIM_LIMIT)
        if dim != 3:
            raise ValueError(f"dim={dim} is outside its domain {{3}}: the MLP has three hyperparameters "
                             "(log10 learning rate, log10 L2 weight of each hidden layer)")
        self.hidden = check_count("hidden", hidden, low=1, high=4096)
        self.epochs = check_count("epochs", epochs, low=1, high=1000)
        self.batch_size = check_count("batch_size", batch_size, low=1)
        self.seed = check_integer("seed", seed, low=0)
        _, model_selection = _sklearn()
        X, y = _digits()
        Xtr, Xva, ytr, yva = model_selection.train_test_split(
            X, y, test_size=0.3, stratify=y, random_state=self.seed)
        self._Xtr, self._Xva = Xtr.astype(np.float32), Xva.astype(np.float32)
        self._Ytr, self._yva = np.eye(10, dtype=np.float32)[ytr], yva
        draws = np.random.default_rng(stream(self.seed, 1))
        sizes = (64, self.hidden, self.hidden, 10)
        self._W0 = [draws.normal(0.0, np.sqrt(2.0 / a), size=(a, b)).astype(np.float32)  # He initialisation
                    for a, b in zip(sizes[:-1], sizes[1:], strict=True)]
        n = Xtr.shape[0]
        self._batches = [np.array_split(draws.permutation(n), -(-n // self.batch_size))
                         for _ in range(self.epochs)]
        self._set_box([(-6.0, -1.0)] * 3, [[-3.5, -3.5, -3.5]])

    @staticmethod
    def _forward(params: list, X: np.ndarray) -> tuple[list, np.ndarray]:
        """The forward pass: the activations [X, H1, H2] (ReLU hidden layers) and the output logits."""
        W, b = params[:3], params[3:]
        acts = [X]
        for k in range(2):
            acts.append(np.maximum(acts[-1] @ W[k] + b[k], 0.0))
        return acts, acts[-1] @ W[2] + b[2]

    @staticmethod
    def _loss_and_gradients(params: list, X: np.ndarray, Y: np.ndarray, l2: list) -> tuple[float, list]:
        r"""The batch's mean cross-entropy plus :math:`\sum_k l_{r,k}\lVert W_k\rVert^2` and its gradient in
        ``params`` = [W1, W2, W3, b1, b2, b3] (backpropagation written out; in the dtype of the inputs)."""

        W = params[:3]
        acts, logits = DigitsMLP._forward(params, X)
        logp = log_softmax(logits, axis=1)
        penalty = sum(float(c * np.sum(w * w)) for c, w in zip(l2, W, strict=True))
        loss = -float(np.sum(Y * logp)) / X.shape[0] + penalty
        G = (np.exp(logp) - Y) / X.shape[0]                  # d loss / d logits
        gW, gb = [None] * 3, [None] * 3
        for k in (2, 1, 0):
            gW[k] = acts[k].T @ G + 2.0 * l2[k] * W[k]      # d(l_r ||W||^2)/dW = 2 l_r W
            gb[k] = G.sum(axis=0)
            if k:
                G = (G @ W[k].T) * (acts[k] > 0)
        return loss, gW + gb

    def _train(self, x: np.ndarray) -> list:
        """The weights after Adam at the point ``x`` (its exponents clipped to the stated ranges)."""
        lr = np.float32(10.0 ** np.clip(x[0], *self.LOG_LR_RANGE))
        l2 = [np.float32(10.0 ** np.clip(v, *self.LOG_L2_RANGE)) for v in x[1:]] + [np.float32(0.0)]
        params = [w.copy() for w in self._W0] + [np.zeros(w.shape[1], np.float32) for w in self._W0]
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        step = 0
        # Adam (Kingma & Ba 2015) on minibatches, written out: see the class docstring for why by hand
        with np.errstate(over="ignore", invalid="ignore"):
            for epoch in self._batches:
                for rows in epoch:
                    step += 1
                    _, grads = self._loss_and_gradients(params, self._Xtr[rows], self._Ytr[rows], l2)
                    c1, c2 = 1 - 0.9**step, 1 - 0.999**step
                    for p, g, mi, vi in zip(params, grads, m, v, strict=True):
                        mi *= 0.9
                        mi += 0.1 * g
                        vi *= 0.999
                        vi += 1e-3 * g * g
                        p -= lr * (mi / c1) / (np.sqrt(vi / c2) + 1e-8)
        return params

    def _accuracy(self, x: np.ndarray) -> float:
        params = self._train(x)
        with np.errstate(over="ignore", invalid="ignore"):
            logits = self._forward(params, self._Xva)[1]
        # a diverged network (non-finite logits) predicts nothing right: its accuracy is 0, never NaN
        correct = np.isfinite(logits).all(axis=1) & (np.argmax(np.nan_to_num(logits), axis=1) == self._yva)
        return 100.0 * float(correct.mean())

    def _evaluate(self, X: np.ndarray) -> np.ndarray:
        return np.array([self._accuracy(x) for x in X])


# ------------------------------------------------------------------------------------- Gisette ramp loss
@functools.lru_cache(maxsize=2)
def _gisette_like(seed: int, n_features: int) -> tuple[np.ndarray, np.ndarray]:
    """A Gisette-like set built the way Gisette was built: the digits 4 vs 9, their pixels, the
    pairwise products of pixels, and 'probe' columns with the same marginals as real ones but no
    information (a real column's values permuted across samples), columns shuffled; each sample scaled to
    unit norm. Labels +1 (4) and -1 (9)."""
    X, y = _digits()
    keep = (y == 4) | (y == 9)
    P = X[keep]
    labels = np.where(y[keep] == 4, 1.0, -1.0)
    i, j = np.triu_indices(P.shape[1])
    real = np.hstack([P, P[:, i] * P[:, j]])
    real = real[:, real.std(axis=0) > 0]
    rng = np.random.default_rng(stream(seed, 2))
    n_probe = max(0, n_features - real.shape[1])
    source = rng.integers(0, real.shape[1], size=n_probe)
    probes = np.column_stack([rng.permutation(real[:, k]) for k in source]) if n_probe else real[:, :0]
    V = np.hstack([real, probes])[:, :n_features][:, rng.permutation(n_features)]
    V = V / np.maximum(np.linalg.norm(V, axis=1, keepdims=True), 1e-12)
    V.setflags(write=False)
    labels.setflags(write=False)
    return V, labels


class GisetteRamp(DataObjective):
    r"""[TranThe2020, §"Learning Classification Model with Ramp Loss", Fig. 5] on a Gisette-like set.

    .. math::
        -f(\mathbf w,b),\qquad f(\mathbf w,b)=\tfrac12\|\mathbf w\|_2^2+C\sum_{l=1}^LR_s\big(y_l(\mathbf
        w^\top\mathbf v_l+b)\big)

    with the ramp loss :func:`regretlab.bounds.ms_ucb.ramp_loss` ([TranThe2020, §Experiments], after
    [Qian2016]); :math:`\mathbf x=(\mathbf w,b)`, :math:`D=p+1`. Maximised (the paper minimises :math:`f`).

    Parameters
    ----------
    dim : int, default 5001
        :math:`p+1`: 5000 features (Gisette's count) plus the bias.
    C : float, default 1
        The paper uses 1, 2, 5, 10.
    s : float, default 0
        :math:`s<1`; the paper uses 0.
    seed : int, default 0
        The probe columns and the column order.

    Notes
    -----
    Box :math:`[-1,1]^D` (not stated; MS-UCB's experiments rescale every box to it). What differs: 363
    digits (4 vs 9) at 8×8 instead of Gisette's 6000 MNIST 4-vs-9 images at 28×28, so 2,144 real columns
    (pixels and products) instead of 2,500, the rest probes; features scaled to unit norm per sample.
    """

    name = "gisette_ramp"
    substitute = ("substitute for Gisette (Gisette-like): digits 4 vs 9 (8×8), pixels, pairwise products and "
                  "permuted-probe columns to 5000 features")

    def __init__(self, dim=None, *, C: float = 1.0, s: float = 0.0, seed: int = 0, noise_std: float = 0.0,
                 rng=None, enforce_bounds: bool = True):
        super().__init__(noise_std=noise_std, rng=rng, enforce_bounds=enforce_bounds)
        dim = check_count("dim", 5001 if dim is None else dim, low=2, high=DIM_LIMIT)
        # beyond 1e150, C times a sum of ramp losses can overflow to -inf
        self.C = check_number("C", C, low=0.0, high=MAGNITUDE_LIMIT, low_open=True)
        self.s = check_number("s", s, high=1.0, high_open=True)
        self.seed = check_integer("seed", seed, low=0)
        _sklearn()
        self._V, self._labels = _gisette_like(self.seed, dim - 1)
        self._set_box([(-1.0, 1.0)] * dim, np.zeros(dim))

    def _evaluate(self, X: np.ndarray) -> np.ndarray:
        w, b = X[:, :-1], X[:, -1]
        # y_l (w^T v_l + b), one matrix-vector product per point (a batch equals its points bit for bit)
        margins = self._labels[None, :] * (np.array([self._V @ wi for wi in w]) + b[:, None])
        losses = ramp(margins, self.s)  # R_s, the leaf behind regretlab.bounds.ms_ucb.ramp_loss
        # f = ½‖w‖² + C Σ_l R_s(·)  [TranThe2020, §Experiments]; negated for maximisation
        return -(0.5 * np.einsum("ij,ij->i", w, w) + self.C * losses.sum(axis=1))


# --------------------------------------------------------------------------------------- SDSS surrogate
#: The nine parameters of the toy power-spectrum model, their boxes and fiducial values (a hidden truth
#: chosen inside each box; SDSS's own nine are cosmological parameters, catalogue §6).
SDSS_PARAMETERS = (
    # name, low, high, fiducial
    ("log_amplitude", -1.0, 1.0, 0.2),
    ("tilt", 0.8, 1.2, 0.96),
    ("cutoff", 0.05, 0.3, 0.12),
    ("bias", 1.5, 2.5, 1.9),
    ("nonlinear_q", 0.0, 40.0, 30.0),
    ("nonlinear_a", 0.5, 3.0, 1.4),
    ("wiggle_amplitude", 0.0, 0.2, 0.08),
    ("wiggle_scale", 90.0, 130.0, 105.0),
    ("shot_noise", 0.0, 0.5, 0.1),
)


class SDSSSurrogate(DataObjective):
    r"""SDSS-surrogate: a smooth 9-parameter Gaussian log-likelihood standing in for the SDSS LRG likelihood
    of [Kandasamy2015, §5.2, Fig. 5a] and [Li2016, §5.2, Fig. 4a] (catalogue §6).

    A toy galaxy power spectrum
    :math:`P(k;\theta)=b^2e^{a}k^{n}e^{-k/k_c}\frac{1+Qk^2}{1+A_{nl}k}\,(1+w\sin(kr)e^{-(10k)^2})+P_{shot}`
    on 40 wavenumbers in [0.01, 0.2]; the data are :math:`P(k;\theta^\star)(1+0.05\,\varepsilon_k)` at the
    fiducial :math:`\theta^\star` with seeded :math:`\varepsilon_k\sim N(0,1)` and error
    :math:`\sigma_k=0.05P(k;\theta^\star)`; the value is the log-likelihood
    :math:`-\frac12\sum_k((P_k-P(k;\theta))/\sigma_k)^2`. Maximised.

    The point :math:`\mathbf x\in[0,1]^D` maps to the nine parameters through its first nine coordinates;
    the other :math:`D-9` are dummies (the papers augment to D = 20 and 40). With ``mixing=True``
    ([Li2016, §5.2]), :math:`\mathbf x` is first correlated as :math:`\tfrac12+(\mathbf I+\mathbf S)(\mathbf
    x-\tfrac12)`, :math:`S_{ij}\sim U(-0.1,0.1)` seeded, so that every coordinate matters; parameters pushed
    outside their box by the mixing extrapolate the model (it is finite everywhere).

    Parameters
    ----------
    dim : int, default 20
        D ≥ 9.
    mixing : bool, default False
    seed : int, default 0
        The noise of the data and S.
    """

    name = "sdss_surrogate"
    substitute = ("substitute for the SDSS LRG likelihood (SDSS-surrogate): the Gaussian log-likelihood of "
                  "a 9-parameter toy power spectrum against seeded synthetic data")

    def __init__(self, dim=None, *, mixing: bool = False, seed: int = 0, noise_std: float = 0.0, rng=None,
                 enforce_bounds: bool = True):
        super().__init__(noise_std=noise_std, rng=rng, enforce_bounds=enforce_bounds)
        dim = check_count("dim", 20 if dim is None else dim, low=9, high=DIM_LIMIT)
        if not isinstance(mixing, bool | np.bool_):
            raise ValueError(f"mixing={mixing!r} must be True or False")
        self.mixing, self.seed = bool(mixing), check_integer("seed", seed, low=0)
        table = np.array([row[1:] for row in SDSS_PARAMETERS], dtype=float)
        self._low, self._width, fiducial = table[:, 0], table[:, 1] - table[:, 0], table[:, 2]
        self._k = np.linspace(0.01, 0.2, 40)
        rng_data = np.random.default_rng(stream(self.seed, 3))
        truth = self._spectrum(fiducial[None, :])[0]
        self._sigma = 0.05 * truth
        self._data = truth + self._sigma * rng_data.standard_normal(truth.size)
        self._mix = (np.eye(dim) + rng_data.uniform(-0.1, 0.1, size=(dim, dim))) if self.mixing else None
        reference = np.full(dim, 0.5)
        reference[:9] = (fiducial - self._low) / self._width
        if self._mix is not None:  # the point whose mixed image is the fiducial (least squares when singular)
            reference = 0.5 + np.linalg.lstsq(self._mix, reference - 0.5, rcond=None)[0]
            reference = np.clip(reference, 0.0, 1.0)
        self._set_box([(0.0, 1.0)] * dim, reference)

    def _spectrum(self, theta: np.ndarray) -> np.ndarray:
        a, n, kc, b, Q, Anl, w, r, shot = (theta[:, i:i + 1] for i in range(9))
        k = self._k[None, :]
        kc = np.maximum(kc, 1e-3)                       # the mixing may push k_c below its box
        smooth = b**2 * np.exp(a) * k**n * np.exp(-k / kc) * (1 + Q * k**2) / (1 + np.abs(Anl) * k)
        return 1e3 * smooth * (1 + w * np.sin(k * r) * np.exp(-(10 * k) ** 2)) + shot

    def _evaluate(self, X: np.ndarray) -> np.ndarray:
        # one matrix-vector product per point, so that a batch gives bit-for-bit its points' values
        Z = X if self._mix is None else 0.5 + np.array([self._mix @ (x - 0.5) for x in X])
        theta = self._low + self._width * Z[:, :9]
        residual = (self._data[None, :] - self._spectrum(theta)) / self._sigma[None, :]
        return -0.5 * np.einsum("ij,ij->i", residual, residual)


# ---------------------------------------------------------------------------------------- VJ surrogate
@functools.lru_cache(maxsize=2)
def _cascade(seed: int, n_stages: int, n_images: int, face: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stage scores on the evaluation images (n_images, n_stages), their labels and the default thresholds
    of a boosted cascade trained, as [Viola-Jones] train theirs, on the *other* digits (OpenCV's cascade was
    trained on other images than the papers' 1000): digit ``face`` against the rest; stage k is AdaBoost
    over decision stumps (scikit-learn), with more stumps in later stages, trained on the positives and the
    negatives that passed stages 1..k-1; its default threshold keeps 99.5 % of the training positives."""
    from sklearn.ensemble import AdaBoostClassifier  # lazy: scikit-learn is the ml extra, optional
    from sklearn.tree import DecisionTreeClassifier  # lazy: scikit-learn is the ml extra, optional

    X, y = _digits()
    labels = (y == face).astype(int)
    rng = np.random.default_rng(stream(seed, 4))
    order = rng.permutation(X.shape[0])
    evaluate, train_pool = order[:n_images], order[n_images:]          # the papers' 1000 images; the rest
    Xt, lt = X[train_pool], labels[train_pool]
    scores = np.empty((n_images, n_stages))
    thresholds = np.empty(n_stages)
    passed = np.ones(Xt.shape[0], dtype=bool)
    for k in range(n_stages):
        train = passed | (lt == 1)
        if np.unique(lt[train]).size < 2:              # every negative rejected: keep them all in play
            train = np.ones_like(passed)
        stage = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=3 + k // 2,
                                   random_state=int(rng.integers(2**31 - 1)))
        stage.fit(Xt[train], lt[train])
        thresholds[k] = np.quantile(stage.decision_function(Xt[lt == 1]), 0.005)
        passed &= stage.decision_function(Xt) >= thresholds[k]
        scores[:, k] = stage.decision_function(X[evaluate])
    labels = labels[evaluate]
    for a in (scores, labels, thresholds):
        a.setflags(write=False)
    return scores, labels, thresholds


#: The digit that plays the face (8: the hardest to separate of those tried, 0, 3, 8, 9).
FACE_DIGIT = 8


class VJSurrogate(DataObjective):
    r"""VJ-surrogate: the training accuracy of a 22-stage boosted cascade as a function of its stage
    thresholds, standing in for the Viola-Jones face detector of [Kandasamy2015, §5.2, Fig. 5b] and
    [Li2016, §5.2, Fig. 4b] (catalogue §6, option (b)).

    A point :math:`\theta` sets the 22 stage thresholds; an image is classified as a face when every stage's
    score reaches its threshold; the value is the accuracy on the 1000 images (piecewise constant in
    :math:`\theta`, as the real objective). The box is the default thresholds ± 2 standard deviations of
    each stage's scores (the papers: a neighbourhood of OpenCV's configuration). Maximised.

    What differs: digits (8, :data:`FACE_DIGIT`, as the face against the other nine) instead of face images;
    stumps on pixels instead of Haar features; a cascade trained here instead of OpenCV's.

    Parameters
    ----------
    seed : int, default 0
        The 1000 images drawn from the 1,797 and the stages' AdaBoost seeds.
    """

    name = "vj_surrogate"
    substitute = ("substitute for the Viola-Jones detector (VJ-surrogate): a 22-stage AdaBoost-stump "
                  "cascade trained on the digits (8 as 'face'), accuracy on 1000 of them")

    def __init__(self, dim=None, *, seed: int = 0, noise_std: float = 0.0, rng=None,
                 enforce_bounds: bool = True):
        super().__init__(noise_std=noise_std, rng=rng, enforce_bounds=enforce_bounds)
        dim = check_count("dim", 22 if dim is None else dim, low=1, high=DIM_LIMIT)
        self.seed = check_integer("seed", seed, low=0)
        _sklearn()
        self._scores, self._labels, default = _cascade(self.seed, dim, 1000, FACE_DIGIT)
        spread = 2.0 * self._scores.std(axis=0)
        self._set_box(np.column_stack([default - spread, default + spread]), default)

    def _evaluate(self, X: np.ndarray) -> np.ndarray:
        accepted = np.all(self._scores[None, :, :] >= X[:, None, :], axis=2)    # (n, images)
        return (accepted == (self._labels[None, :] == 1)).mean(axis=1)
