// An empty Swift program: the baseline for notifc's start-up time in the benchmark.
