"""Issues 73.6 and 74.4: a decision re-made in a fresh results folder from the repository's archives alone
writes the committed record byte for byte, on this CPU's SIMD path and on a restricted one (numpy's
dispatched SIMD features switched off with NPY_DISABLE_CPU_FEATURES: the check of another CPU that needs no
other machine). The item, TranThe2020 Fig. 3 'moved', reads 10 of its runs from another item's archive (the
runs it shares with Fig. 1 'moved'), so the record's run keys must come out the same too."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ITEM = "TranThe2020.fig3_moved"

_SCRIPT = """
import sys
from regretlab.campaign.sequential import decide_from_runs, next_look
from regretlab.figures.decisions import record_text
key, out, root = sys.argv[1:]
decision = decide_from_runs(key, out, root)
sys.stdout.write(record_text(decision, key, next_look(decision, out, root)))
"""


def _restricted_simd() -> str:
    """Every SIMD feature numpy dispatches to on this machine, beyond its baseline: switching them off
    moves numpy's loops (log10, sums) to another path, as another CPU would."""
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    return " ".join(f for f in __cpu_dispatch__ if __cpu_features__.get(f))


@pytest.mark.parametrize("simd", ["this CPU's", "restricted"])
def test_a_fresh_clone_re_decides_an_item_byte_for_byte(tmp_path, simd):
    committed = ROOT / "paper_figures" / "decisions" / f"{ITEM}.json"
    if not (ROOT / "paper_figures" / "runs" / f"{ITEM}.tar.xz").is_file() or not committed.is_file():
        pytest.skip("the repository's run archives or decisions are not in this checkout")
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
    if simd == "restricted":
        env["NPY_DISABLE_CPU_FEATURES"] = _restricted_simd()
    done = subprocess.run([sys.executable, "-c", _SCRIPT, ITEM, str(tmp_path / "results"),
                           str(ROOT / "paper_figures")], capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == committed.read_text(encoding="utf-8")
