"""Play against opponents and its measurement: the agents and their checks (``agents``,
``agentchecks``), seeded matches and duels (``match``), the strength ladder (``ladder``), the
learner's strength along its training (``strength``) and why games were lost (``weakness``)."""
