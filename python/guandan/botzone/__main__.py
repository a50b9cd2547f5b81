"""``python -m guandan.botzone --bot NAME[:KEY=VALUE,...] [--keep-running]``."""

import sys

from .command import main

if __name__ == "__main__":  # importing the module (doctest discovery) runs nothing
    sys.exit(main())
