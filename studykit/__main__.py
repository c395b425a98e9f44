"""``python -m studykit`` builds results/REPORT.md from the recorded claims."""

from studykit.report import build_report

print(build_report())
