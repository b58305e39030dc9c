"""HTML reports of sweeps: plain-words findings, figures (PNG, embedded) and tables.

``build_report(out_dir)`` turns a results folder written by :func:`simlab.sweep.run_sweep` into
one self-contained ``report.html`` (inline CSS, every figure embedded as a PNG data URI) with the
PNGs written beside it. Figures are made with matplotlib's object API (no pyplot state).
"""

from __future__ import annotations

__all__ = ["build_report", "headline_sentences"]


def __getattr__(name):  # lazy: importing the package does not import matplotlib
    if name == "build_report":
        from simlab.report.html import build_report

        return build_report
    if name == "headline_sentences":
        from simlab.report.tables import headline_sentences

        return headline_sentences
    raise AttributeError(f"module 'simlab.report' has no attribute {name!r}")
