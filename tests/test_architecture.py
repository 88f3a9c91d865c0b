"""The import arrows of DESIGN.md point one way (issue 8 §3).

``regretlab.gp`` and ``regretlab.bounds`` import nothing from the project but the two leaves
``regretlab._validate`` and ``regretlab._rng`` (and the package's ``__init__`` with its version): checked in
a fresh interpreter, where ``sys.modules`` shows every module an import really loaded.
"""

import json
import subprocess
import sys

import pytest

#: What any part of the project may import: the package itself and the two leaves.
LEAVES = {"regretlab", "regretlab._version", "regretlab._validate", "regretlab._rng"}


def loaded_project_modules(module: str) -> set[str]:
    """The regretlab modules loaded by ``import <module>`` in a fresh interpreter."""
    code = (
        f"import json, sys; import {module}; "
        "print(json.dumps(sorted(m for m in sys.modules if m == 'regretlab' or m.startswith('regretlab.'))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stdout))


@pytest.mark.parametrize("package", ["regretlab.gp", "regretlab.bounds"])
def test_core_packages_import_only_themselves_and_the_leaves(package):
    """`import regretlab.gp` loads no module of regretlab.bounds or regretlab.algorithms, and `import
    regretlab.bounds` none of regretlab.gp or regretlab.algorithms: each loads itself and the leaves."""
    loaded = loaded_project_modules(package)
    foreign = {m for m in loaded - LEAVES if m != package and not m.startswith(package + ".")}
    assert not foreign, f"import {package} also loads {sorted(foreign)}"
    assert package in loaded


def test_objectives_import_no_bounds_or_algorithms():
    """The objectives are problems, not methods: they load no module of regretlab.bounds or .algorithms."""
    loaded = loaded_project_modules("regretlab.objectives")
    assert not {m for m in loaded if m.startswith(("regretlab.bounds", "regretlab.algorithms"))}
