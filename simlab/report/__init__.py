"""HTML reports of sweeps: plain-words findings, figures (PNG, embedded) and tables.

:func:`simlab.sweep.build_report` turns a results folder written by :func:`simlab.sweep.run_sweep`
into one self-contained ``report.html`` (drawn by :func:`simlab.report.html.render_report`) (inline CSS, every figure embedded as a PNG data URI) with the
PNGs written beside it. Figures are made with matplotlib's object API (no pyplot state).
"""

from __future__ import annotations

__all__ = ["render_report", "headline_sentences"]


def __getattr__(name):  # lazy: importing the package does not import matplotlib
    if name == "render_report":
        from simlab.report.html import render_report

        return render_report
    if name == "headline_sentences":
        from simlab.report.tables import headline_sentences

        return headline_sentences
    raise AttributeError(f"module 'simlab.report' has no attribute {name!r}")
