"""The advisor: deals sampled from one seat's view (``sampler``), played out (``rollout``), compared (``advise``)."""
