"""Self-contained HTML reports of the strategy analyses (tuning, auto-balance, skill ladders).

Same look as the sweep reports (the CSS is read from the sweep template): findings in words at the
top, sections of figures (PNG files beside the page, also embedded), tables, run parameters; the
numbers themselves go to a JSON file beside the page. Written atomically.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from importlib import resources
from pathlib import Path

import pandas as pd
from jinja2 import Environment, StrictUndefined
from markupsafe import Markup

from simlab.core.io import atomic_write_text, json_default
from simlab.report import tables
from simlab.report.html import FigureItem, Section, _safe, write_figures


def _style() -> str:
    text = resources.files("simlab.report").joinpath("template.html.j2").read_text("utf-8")
    m = re.search(r"<style>(.*?)</style>", text, re.S)
    return m.group(1).strip() if m else ""


def _template():
    text = resources.files("simlab.report").joinpath("analysis.html.j2").read_text("utf-8")
    env = Environment(autoescape=True, undefined=StrictUndefined, keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True)
    return env.from_string(text)


def write_analysis_report(path, *, heading: str, game_title: str, kind_text: str,
                          headlines: list[str], sections: list[Section],
                          tables_: list[tuple[str, pd.DataFrame]], run: dict, data: dict,
                          description: str = "",
                          footnote: str = "Intervals are 95% intervals; validation and checks "
                                          "use games never used for the search.") -> Path:
    """Write ``path`` (HTML), its PNGs (``<stem>-<figure>.png``) and ``<stem>.json``.

    Parameters
    ----------
    path : path
        The HTML file; its folder is created.
    heading, game_title, kind_text, description : str
        Title line pieces.
    headlines : list of str
        The findings in words; ``footnote`` the line under them.
    sections : list of Section
        Figures (matplotlib figures in ``FigureItem.figure``).
    tables_ : list of (title, DataFrame)
    run : dict
        Run parameters (shown as a two-column table).
    data : dict
        JSON-able numbers written beside the page.
    """
    html_path = Path(path)
    folder = html_path.parent
    folder.mkdir(parents=True, exist_ok=True)
    stem = _safe(html_path.stem)
    write_figures(sections, folder, stem)
    data_file = f"{stem}.json"
    atomic_write_text(folder / data_file, json.dumps(data, indent=2, default=json_default))
    run_df = pd.DataFrame({"parameter": list(run), "value": [str(v) for v in run.values()]})
    html = _template().render(
        title=f"{heading}: {game_title}", heading=heading, game_title=game_title,
        kind_text=kind_text, description=description, footnote=footnote,
        created=_dt.datetime.now().strftime("%Y-%m-%d %H:%M"), headlines=headlines,
        sections=[s for s in sections if s.figures],
        tables=[(name, Markup(tables.to_html(df))) for name, df in tables_],
        run_table=Markup(tables.to_html(run_df)), data_file=data_file, style=Markup(_style()))
    atomic_write_text(html_path, html)
    return html_path


__all__ = ["FigureItem", "Section", "write_analysis_report"]
