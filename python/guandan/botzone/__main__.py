"""``python -m guandan.botzone --bot NAME[:KEY=VALUE,...] [--keep-running]``."""

import sys

from .command import main

sys.exit(main())
