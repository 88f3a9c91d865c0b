"""The main job's progress on a terminal ([issue: newcomer] item 1): on a pseudo-terminal `regretlab verify`
with two workers draws a bar of finished groups and prints one line per verdict as its group finishes; with
its output not on a terminal it prints a plain line per verdict and the table. Nothing here depends on
timing."""

import os
import subprocess
import sys

import pytest

termios = pytest.importorskip("termios")
fcntl = pytest.importorskip("fcntl")

CLAIMS = "UBO.d_eps*,UBO.prop41*"   # two groups of claims, seconds in the smoke profile


def _on_a_terminal(args, columns=100) -> str:
    """Run ``python -m regretlab`` with stdout and stderr on a pseudo-terminal of ``columns`` columns (a
    terminal of width 0 would make tqdm draw nothing); return everything it wrote."""
    import struct

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "regretlab", *args], stdout=slave, stderr=slave,
                            stdin=subprocess.DEVNULL, close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:   # EIO: the child closed its end
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=600) == 0
    return b"".join(chunks).decode("utf-8", "replace")


def test_progress_bar_and_a_line_per_verdict_on_a_terminal(tmp_path):
    text = _on_a_terminal(["verify", "--profile", "smoke", "--claims", CLAIMS, "--jobs", "2",
                           "--out", str(tmp_path / "rep")])
    assert "verify [smoke]" in text and "/2 [" in text          # the bar: groups finished of 2, elapsed
    for line in ("UBO.d_eps:thm41 [A]: ", "UBO.d_eps:thm41 [B]: ", "UBO.prop41_limit [-]: "):
        assert line in text                                      # one line per verdict as it finishes
    assert "verdicts (" in text                                  # then the table's summary


def test_a_plain_line_per_group_and_the_table_when_not_on_a_terminal(tmp_path):
    """Through a pipe (a log file, CI): no bar, but one plain line per verdict on stderr as its group
    finishes, with the groups done so far (it printed nothing until the end, which looked hung for minutes);
    --quiet prints none."""
    done = subprocess.run([sys.executable, "-m", "regretlab", "verify", "--profile", "smoke", "--claims",
                           CLAIMS, "--jobs", "2", "--out", str(tmp_path / "rep")],
                          capture_output=True, text=True, check=True)
    assert "verify [smoke]" not in done.stdout + done.stderr and "\r" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("regretlab verify: ")]
    assert sorted(line.split(": ")[1] for line in lines) == ["UBO.d_eps:thm41 [A]", "UBO.d_eps:thm41 [B]",
                                                             "UBO.prop41_limit [-]"]
    assert sorted(line.split("(group ")[1].split(" done")[0] for line in lines) == ["1 of 2", "1 of 2",
                                                                                   "2 of 2"] or \
        sorted(line.split("(group ")[1].split(" done")[0] for line in lines) == ["1 of 2", "2 of 2",
                                                                                "2 of 2"]
    assert "UBO.prop41_limit" in done.stdout
    quiet = subprocess.run([sys.executable, "-m", "regretlab", "verify", "--profile", "smoke", "--claims",
                            CLAIMS, "--quiet", "--out", str(tmp_path / "rep2")],
                           capture_output=True, text=True, check=True)
    assert "regretlab verify: " not in quiet.stderr


def test_a_loop_of_trials_reports_in_steps_and_draws_the_same():
    """Context.generators is a list whose iteration reports (label, done, total) at most every 5 % and at the
    end while the engine listens (registry.reporting), and to nobody otherwise; the draws are the same."""
    from regretlab.verify.registry import PROFILES, TICK_STEPS, Context, reporting

    ctx = Context("X.claim", PROFILES["smoke"], seed=3)
    ticks = []
    with reporting(lambda label, done, total: ticks.append((label, done, total))):
        heard = [rng.standard_normal() for rng in ctx.generators(50, "paths")]
    silent = [rng.standard_normal() for rng in ctx.generators(50, "paths")]
    assert heard == silent
    assert ticks[0] == ("paths", 0, 50) and ticks[-1] == ("paths", 50, 50)
    assert len(ticks) == TICK_STEPS + 1 and [d for _, d, _ in ticks] == sorted(d for _, d, _ in ticks)
    again = Context("X.claim", PROFILES["smoke"], seed=3)
    first, second = ctx.generators(2, "paths")[1], again.generators(2, "paths")[1]
    assert first.standard_normal() == second.standard_normal()


