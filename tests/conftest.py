import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import os
import tempfile

# the course keeps its stars in a file: the tests (and the kernels they start) use
# their own, never the user's
os.environ.setdefault(
    "ALHAMBRA_COURSE_PROGRESS", os.path.join(tempfile.mkdtemp(prefix="aw-course-"), "progress.json")
)
