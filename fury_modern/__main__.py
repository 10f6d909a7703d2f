"""``python -m fury_modern [--seed N] [--option NAME=VALUE ...]``: one seeded bot game, told."""

import sys

from gothic_kernel.cli import run_demo

sys.exit(run_demo("fury_modern"))
