"""``python -m gothic_kernel`` runs the ``gothic`` command."""

import sys

from .cli import main

sys.exit(main())
