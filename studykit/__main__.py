"""``python -m studykit`` writes docs/REPORT.md from the committed notebooks (see studykit.report);
``python -m studykit publish`` copies a full run's GIFs to docs/gifs/ (see studykit.publish)."""

import sys

if sys.argv[1:2] == ["publish"]:
    from studykit.publish import main

    sys.exit(main(sys.argv[2:]))

from studykit.report import main

sys.exit(main())
