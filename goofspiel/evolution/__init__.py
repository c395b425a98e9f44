"""The genetic algorithm of the article: breeders and mutations (``breed``, the breeding-pairs
steps in ``orders``), the generations loop (``ga``, compiled in ``fastga``) and the article's
observations on its runs (``observe``)."""
