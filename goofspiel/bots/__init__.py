"""The elimination game against evolving bots (``arena``), its notebook widget (``widget``), and
scripted humans with their trials and summaries (``scripted``, ``scripted_summary``)."""
