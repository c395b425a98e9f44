"""``python -m studykit`` writes docs/REPORT.md from the committed notebooks (see studykit.report)."""

import sys

from studykit.report import main

sys.exit(main())
