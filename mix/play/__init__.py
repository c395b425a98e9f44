"""Play against opponents and its measurement: the agents and their checks (``agents``,
``agentchecks``), seeded matches and duels (``match``), the strength ladder (``ladder``) and why
games were lost (``weakness``)."""
