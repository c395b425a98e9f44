"""The GA of the goofspiel article as one would write it first, in plain Python on rank lists
and one ``random.Random``: the breeders and mutations (``breed``) and the generations loop with
its identity-target score (``ga``). The library's fast versions draw the same numbers and return
the same children and histories: ``goofspiel.evolution.breed``'s breeding-pairs loop on chunked bit sets,
and ``goofspiel.evolution.fastga``'s generations compiled with numba, chosen by ``evolve(fast=True)``.
The tests check each against its plain twin; ``bench/bench_goofspiel.py`` times them."""
