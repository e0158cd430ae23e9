"""``python -m alhambra_widget.online serve ...``: the table server (see :mod:`.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]] if sys.argv[1:2] != ["serve"] else sys.argv[1:]))
