"""``python -m alhambra_widget.views.contract --typescript`` (or ``--check FILE``)."""

import sys

from ..typed_json import main

if __name__ == "__main__":
    sys.exit(main("alhambra_widget.views.contract", sys.argv[1:]))
