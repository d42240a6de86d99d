"""`paperchat eval ...` commands (registered in rag/cli.py)."""

from __future__ import annotations

import typer

eval_app = typer.Typer(no_args_is_help=True, help="Evaluate retrieval and answers.")
