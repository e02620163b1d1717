"""The lesson notebook runs from top to bottom without an error, and is
kept in the repository without outputs (they would change per run)."""

import pytest

from conftest import ROOT

# Both come with the test extras; without them the tests skip.
nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

LESSON = ROOT / "docs" / "lesson.ipynb"


def test_the_lesson_is_committed_without_outputs():
    notebook = nbformat.read(LESSON, as_version=4)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code, "the lesson has no code"
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


def test_the_lesson_executes_and_shows_its_figures(tmp_path):
    notebook = nbformat.read(LESSON, as_version=4)
    # Any error (the notebook's own asserts included) raises here. The
    # kernel runs in a folder of its own, where `import shuffle_audit`
    # finds the installed package, not this source tree's half of it.
    client = nbclient.NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    figures = [o for o in outputs if "image/png" in o.get("data", {})]
    # The exact heatmaps on 3 and 6 cards, both algorithms, and both samples.
    assert len(figures) >= 6, len(figures)
    words = "".join(o.get("text", "") for o in outputs)
    assert "naive swap" in words.lower()
