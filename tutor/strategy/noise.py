"""How sure a sampled figure is: the quantiles every room of the strategy uses for its intervals.

>>> round(Z95, 2)
1.96
"""

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
