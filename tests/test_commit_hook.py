"""The repository's commit-msg hook (issue 77.4): a subject of at most 72 characters, then a blank line."""

import shutil
import subprocess
from pathlib import Path

import pytest

HOOK = Path(__file__).resolve().parents[1] / ".githooks" / "commit-msg"

pytestmark = pytest.mark.skipif(not HOOK.is_file() or shutil.which("sh") is None,
                                reason="needs the checkout's .githooks and a POSIX shell")


@pytest.mark.parametrize(("message", "accepted"), [
    ("say what changed\n\nwhy, with the numbers\n", True),
    ("x" * 72 + "\n", True),
    ("x" * 73 + "\n\nbody\n", False),
    ("a subject\nwith no blank line before the body\n", False),
    ("# a comment git strips\nsubject after it\n\nbody\n", True),
])
def test_the_commit_msg_hook_checks_the_subject_and_the_blank_line(message, accepted, tmp_path):
    """Accepted messages exit 0; a 73-character subject or a body with no blank line is refused, saying
    why."""
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    out = subprocess.run(["sh", str(HOOK), str(path)], capture_output=True, text=True)
    assert (out.returncode == 0) is accepted, out.stderr
    assert accepted or "commit-msg:" in out.stderr
