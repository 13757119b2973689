"""Dwar7s Spring: components, map geometry and (later) the rules engine."""
