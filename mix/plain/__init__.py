"""The MIX algorithms as one would write them first, in plain Python on a ``Board`` that plays
and undoes moves: the engine scanned cell by cell (``board``), the value-table alpha-beta
(``alphabeta``), the exact solver (``solver``), the self-taught player's search (``selftaught``)
and its self-play training (``selfplay``). The alpha-beta and the solver hold their public calls,
which choose their fast twins (``mix.fast.alphabeta`` with ``mix.fast.horizon``,
``mix.fast.solver``) by ``fast=True``, as ``mix.train_selftaught`` chooses ``mix.fast.selfplay``.
The library's other fast versions (``mix.board`` with ``mix.features``,
``mix.fast.evalsearch`` with ``mix.fast.threatsteps``, which
``mix.SelfTaughtAgent(fast=True)`` plays by) are tested to give the same moves, values and weights,
and ``bench/bench_mix*.py`` time them against these. (The report's learner, ``mix.learn``, is plain
already.)"""
