"""How the reports write numbers: shares, percentage points, p-values, intervals."""

from __future__ import annotations

import numpy as np


def pct(x, decimals: int = 1) -> str:
    """``0.3124`` -> ``31.2%``."""
    if x is None or not np.isfinite(x):
        return "—"
    return f"{100 * x:.{decimals}f}%"


def ordinal(n) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``33rd``, ``100th``."""
    n = int(round(n))
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def pp(x, decimals: int = 1) -> str:
    """A difference of shares in signed percentage points: ``0.021`` -> ``+2.1``."""
    if x is None or not np.isfinite(x):
        return "—"
    v = 100 * x
    if round(v, decimals) == 0:
        return f"{0:.{decimals}f}"
    return f"{v:+.{decimals}f}".replace("-", "−")


def fmt_p(p) -> str:
    """``p < 1e-6``, ``p = 0.0012``, ``p = 0.455``."""
    if p is None or not np.isfinite(p):
        return "p not available"
    if p < 1e-6:
        return "p < 1e-6"
    if p < 0.001:
        return f"p = {p:.1e}"
    return f"p = {p:.3g}"


def fmt_p_short(p) -> str:
    if p is None or not np.isfinite(p):
        return "—"
    if p < 1e-6:
        return "< 1e-6"
    if p < 0.001:
        return f"{p:.1e}"
    return f"{p:.3g}"


def share_pm(v, lo, hi) -> str:
    """Share with the half-width of its 95% interval: ``31.2% ± 0.4%``."""
    hw = (hi - lo) / 2
    d = 1 if hw >= 0.0005 else 2
    return f"{100 * v:.{d}f}% ± {100 * hw:.{d}f}%"


def share_ci(v, lo, hi, decimals: int = 1) -> str:
    """``31.2% [30.8, 31.6]``."""
    if not np.isfinite(v):
        return "—"
    return f"{100 * v:.{decimals}f}% [{100 * lo:.{decimals}f}, {100 * hi:.{decimals}f}]"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def fmt_value(v) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)
