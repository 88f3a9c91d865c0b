"""Named random streams come from one helper, :func:`regretlab._rng.stream` (ARCHITECTURE.md rule 6).

Checked: (1) statically, no module of the library, the bounds, the algorithms or the benchmarks builds a
``numpy.random.SeedSequence`` or hashes a stream name itself (``zlib.crc32``, ``hash(``) outside ``_rng.py``;
(2) the streams that moved onto the helper are those the helper gives (the verify engine's per-claim and
shared streams, a translated instance's shift, the ML objectives' draws); (3) the helper's words are stable:
pinned values, so a change of the hashing cannot pass silently (it would redefine every archived run's box).
"""

import ast
import pathlib

import numpy as np
import pytest

from regretlab import objectives
from regretlab._rng import label_word, stream
from regretlab.verify.registry import PROFILES, Context

ROOT = pathlib.Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "src" / "regretlab", ROOT / "bounds", ROOT / "algorithms", ROOT / "benchmarks"]


def _own_seed_constructions(path: pathlib.Path, root: pathlib.Path = ROOT) -> list[str]:
    """Calls in ``path`` that build a seed sequence or hash a name: ``SeedSequence(...)`` with arguments
    (``SeedSequence()``, fresh OS entropy, is allowed), ``crc32(...)`` and the builtin ``hash(...)``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        builtin_hash = isinstance(node.func, ast.Name) and name == "hash"  # not a method such as spec.hash()
        if (name == "SeedSequence" and (node.args or node.keywords)) or name == "crc32" or builtin_hash:
            found.append((node.lineno, f"{path.relative_to(root)}:{node.lineno} {name}(...)"))
    return [text for _, text in sorted(found)]


def test_no_module_builds_its_own_seed_stream():
    """Every SeedSequence with a seed, and every hash of a stream name, is in ``_rng.py``."""
    offenders = []
    for base in SOURCES:
        for path in sorted(base.rglob("*.py")):
            if path.name != "_rng.py":
                offenders += _own_seed_constructions(path)
    assert not offenders, "named streams built outside regretlab._rng.stream:\n" + "\n".join(offenders)


def test_the_static_check_sees_a_hand_made_stream(tmp_path):
    """The scan above can fail: a file that builds its own stream is reported, line by line."""
    bad = tmp_path / "bad.py"
    bad.write_text("import zlib\nimport numpy as np\n"
                   "s = np.random.SeedSequence(0, spawn_key=(zlib.crc32(b'x'),))\n"
                   "t = np.random.SeedSequence()\nu = spec.hash('x')\nv = hash('x')\n")
    found = _own_seed_constructions(bad, root=tmp_path)
    assert found == ["bad.py:3 SeedSequence(...)", "bad.py:3 crc32(...)", "bad.py:6 hash(...)"]


def test_verify_streams_are_the_helpers_streams():
    """A claim's stream is stream(seed, claim id, name); shared evidence is stream(seed, "shared evidence",
    name), so two claims sharing evidence see the same draws and two claims' own streams differ."""
    a = Context("A.claim", PROFILES["smoke"], seed=5)
    b = Context("B.claim", PROFILES["smoke"], seed=5)
    state = a.sequence("paths").generate_state(4)
    assert np.array_equal(state, stream(5, "A.claim", "paths").generate_state(4))
    assert np.array_equal(a.sequence("paths", shared=True).generate_state(4),
                          b.sequence("paths", shared=True).generate_state(4))
    assert not np.array_equal(state, b.sequence("paths").generate_state(4))


def test_a_translated_instance_draws_its_shift_from_the_helper():
    """Instance k of an objective in dimension D: its moved optimum is the uniform draw of stream(k,
    "instance", D, name) on the box's central 80 %."""
    f, f3 = objectives.get("ackley", dim=4), objectives.get("ackley", dim=4, instance=3)
    box = f.bounds
    margin = 0.1 * (box[:, 1] - box[:, 0])
    target = np.random.default_rng(stream(3, "instance", 4, "ackley")).uniform(box[:, 0] + margin,
                                                                              box[:, 1] - margin)
    np.testing.assert_array_equal(f3.optimizers[0], target)


@pytest.mark.parametrize(("label", "word"), [(0, 0), (7, 7), ("box", 2136406054), ("", 1120186595)])
def test_label_words_are_pinned(label, word):
    """The words of a spawn key are fixed: archived runs' boxes and methods' streams depend on them."""
    assert label_word(label) == word
