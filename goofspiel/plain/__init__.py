"""The best reply as one would write it first: every one of the n! replies tried
(``bestreply``), the twin the tests hold the fast best replies of ``goofspiel.equilibria`` to.
The GA's plain algorithm is ``goofspiel.evolution`` itself (``breed``, ``ga``); its compiled twin
is ``goofspiel.fast``."""
