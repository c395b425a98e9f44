"""``python -m studykit`` writes docs/REPORT.md from the committed notebooks (see studykit.report)
and then README.md's marked figures from the same notebooks (see studykit.readme_figures);
``python -m studykit readme [--check]`` does only the latter; ``python -m studykit publish``
copies a full run's GIFs to docs/gifs/ (see studykit.publish); ``python -m studykit runtimes
results/runtimes.json`` adopts a complete run's timings into docs/runtimes.json, which
``make report`` shows in docs/REPORT.md, README.md and each notebook (see studykit.runtimes)."""

import sys

if sys.argv[1:2] == ["publish"]:
    from studykit.publish import main

    sys.exit(main(sys.argv[2:]))

if sys.argv[1:2] == ["runtimes"]:
    from studykit.runtimes import main

    sys.exit(main(sys.argv[2:]))

if sys.argv[1:2] == ["readme"]:
    from studykit.readme_figures import main

    sys.exit(main(sys.argv[2:]))

from studykit.report import main

status = main()
if status == 0 and not sys.argv[1:]:  # the committed notebooks, not notebooks given by hand
    from studykit.readme_figures import main as write_figures

    status = write_figures([])
    if status == 0:
        from studykit.runtime_text import write_all

        for changed in write_all():
            print(f"wrote the measured run times into {changed}")
sys.exit(status)
