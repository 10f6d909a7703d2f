"""``python -m draculas_revenge [--seed N] [--option NAME=VALUE]``: one bot game, told."""

import sys

from gothic_kernel.cli import run_demo

sys.exit(run_demo("draculas_revenge"))
