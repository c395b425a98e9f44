"""``python -m studykit`` writes docs/REPORT.md from the committed notebooks (see studykit.report)
and then README.md's marked figures from the same notebooks (see studykit.readme_figures);
``python -m studykit readme [--check]`` does only the latter; ``python -m studykit publish``
copies a full run's GIFs to docs/gifs/ (see studykit.publish)."""

import sys

if sys.argv[1:2] == ["publish"]:
    from studykit.publish import main

    sys.exit(main(sys.argv[2:]))

if sys.argv[1:2] == ["readme"]:
    from studykit.readme_figures import main

    sys.exit(main(sys.argv[2:]))

from studykit.report import main

status = main()
if status == 0 and not sys.argv[1:]:  # the committed notebooks, not notebooks given by hand
    from studykit.readme_figures import main as write_figures

    status = write_figures([])
sys.exit(status)
