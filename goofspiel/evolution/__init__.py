"""The genetic algorithm of the article, written plainly: breeders and mutations (``breed``, the
breeding-pairs steps in ``orders``), the checked settings (``config``), the generations loop and
``evolve`` (``ga``; its compiled twin is ``goofspiel.fast``) and the article's observations on
its runs (``observe``)."""
