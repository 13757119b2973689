"""Playing and studying games at scale: tournaments, mass simulation, statistics and reports.

Only the core protocol and agent specs are used, so every registered game works.
"""