def test_the_bar_shows_how_far_the_running_groups_are():
    """The engine's progress (engine._Progress) keeps the last tick of each running group and shows it in
    the bar's postfix; a finished group's ticks are drained before it leaves, so none lingers."""
    import queue

    from regretlab.verify.engine import _Progress

    watch = _Progress(bar=None, on_terminal=True, start=0.0)
    watch.ticks, watch.waiting = queue.Queue(), 2
    for tick in (("g1", "paths", 3, 60), ("g2", "runs", 1, 6), ("g1", "paths", 30, 60)):
        watch.ticks.put(tick)
    watch.drain()
    assert watch.postfix() == "2 group(s) running or waiting · paths 30/60; runs 1/6"
    watch.ticks.put(("g2", "runs", 6, 6))
    watch.finished("g2")
    assert watch.postfix() == "2 group(s) running or waiting · paths 30/60"


def test_overall_fraction_eta_and_a_heartbeat_through_a_pipe():
    """Issue 76.8: through a pipe, the overall fraction (finished groups plus the running groups' share of
    their loops) with an ETA extrapolated from it, and a status line whenever nothing was printed for a
    minute (the last quarter of a long group was silent for 9-15 min); on a terminal no heartbeat (the bar
    redraws). Times are given, not measured: nothing here depends on the clock."""
    import queue

    from regretlab.verify.engine import _Progress

    watch = _Progress(bar=None, on_terminal=False, start=100.0, groups=4)
    assert watch.overall(100.0) == "overall 0 % (0 of 4 groups done), 0 s elapsed, ETA unknown yet"
    watch.ticks = queue.Queue()
    watch.done = 1
    watch.running = {"g2": ("paths", 30, 60)}
    assert watch.fraction() == 1.5 / 4
    assert watch.overall(400.0) == "overall 38 % (1 of 4 groups done), 300 s elapsed, ETA ~500 s"
    assert watch.heartbeat(130.0) is None                      # printed at the start: not due yet
    line = watch.heartbeat(160.0)
    assert line == ("regretlab verify (progress): overall 38 % (1 of 4 groups done), 60 s elapsed, "
                    "ETA ~100 s; running: paths 30/60")
    assert watch.heartbeat(200.0) is None and watch.heartbeat(220.0) is not None
    assert _Progress(bar=None, on_terminal=True, start=0.0, groups=2).heartbeat(1e6) is None


def test_through_a_pipe_a_long_group_says_how_far_it_is(tmp_path):
    """Through a pipe, a group's loop of trials prints a plain progress line at each quarter (its own prefix,
    apart from the verdict lines) and the verdicts are those of a run without progress."""
    import json

    args = ["verify", "--profile", "smoke", "--claims", "GP.ucb:confidence", "--jobs", "1"]
    done = subprocess.run([sys.executable, "-m", "regretlab", *args, "--out", str(tmp_path / "a")],
                          capture_output=True, text=True, check=True)
    lines = [line for line in done.stderr.splitlines() if line.startswith("regretlab verify (progress): ")]
    assert [line.split(": ")[2].split(" (")[0] for line in lines] == [
        f"gp_ucb finite grid {k}/30 trials" for k in (8, 15, 23)]
    quiet = subprocess.run([sys.executable, "-m", "regretlab", *args, "--quiet", "--out",
                            str(tmp_path / "b")], capture_output=True, text=True, check=True)
    assert "(progress)" not in quiet.stderr

    def outcomes(folder):
        report = json.loads((tmp_path / folder / "verification.json").read_text())
        return [(v["claim"], v["reading"], v["outcome"], v["statistic"]) for v in report["verdicts"]]

    assert outcomes("a") == outcomes("b")
